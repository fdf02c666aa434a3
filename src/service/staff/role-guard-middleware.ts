/**
 * What the `staff` role may not do through /v1 with an admin session: manage tokens (every
 * method of /v1/tokens) or change the shop's Shopify settings (`shopify` in PUT /v1/shop).
 * 403 before the route runs; the owner and secret tokens pass. Staff management itself is under
 * /admin/staff (staff/routes.ts), where the rules ask for the owner.
 * @module
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { ForbiddenError } from '../shared/errors.ts';

/** Refuses a `staff` session the owner's parts of the API; runs after authentication and the JSON body. */
export function ownerOnlyParts(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const staff = c.get('auth')?.staff;
    if (staff?.role === 'staff') {
      const path = new URL(c.req.url).pathname.replace(/\/+$/, '');
      if (path === '/v1/tokens' || path.startsWith('/v1/tokens/'))
        throw new ForbiddenError("Only the shop's owner can manage tokens.");
      const body = c.get('body') as { shopify?: unknown } | undefined;
      if (path === '/v1/shop' && c.req.method !== 'GET' && body && typeof body === 'object' && 'shopify' in body)
        throw new ForbiddenError("Only the shop's owner can change the Shopify settings.");
    }
    await next();
  };
}
