/**
 * GET and PUT /v1/shop (issue 18; secret tokens and admin sessions only): the caller's shop,
 * its name, zone, locale and Shopify settings. The rules are in `settings.ts`.
 * @module
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { jsonResponse } from '../http/errors.ts';
import { QueryReader } from '../http/query.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { requireSecret } from '../tokens/scopes.ts';
import { readShopInput } from './input.ts';
import { changeShop, readShop } from './settings.ts';

/** The shop endpoints. */
export const shopRoutes = new Hono<AppEnv>()
  .get('/v1/shop', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, "read the shop's settings");
    new QueryReader(c.req.url).done();
    return jsonResponse(await readShop(deps.db, auth, sqlNowOf(deps.clock)));
  })
  .put('/v1/shop', async (c) => {
    const { auth, deps, body } = c.var;
    requireSecret(auth, "change the shop's settings");
    return jsonResponse(await changeShop(deps.db, auth, readShopInput(body), sqlNowOf(deps.clock)));
  });
