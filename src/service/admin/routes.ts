/**
 * The admin's routes (src/service/admin/README.md): the page at `/admin` (a Vite-built Preact
 * app, when built), and signing in: POST /admin/session with an email address and password,
 * GET /admin/session says who is signed in, DELETE /admin/session signs out, GET
 * /admin/sign-in/{code} redeems the owner's one-time link; GET /admin/sessions lists sessions and
 * DELETE /admin/sessions/{id} ends one. Staff accounts are staff/routes.ts, passkeys
 * staff/passkey-routes.ts, "Forgot password?" reset-routes.ts. The /v1 API then accepts the
 * cookie (tokens/auth-middleware.ts). Every answer here is `no-store` but the hashed assets.
 * @module
 */
import { existsSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { HttpError, jsonResponse } from '../http/errors.ts';
import { jsonBody as bodyOf, pageRoute, recordPath } from '../http/openapi-parts.ts';
import { isSecure, ownOrigin } from '../http/own-origin.ts';
import { featureApp } from '../http/schema-validation.ts';
import type { Buckets } from '../limits/buckets.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { ForbiddenError, NotFoundError } from '../shared/errors.ts';
import { ownerOrNew } from '../staff/queries.ts';
import { SignInBody } from '../staff/schemas.ts';
import { accountOf } from '../staff/sign-in.ts';
import { deadLinkPage, LINK_PAGE_CSP } from './link-page.ts';
import { deleteSessionById, listSessions, shopName } from './queries.ts';
import { signedIn } from './session-middleware.ts';
import { logLinkSignIn, logRefusal } from './sign-in-log.ts';
import {
  clearedCookie,
  closeSession,
  openSession,
  redeemSignInCode,
  sessionAuth,
  sessionCookie,
  sessionIdOf,
} from './sessions.ts';
import { takeSignInAttempt } from './sign-in-limits.ts';

/** The admin page's policy: everything from the service itself, nothing inline, no framing. */
const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What the admin's sign-in is limited by: the app's shared buckets and its clock (ms). */
export interface SignInLimits {
  buckets: Buckets;
  now: () => number;
}

/**
 * A sign-in from another site would sign the merchant in as someone else. Like every write with
 * the cookie, it comes from the page itself only: the Origin must be present and this service's
 * (checked first: 403), and the body JSON (415 else; a form can send neither).
 */
export const fromOwnPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('origin') !== ownOrigin(c)) throw new ForbiddenError('Sign in from the admin page itself.');
  await next();
};

const signIn = pageRoute({
  method: 'post',
  path: '/admin/session',
  middleware: [fromOwnPage, jsonBody()] as const,
  request: { body: bodyOf(SignInBody) },
});

const endSession = pageRoute({
  method: 'delete',
  path: '/admin/sessions/{id}',
  middleware: [signedIn] as const,
  request: { params: recordPath('session') },
});

/**
 * The admin's routes; `adminDir` is the built page's folder (`dist/admin`), if any. Bodies are
 * checked at the route by their schemas (the same 422 as /v1); the routes are hidden from the
 * public API document.
 */
