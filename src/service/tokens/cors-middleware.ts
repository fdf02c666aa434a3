/**
 * CORS for storefront pages (API.md §6): only origins that some publishable token lists get
 * access; preflights are answered here, before authentication (browsers send no token in them).
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import type { Database } from '../db/types.ts';
import type { OriginCheck } from './origins.ts';
import { isKnownOrigin } from './queries.ts';
import { type AllowedMethods, noEndpoint } from '../http/endpoints.ts';
import { HttpError } from '../http/errors.ts';

/** The headers a response to an allowed `origin` carries. */
export function corsHeadersFor(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-expose-headers': 'Date, Link, X-Total-Count, Retry-After',
    vary: 'Origin',
  };
}

/**
 * Answers OPTIONS: a CORS preflight from a known origin, or a plain OPTIONS with `Allow`, the
 * methods coming from `allowed` (the registered routes). `known` says which origins are allowed
 * (the app passes `cachedOrigins`: no database work per preflight).
 */
export function preflight(
  db: Database,
  allowed: AllowedMethods,
  known: OriginCheck = isKnownOrigin,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'OPTIONS') return next();
    const pathname = new URL(c.req.url).pathname;
    const allow = allowed(pathname);
    if (!allow) throw noEndpoint(pathname);
    const origin = c.req.header('origin');
    const headers: Record<string, string> = { allow: [...allow, 'OPTIONS'].join(', ') };
    if (origin !== undefined && c.req.header('access-control-request-method')) {
      if (!(await known(db, origin)))
        throw new HttpError('forbidden', `The origin ${origin} is not allowed by any publishable token.`);
      Object.assign(headers, corsHeadersFor(origin), {
        'access-control-allow-methods': [...allow, 'OPTIONS'].join(', '),
        'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key',
        'access-control-max-age': '7200',
      });
    }
    return c.body(null, 204, headers);
  };
}
