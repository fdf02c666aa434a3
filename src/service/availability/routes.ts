/**
 * GET /v1/availability (an extension, API.md §3): one entry per day of a variant's calendar,
 * judged by the same engine as every write, so a day the widget shows as free can be held.
 * Any token may read it. With `cart_token`, that cart's own unexpired holds do not count, so the
 * numbers match the `quantity_available` of the cart's reservation items.
 * @module
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { jsonResponse } from '../http/errors.ts';
import { QueryReader } from '../http/query.ts';
import { diffDays } from '../../shared/plain-date.ts';
import { readDays } from './days.ts';
import { databaseNow } from '../db/now.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { requireSecret } from '../tokens/scopes.ts';
import { occupancy } from './occupancy-queries.ts';

/** The longest period one request may ask for, in days. */
const MAX_DAYS = 366;

/** The longest period one occupancy request may ask for, in days. */
const MAX_OCCUPANCY_DAYS = 92;

/** GET /v1/availability; GET /v1/occupancy (the merchant's view, secret tokens only). */
export const availabilityRoutes = new Hono<AppEnv>()
  .get('/v1/occupancy', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'read occupancy');
    const query = new QueryReader(c.req.url);
    const start = query.date('start');
    const finish = query.date('finish');
    const externalVariantId = query.id('external_variant_id');
    for (const name of ['start', 'finish']) if (!query.has(name)) query.errors.add(name, 'is required');
    if (start && finish && diffDays(start, finish) < 1)
      query.errors.add('finish', 'must be after start (it is the first day not listed)');
    if (start && finish && diffDays(start, finish) > MAX_OCCUPANCY_DAYS)
      query.errors.add('finish', `must be at most ${MAX_OCCUPANCY_DAYS} days after start`);
    query.done();
    const now = await databaseNow(deps.db, sqlNowOf(deps.clock));
    return jsonResponse(
      await occupancy(deps.db, auth.shopId, { start: start!, finish: finish!, externalVariantId }, now),
    );
  })
  .get('/v1/availability', async (c) => {
    const { auth, deps } = c.var;
    const query = new QueryReader(c.req.url);
    const externalVariantId = query.id('external_variant_id');
    const start = query.date('start');
    const finish = query.date('finish');
    const cartToken = query.string('cart_token', 255);
    for (const name of ['external_variant_id', 'start', 'finish']) {
      if (!query.has(name)) query.errors.add(name, 'is required');
    }
    if (start && finish && diffDays(start, finish) < 1)
      query.errors.add('finish', 'must be after start (it is the first day not listed)');
    if (start && finish && diffDays(start, finish) > MAX_DAYS)
      query.errors.add('finish', `must be at most ${MAX_DAYS} days after start`);
    query.done();
    const days = await readDays(deps.db, auth, {
      externalVariantId: externalVariantId!,
      start: start!,
      finish: finish!,
      cartToken,
      now: await databaseNow(deps.db, sqlNowOf(deps.clock)), // live holds by the database's clock, as they were stamped
    });
    return jsonResponse(days);
  });
