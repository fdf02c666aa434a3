/**
 * The admin's routes (src/service/admin/README.md): the page at `/admin` (a Vite-built Preact
 * app, when built), and its sign-in: POST /admin/session exchanges a secret token for the
 * session cookie, GET /admin/session says who is signed in, DELETE /admin/session signs out,
 * GET /admin/sign-in/{code} redeems a one-time link. The /v1 API then accepts the cookie
 * (tokens/auth-middleware.ts). Every answer here is `no-store` but the hashed assets.
 * @module
 */
import { existsSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { HttpError, jsonResponse } from '../http/errors.ts';
import { isSecure, ownOrigin } from '../http/own-origin.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { ForbiddenError } from '../shared/errors.ts';
import { verifyToken } from '../tokens/tokens.ts';
import { shopName } from './queries.ts';
import {
  clearedCookie,
  closeSession,
  openSession,
  redeemSignInCode,
  sessionAuth,
  sessionCookie,
  sessionIdOf,
} from './sessions.ts';

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

/** The admin's routes; `adminDir` is the built page's folder (`dist/admin`), if any. */
export function adminRoutes(adminDir?: string): Hono<AppEnv> {
  // strict: false as the parent app: /admin and /admin/ are one page.
  const app = new Hono<AppEnv>({ strict: false });
  app.use('/admin/*', async (c, next) => {
    await next();
    c.res.headers.set('x-frame-options', 'DENY');
    c.res.headers.set('referrer-policy', 'same-origin');
    c.res.headers.set('x-content-type-options', 'nosniff');
  });

  // A sign-in from another site would sign the merchant in as someone else. Like every write
  // with the cookie, it comes from the page itself only: the Origin must be present and this
  // service's (checked first: 403), and the body JSON (415 else; a form can send neither).
  const fromOwnPage: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.header('origin') !== ownOrigin(c)) throw new ForbiddenError('Sign in from the admin page itself.');
    await next();
  };
  app.post('/admin/session', fromOwnPage, jsonBody(), async (c) => {
    const { db, clock } = c.get('deps');
    const body = c.get('body') as { token?: unknown } | undefined;
    const token = typeof body?.token === 'string' ? body.token.trim() : '';
    if (!token)
      throw new HttpError('validation_failed', 'token is required.', {
        details: { fields: { token: ['is required'] } },
      });
    const auth = token.length <= 256 ? await verifyToken(db, token) : undefined;
    if (!auth)
      throw new HttpError('unauthorized', 'The token is not valid.', {
        details: { fields: { token: ['is not a token of any shop'] } },
      });
    if (auth.kind !== 'secret')
      throw new HttpError(
        'forbidden',
        'Sign in with a secret token (sk_…); a publishable token cannot change a shop.',
        { details: { fields: { token: ['must be a secret token (sk_…)'] } } },
      );
    const id = await openSession(db, auth.tokenId, sqlNowOf(clock));
    return c.body(null, 204, { 'set-cookie': sessionCookie(id, isSecure(c)) });
  });

  app.get('/admin/session', async (c) => {
    const { db, clock } = c.get('deps');
    const id = sessionIdOf(c.req.header('cookie'));
    const auth = id === undefined ? undefined : await sessionAuth(db, id, sqlNowOf(clock));
    if (!auth) throw new HttpError('unauthorized', 'Not signed in.');
    return jsonResponse({
      shop: { name: await shopName(db, auth.shopId), tz: auth.tz, locale: auth.locale },
      base_url: ownOrigin(c),
    });
  });

  app.delete('/admin/session', async (c) => {
    const { db, clock } = c.get('deps');
    const origin = c.req.header('origin');
    if (origin !== ownOrigin(c)) throw new ForbiddenError('Sign out from the admin page itself.');
    const id = sessionIdOf(c.req.header('cookie'));
    if (id !== undefined) await closeSession(db, id, sqlNowOf(clock));
    return c.body(null, 204, { 'set-cookie': clearedCookie(isSecure(c)) });
  });

  app.get('/admin/sign-in/:code', async (c) => {
    const { db, clock } = c.get('deps');
    const tokenId = await redeemSignInCode(db, c.req.param('code'), sqlNowOf(clock));
    if (tokenId === undefined) {
      return c.html(
        '<!doctype html><title>Link used or expired</title><p>This sign-in link was used already or has expired. <a href="/admin/">Sign in with a secret token</a>.</p>',
        410,
      );
    }
    const id = await openSession(db, tokenId, sqlNowOf(clock));
    return c.body(null, 303, { location: '/admin/', 'set-cookie': sessionCookie(id, isSecure(c)) });
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
