/**
 * Bearer authentication and the browser rules of API.md §6: who may call, from which origin,
 * and with the token in which place. Sets `auth` and the CORS headers every answer carries, and
 * `shopVersion` when the token's verification read it.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../db/types.ts';
import { type TokenVerifier, verifyTokenWithVersion } from './tokens.ts';
import { HttpError } from '../http/errors.ts';
import { ForbiddenError, OriginNotAllowedError } from '../shared/errors.ts';
import type { AppEnv } from '../http/env.ts';
import { corsHeadersFor } from './cors-middleware.ts';
import { ownOrigin } from '../http/own-origin.ts';
import type { AuthContext } from './types.ts';
import type { Context } from 'hono';

/**
 * The ways a request may stand for a token without carrying one, each owned by its feature and
 * passed in by the app (app.ts), so this module imports neither: a request Shopify's app proxy
 * signed (shopify/proxied-auth.ts) and the admin's session cookie (admin/session-middleware.ts).
 */
export interface AuthStrategies {
  /** The context of a request the app proxy verified, tried first. */
  proxied?(request: Request): AuthContext | undefined;
  /** The context of the request's admin session, tried when no token is sent. */
  session?(c: Context<AppEnv>): Promise<AuthContext | undefined>;
}

const BEARER = /^Bearer +([^\s]+) *$/i;
const TOKEN_SHAPE = /^[A-Za-z0-9_\-.~+/=]{1,256}$/;

function unauthorized(message: string, error?: string): HttpError {
  const challenge = error ? `Bearer realm="booking", error="${error}"` : 'Bearer realm="booking"';
  return new HttpError('unauthorized', message, { headers: { 'www-authenticate': challenge } });
}

/**
 * Authenticates every `/v1` request; see API.md §6 for the rules enforced here. `verify` finds
 * the token's context (the app passes a cached one: `cachedTokens` in tokens.ts).
 */
export function authenticate(
  db: Database,
  verify: TokenVerifier = verifyTokenWithVersion,
  strategies: AuthStrategies = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // A request Shopify's app proxy signed (shopify/proxy/routes.ts): the shop's publishable scopes.
    const proxied = strategies.proxied?.(c.req.raw);
    if (proxied) {
      c.set('auth', proxied);
      return next();
    }
    const header = c.req.header('authorization');
    const url = new URL(c.req.url);
    const inQuery = url.searchParams.getAll('token');
    if (inQuery.length > 1) throw new HttpError('bad_request', 'The token query parameter must be given once.');
    let token: string | undefined;
    if (header !== undefined) {
      const m = BEARER.exec(header);
      if (!m) throw new HttpError('bad_request', 'The Authorization header must be "Bearer <token>".');
      token = m[1];
    } else {
      token = inQuery[0];
    }
    if (!token) {
      // The admin's pages send no token: their session cookie stands for a secret token.
      const session = await strategies.session?.(c);
      if (session) {
        c.set('auth', session);
        return next();
      }
      throw unauthorized('A token is required: send "Authorization: Bearer <token>".');
    }
    if (!TOKEN_SHAPE.test(token)) throw unauthorized('The token is not valid.', 'invalid_token');
    const verified = await verify(db, token);
    if (!verified) throw unauthorized('The token is not valid.', 'invalid_token');
    const { auth } = verified;

    const origin = c.req.header('origin');
    if (auth.kind === 'secret') {
      if (header === undefined)
        throw new ForbiddenError(
          'A secret token must never be sent in a URL; rotate it and send it in the Authorization header.',
        );
      if (origin !== undefined)
        throw new ForbiddenError(
          'A secret token was sent from a browser page; rotate it and use a publishable token there.',
        );
    } else if (origin !== undefined && origin !== url.origin && origin !== ownOrigin(c)) {
      // A page of this service's own origin (the demo storefront, the admin's preview) is
      // same-origin: no list needs to name it, whatever port the service was started on.
      if (!auth.origins.includes(origin)) throw new OriginNotAllowedError(origin);
      c.set('cors', corsHeadersFor(origin));
    }
    c.set('auth', auth);
    // Read after this request arrived: the blackout list need not read it again (list-cache.ts).
    c.set('shopVersion', verified.version);
    await next();
  };
}
