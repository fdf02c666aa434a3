/**
 * The blackout endpoints as one sub-app (seed §4, API.md §3): GET /v1/blackouts with every
 * filter, GET /v1/blackouts/{id}, DELETE /v1/blackouts/{id}, and the extensions POST (201) and
 * PUT (200, partial). Publishable tokens may read (the widget greys out blacked-out days);
 * every write needs a secret token. The rules of the writes are in `writes.ts`.
 * @module
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { jsonResponse } from '../http/errors.ts';
import { NotFoundError } from '../shared/errors.ts';
import { pageHeaders, readPage } from '../http/pagination.ts';
import { pathIdOr404 } from '../http/path-id.ts';
import { QueryReader } from '../http/query.ts';
import { requireSecret } from '../tokens/scopes.ts';
import { cachedBlackoutLists } from './list-cache.ts';
import { type BlackoutFilters, deleteBlackout, findBlackout } from './queries.ts';
import { createBlackout, updateBlackout } from './writes.ts';

/** Reads the list filters; every bad one is named in one 422. */
function readFilters(query: QueryReader, tz: string): BlackoutFilters {
  return {
    // A day means the start of that day in the shop's zone, for both bounds (API.md §3).
    startMin: query.instantOrDay('start_min', tz),
    finishMax: query.instantOrDay('finish_max', tz),
    productId: query.id('product_id'),
    externalProductId: query.id('external_product_id'),
    variantId: query.id('variant_id'),
    externalVariantId: query.id('external_variant_id'),
    locationId: query.id('location_id'),
    vendor: query.string('vendor'),
  };
}

/** The lists this process has built, served while the shop's data has not changed (list-cache.ts). */
const lists = cachedBlackoutLists();

/** GET and POST /v1/blackouts; GET, PUT and DELETE /v1/blackouts/{id}. */
export const blackoutRoutes = new Hono<AppEnv>()
  .get('/v1/blackouts', async (c) => {
    const auth = c.get('auth');
    const query = new QueryReader(c.req.url);
    const page = readPage(query);
    const filters = readFilters(query, auth.tz);
    query.done();
    // The database writes the JSON (queries.ts): the list goes out as it was kept.
    const { body, digest, total } = await lists(c.get('deps').db, auth.shopId, filters, page, c.get('shopVersion'));
    c.set('bodyDigest', digest);
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', ...pageHeaders(c.req.url, page, total) },
    });
  })
  .post('/v1/blackouts', async (c) => {
    const auth = c.get('auth');
    requireSecret(auth, 'create blackouts');
    const { db, clock } = c.get('deps');
    const record = await createBlackout(db, auth, c.get('body'), () => clock.now());
    return jsonResponse(record, 201, { location: `/v1/blackouts/${record.id}` });
  })
  .get('/v1/blackouts/:id', async (c) => {
    const id = pathIdOr404(c.req.param('id'), 'blackout');
    const blackout = await findBlackout(c.get('deps').db, c.get('auth').shopId, id);
    if (!blackout) throw new NotFoundError('blackout', id);
    return jsonResponse(blackout);
  })
  .put('/v1/blackouts/:id', async (c) => {
    const auth = c.get('auth');
    requireSecret(auth, 'change blackouts');
    const id = pathIdOr404(c.req.param('id'), 'blackout');
    const { db, clock } = c.get('deps');
    return jsonResponse(await updateBlackout(db, auth, id, c.get('body'), () => clock.now()));
  })
  .delete('/v1/blackouts/:id', async (c) => {
    const auth = c.get('auth');
    // The scope is checked first: a publishable token learns nothing about which ids exist.
    requireSecret(auth, 'delete blackouts');
    const id = pathIdOr404(c.req.param('id'), 'blackout');
    if (!(await deleteBlackout(c.get('deps').db, auth.shopId, id))) throw new NotFoundError('blackout', id);
    return c.body(null, 204);
  });