export function adminRoutes(limits: SignInLimits, adminDir?: string): Hono<AppEnv> {
  // The parent app is strict: false: /admin and /admin/ are one page.
  const app = featureApp();
  app.use('/admin/*', async (c, next) => {
    await next();
    c.res.headers.set('x-frame-options', 'DENY');
    c.res.headers.set('referrer-policy', 'same-origin');
    c.res.headers.set('x-content-type-options', 'nosniff');
  });

  app.openapi(signIn, async (c) => {
    const { db, clock } = c.get('deps');
    const { email, password } = c.req.valid('json');
    const where = { method: 'POST', path: '/admin/session' };
    const wait = await takeSignInAttempt(limits.buckets, limits.now(), email, c.get('client'));
    if (wait) {
      await logRefusal(db, email, 'limited', where, sqlNowOf(clock));
      throw new HttpError('rate_limited', wait.message, { headers: { 'retry-after': String(wait.seconds) } });
    }
    const account = await accountOf(db, email, password);
    if (!account) {
      await logRefusal(db, email, 'password', where, sqlNowOf(clock));
      throw new HttpError('unauthorized', 'That email address and password do not match an account.', {
        details: { fields: { password: ['does not match this email address'] } },
      });
    }
    const id = await openSession(db, account.id, c.req.header('user-agent') ?? '', sqlNowOf(clock));
    c.set('auth', (await sessionAuth(db, id, sqlNowOf(clock)))!);
    return c.body(null, 204, { 'set-cookie': sessionCookie(id, isSecure(c)) });
  });

  app.get('/admin/session', async (c) => {
    const { db, clock } = c.get('deps');
    const id = sessionIdOf(c.req.header('cookie'));
    const auth = id === undefined ? undefined : await sessionAuth(db, id, sqlNowOf(clock));
    if (!auth?.staff) throw new HttpError('unauthorized', 'Not signed in.');
    const { id: staffId, name, email, role } = auth.staff;
    return jsonResponse({
      shop: { name: await shopName(db, auth.shopId), tz: auth.tz, locale: auth.locale },
      base_url: ownOrigin(c),
      staff: { id: staffId, name, email, role },
    });
  });

  app.delete('/admin/session', async (c) => {
    const { db, clock } = c.get('deps');
    if (c.req.header('origin') !== ownOrigin(c)) throw new ForbiddenError('Sign out from the admin page itself.');
    const id = sessionIdOf(c.req.header('cookie'));
    const auth = id === undefined ? undefined : await sessionAuth(db, id, sqlNowOf(clock));
    if (auth) c.set('auth', auth);
    if (id !== undefined) await closeSession(db, id, sqlNowOf(clock));
    return c.body(null, 204, { 'set-cookie': clearedCookie(isSecure(c)) });
  });

  // The owner's one-time link (npm start, --create-shop): signs in as the shop's first owner,
  // made on first use, who then sets a password or passkey under Staff, "Your account".
  app.get('/admin/sign-in/:code', async (c) => {
    const { db, clock } = c.get('deps');
    const shopId = await redeemSignInCode(db, c.req.param('code'), sqlNowOf(clock));
    if (shopId === undefined) return c.html(deadLinkPage('sign-in'), 410, { 'content-security-policy': LINK_PAGE_CSP });
    const ownerId = await ownerOrNew(db, shopId);
    const id = await openSession(db, ownerId, c.req.header('user-agent') ?? '', sqlNowOf(clock));
    const auth = (await sessionAuth(db, id, sqlNowOf(clock)))!;
    c.set('auth', auth);
    await logLinkSignIn(db, { shopId, staffId: ownerId, name: auth.staff?.name ?? '' }, sqlNowOf(clock));
    const account = screenOfNewOwner(auth.staff?.email);
    return c.body(null, 303, { location: `/admin/${account}`, 'set-cookie': sessionCookie(id, isSecure(c)) });
  });

  // Sessions: everyone sees and ends their own; the owner sees and ends everyone's.
  app.get('/admin/sessions', signedIn, async (c) => {
    const { db, clock } = c.get('deps');
    const auth = c.get('auth');
    const me = auth.staff!;
    const rows = await listSessions(db, auth.shopId, me.role === 'owner' ? null : me.id, sqlNowOf(clock));
    return jsonResponse(rows.map((row) => ({ ...row, current: row.id === me.sessionId })));
  });
  app.openapi(endSession, async (c) => {
    const { db } = c.get('deps');
    const auth = c.get('auth');
    const me = auth.staff!;
    const { id } = c.req.valid('param');
    if (!(await deleteSessionById(db, auth.shopId, id, me.role === 'owner' ? null : me.id)))
      throw new NotFoundError('session', id);
    const ended = id === me.sessionId;
    return c.body(null, 204, ended ? { 'set-cookie': clearedCookie(isSecure(c)) } : {});
  });

  if (adminDir && existsSync(`${adminDir}/index.html`)) {
    const page = serveStatic({ path: `${adminDir}/index.html` });
    // The app is created with strict: false, so this answers /admin too; the page's asset
    // paths are absolute (/admin/assets/…), so both addresses work.
    app.get(
      '/admin',
      async (c, next) => {
        await next();
        c.res.headers.set('content-security-policy', ADMIN_CSP);
      },
      page,
    );
    app.get(
      '/admin/assets/*',
      async (c, next) => {
        await next();
        if (c.res.status === 200) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
      },
      serveStatic({ root: adminDir, rewriteRequestPath: (p) => p.replace(/^\/admin/, '') }),
    );
  } else {
    app.get('/admin', (c) => c.text('The admin is not built yet: run `npm run build`.\n', 404));
  }
  return app;
}

/** Where the owner's link leads: their account's part of Staff until they have an address (then a password) to sign in with. */
function screenOfNewOwner(email: string | null | undefined): string {
  return email ? '' : '#/staff';
}
