/**
 * The admin's session cookie as a way to authenticate `/v1` requests (the app passes it to
 * `authenticate`, tokens/auth-middleware.ts) and the admin's own endpoints (`signedIn`): the
 * session stands for a member of staff, with a secret token's scopes less what their role
 * forbids (staff/role-guard-middleware.ts).
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { HttpError } from '../http/errors.ts';
import { ownOrigin } from '../http/own-origin.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { ForbiddenError } from '../shared/errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import { sessionAuth, sessionIdOf } from './sessions.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The admin session of the request's cookie, as a secret token's context with its member of
 * staff, or undefined when there is none. Cross-site use is refused (403): SameSite=Strict keeps
 * browsers from sending the cookie from other sites, and besides, a write must carry an `Origin`
 * equal to the service's own, and a read may carry no other.
 */
export async function sessionFromCookie(c: Context<AppEnv>): Promise<AuthContext | undefined> {
  const { db, clock } = c.get('deps');
  const id = sessionIdOf(c.req.header('cookie'));
  if (id === undefined) return undefined;
  const auth = await sessionAuth(db, id, sqlNowOf(clock));
  if (!auth) return undefined;
  const origin = c.req.header('origin');
  // Behind a TLS proxy the request's URL is http:; the page's origin is PUBLIC_URL's.
  const own = ownOrigin(c);
  if (!SAFE_METHODS.has(c.req.method) && origin !== own)
    throw new ForbiddenError(
      'An admin session may change data only from the admin page itself (the Origin header must be this service).',
    );
  if (origin !== undefined && origin !== own)
    throw new ForbiddenError(`An admin session cannot be used from the origin ${origin}.`);
  return auth;
}

/** The admin's own endpoints: a session is required (401), with the same Origin rules; sets `auth`. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = await sessionFromCookie(c);
  if (!auth) throw new HttpError('unauthorized', 'Not signed in.');
  c.set('auth', auth);
  await next();
};
