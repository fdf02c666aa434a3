/**
 * The customer's manage page (issue 31 point 4): GET /manage/<token> shows the booking, GET
 * /manage/<token>/cancel asks to confirm, POST /manage/<token>/cancel cancels it through the
 * bookings feature's `cancelBooking` (its units free at once, the outbox trigger writes the
 * notices) and records it in the audit log as the customer's. No script: plain forms. The POST
 * is safe from other sites: the secret token is in its path (another site cannot know it), and
 * an `Origin` or `Sec-Fetch-Site` that names another site is refused. A link that is not ours,
 * altered or expired gets a page saying so and changes nothing.
 * @module
 */
import { Hono, type Context } from 'hono';
import { recordChange } from '../audit/queries.ts';
import { cancelBooking } from '../bookings/manage.ts';
import type { AppEnv } from '../http/env.ts';
import { ownOrigin } from '../http/own-origin.ts';
import { messageLanguage } from '../messages/strings.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { ConflictError } from '../shared/errors.ts';
import { verifyManageToken, type ManageClaim } from './link.ts';
import { bookingPage, linkProblemPage, MANAGE_PAGE_CSP, type ManageLanguage, type ManageView } from './page.tsx';
import { findManagedBooking, type ManagedBooking } from './queries.ts';
import { MANAGE_LOCALES } from './strings.ts';

/** Who the audit log says cancelled. */
export const MANAGE_LINK_ACTOR = 'The customer (manage link)';

const HEADERS = {
  'content-security-policy': MANAGE_PAGE_CSP,
  'x-robots-tag': 'noindex',
  'referrer-policy': 'same-origin',
};

/** The first of the six languages the browser asks for, else English. */
function browserLanguage(c: Context<AppEnv>): ManageLanguage {
  for (const part of (c.req.header('accept-language') ?? '').split(',')) {
    const language = part.trim().split(/[-_;]/)[0]?.toLowerCase() ?? '';
    if (language in MANAGE_LOCALES) return language as ManageLanguage;
  }
  return 'en';
}

type Opened =
  | { ok: true; claim: ManageClaim; booking: ManagedBooking; language: ManageLanguage; path: string }
  | { ok: false; response: Response };

/** The booking the link names, or the page to answer instead (invalid or expired link). */
async function open(c: Context<AppEnv>): Promise<Opened> {
  const { db, clock, manageSecret } = c.get('deps');
  const token = c.req.param('token') ?? '';
  const claim = verifyManageToken(token, await manageSecret());
  const booking =
    claim && (await findManagedBooking(db, claim.shopId, claim.bookingId, claim.expiresAt, sqlNowOf(clock)));
  if (!claim || !booking)
    return { ok: false, response: c.html(linkProblemPage('invalid', browserLanguage(c)), 404, HEADERS) };
  const language = messageLanguage(booking.shop.locale);
  if (!booking.linkValid) return { ok: false, response: c.html(linkProblemPage('expired', language), 410, HEADERS) };
  return { ok: true, claim, booking, language, path: `/manage/${token}` };
}

async function show(c: Context<AppEnv>, view: ManageView): Promise<Response> {
  const opened = await open(c);
  if (!opened.ok) return opened.response;
  return c.html(bookingPage(opened.booking, opened.language, opened.path, view), 200, HEADERS);
}

/** Whether the POST came from another site (a browser says so in `Origin` or `Sec-Fetch-Site`). */
function crossSite(c: Context<AppEnv>): boolean {
  const origin = c.req.header('origin');
  if (origin && origin !== ownOrigin(c)) return true;
  const site = c.req.header('sec-fetch-site');
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/** GET /manage/{token}, GET and POST /manage/{token}/cancel. */
export const manageRoutes = new Hono<AppEnv>({ strict: false })
  .get('/manage/:token', (c) => show(c, 'booking'))
  .get('/manage/:token/cancel', (c) => show(c, 'confirm'))
  .post('/manage/:token/cancel', async (c) => {
    if (crossSite(c)) return c.html(linkProblemPage('invalid', browserLanguage(c)), 403, HEADERS);
    const opened = await open(c);
    if (!opened.ok) return opened.response;
    const { db, clock } = c.get('deps');
    const { booking, claim } = opened;
    if (booking.status === 'cancelled' || !booking.cancellable || booking.shop.cutoffHours === null)
      return c.html(bookingPage(booking, opened.language, opened.path, 'booking'), 409, HEADERS);
    const auth = { shopId: claim.shopId, tz: booking.shop.tz };
    try {
      await cancelBooking(db, auth, booking.id, { cutoffHours: booking.shop.cutoffHours, sqlNow: sqlNowOf(clock) });
    } catch (error) {
      // The cut-off passed between the page and the POST: nothing was changed.
      if (!(error instanceof ConflictError)) throw error;
      const now = await findManagedBooking(db, claim.shopId, claim.bookingId, claim.expiresAt, sqlNowOf(clock));
      return c.html(bookingPage(now ?? booking, opened.language, opened.path, 'booking'), 409, HEADERS);
    }
    await recordChange(
      db,
      {
        shopId: claim.shopId,
        actorKind: 'customer',
        staffId: null,
        actor: MANAGE_LINK_ACTOR,
        tokenId: null,
        action: `cancelled booking ${booking.id}`,
        targetId: String(booking.id),
        method: 'POST',
        // Never the token: it is the customer's key to the booking.
        path: '/manage/{token}/cancel',
      },
      sqlNowOf(clock),
    );
    return c.html(
      bookingPage({ ...booking, status: 'cancelled', cancellable: false }, opened.language, opened.path, 'cancelled'),
      200,
      HEADERS,
    );
  });
