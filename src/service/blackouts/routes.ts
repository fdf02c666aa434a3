/**
 * Reading and deleting blackouts (seed §4, API.md §3): GET /v1/blackouts with every filter,
 * GET /v1/blackouts/{id}, DELETE /v1/blackouts/{id}. Publishable tokens may read (the widget
 * greys out blacked-out days); deleting needs a secret token.
 * @module
 */
import type { App } from '../app.ts';
import { jsonResponse } from '../http/errors.ts';
import { NotFoundError } from '../shared/errors.ts';
import { pageHeaders, readPage } from '../http/pagination.ts';
import { pathIdOr404 } from '../http/path-id.ts';
import { QueryReader } from '../http/query.ts';
import { requireSecret } from '../tokens/scopes.ts';
import { type BlackoutFilters, deleteBlackout, findBlackout, listBlackouts } from './queries.ts';

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

/** Registers GET /v1/blackouts, GET and DELETE /v1/blackouts/{id}. */
export function blackoutRoutes(app: App): void {
  app.get('/v1/blackouts', async (c) => {
    const auth = c.get('auth');
    const query = new QueryReader(c.req.url);
    const page = readPage(query);
    const filters = readFilters(query, auth.tz);
    query.done();
    const { records, total } = await listBlackouts(c.get('deps').db, auth.shopId, filters, page);
    return jsonResponse(records, 200, pageHeaders(c.req.url, page, total));
  });

  app.get('/v1/blackouts/:id', async (c) => {
    const id = pathIdOr404(c.req.param('id'), 'blackout');
    const blackout = await findBlackout(c.get('deps').db, c.get('auth').shopId, id);
    if (!blackout) throw new NotFoundError('blackout', id);
    return jsonResponse(blackout);
  });

  app.delete('/v1/blackouts/:id', async (c) => {
    const auth = c.get('auth');
    // The scope is checked first: a publishable token learns nothing about which ids exist.
    requireSecret(auth, 'delete blackouts');
    const id = pathIdOr404(c.req.param('id'), 'blackout');
    if (!(await deleteBlackout(c.get('deps').db, auth.shopId, id))) throw new NotFoundError('blackout', id);
    return c.body(null, 204);
  });
}
