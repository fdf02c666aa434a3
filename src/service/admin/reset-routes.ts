/**
 * "Forgot password?" (src/service/admin/README.md): POST /admin/password-reset asks for a link by
 * email address (202, the same answer whether an account has the address or not; limited like
 * sign-in), POST /admin/new-password sets the new password with the link's token, ends the
 * person's other sessions and signs them in (204 with the cookie; 410 for a link used or lapsed).
 * Both come from the admin page itself; their bodies are checked at the route, hidden from the
 * public API document.
 * @module
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { HttpError, jsonResponse } from '../http/errors.ts';
import { jsonBody as bodyOf, pageRoute } from '../http/openapi-parts.ts';
import { isSecure, ownOrigin } from '../http/own-origin.ts';
import { featureApp } from '../http/schema-validation.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { NewPasswordBody, ResetRequestBody } from '../staff/schemas.ts';
import { resetTokenFor, useResetToken } from './password-reset.ts';
import { deleteStaffSessions, shopName } from './queries.ts';
import type { ResetMailer } from './reset-mail.ts';
import { fromOwnPage, type SignInLimits } from './routes.ts';
import { openSession, sessionAuth, sessionCookie } from './sessions.ts';
import { takeSignInAttempt } from './sign-in-limits.ts';

/** The answer to every request for a link, whether an account has the address or not. */
export const RESET_ANSWER =
  'If an account has this email address, a link to choose a new password is on its way to it. The link works once, for 30 minutes.';

const ask = pageRoute({
  method: 'post',
  path: '/admin/password-reset',
  middleware: [fromOwnPage, jsonBody()] as const,
  request: { body: bodyOf(ResetRequestBody) },
});

const choose = pageRoute({
  method: 'post',
  path: '/admin/new-password',
  middleware: [fromOwnPage, jsonBody()] as const,
  request: { body: bodyOf(NewPasswordBody) },
});

/** 410: the link was used, lapsed, or is not one of ours. */
const gone = () =>
  jsonResponse(
    {
      error: 'gone',
      message:
        'This link has been used or has expired (a link works once, for 30 minutes): ask for a new one with "Forgot password?" on the sign-in page.',
    },
    410,
  );

/** The routes; `mailer` sends (or prints) each link, `logError` hears of one that could not be sent. */
export function resetRoutes(
  limits: SignInLimits,
  mailer: ResetMailer,
  logError: (error: unknown) => void,
): Hono<AppEnv> {
  return featureApp()
    .openapi(ask, async (c) => {
      const { db, clock, manageSecret } = c.get('deps');
      const { email } = c.req.valid('json');
      const wait = await takeSignInAttempt(limits.buckets, limits.now(), email, c.get('client'), 'reset');
      if (wait) throw new HttpError('rate_limited', wait.message, { headers: { 'retry-after': String(wait.seconds) } });
      const found = await resetTokenFor(db, email, await manageSecret(), sqlNowOf(clock));
      if (found?.account.email) {
        const { account, token } = found;
        const link = `${ownOrigin(c)}/admin/#/reset/${token}`;
        // Sent after the answer, so the answer takes as long when no account has the address.
        void (async () => {
          const shop = (await shopName(db, account.shop_id)) ?? '';
          await mailer({ to: account.email!, name: account.name, shop, link });
        })().catch(logError);
      }
      return jsonResponse({ message: RESET_ANSWER }, 202);
    })
    .openapi(choose, async (c) => {
      const { db, clock, manageSecret } = c.get('deps');
      const { token, password } = c.req.valid('json');
      const account = await useResetToken(db, token, password, await manageSecret(), sqlNowOf(clock));
      if (!account) return gone();
      // Whoever may have been signed in as this person is not any more.
      await deleteStaffSessions(db, account.id, null);
      const id = await openSession(db, account.id, c.req.header('user-agent') ?? '', sqlNowOf(clock));
      c.set('auth', (await sessionAuth(db, id, sqlNowOf(clock)))!);
      return c.body(null, 204, { 'set-cookie': sessionCookie(id, isSecure(c)) });
    });
}
