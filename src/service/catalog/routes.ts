/**
 * The catalogue endpoints (an extension, secret tokens only): products with their variants,
 * and variants by id. The rules are in `catalog.ts`.
 * @module
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { jsonResponse } from '../http/errors.ts';
import { pageHeaders, readPage } from '../http/pagination.ts';
import { pathIdOr404 } from '../http/path-id.ts';
import { QueryReader } from '../http/query.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { NotFoundError } from '../shared/errors.ts';
import { requireSecret } from '../tokens/scopes.ts';
import { changeProduct, changeVariant, createProduct, createVariant, removeProduct, removeVariant } from './catalog.ts';
import { readProductInput, readVariantInput } from './input.ts';
import { findProduct, findVariant, listProducts } from './queries.ts';

/** GET and POST /v1/products; GET, PUT, DELETE /v1/products/{id}; POST /v1/products/{id}/variants; GET, PUT, DELETE /v1/variants/{id}. */
export const catalogRoutes = new Hono<AppEnv>()
  .get('/v1/products', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'list products');
    const query = new QueryReader(c.req.url);
    const page = readPage(query);
    const externalId = query.id('external_id');
    const q = query.string('q', 100);
    query.done();
    const { records, total } = await listProducts(deps.db, auth.shopId, { externalId, q }, page);
    return jsonResponse(records, 200, pageHeaders(c.req.url, page, total));
  })
  .post('/v1/products', async (c) => {
    const { auth, deps, body } = c.var;
    requireSecret(auth, 'create products');
    const record = await createProduct(deps.db, auth, readProductInput(body, 'create'));
    return jsonResponse(record, 201, { location: `/v1/products/${record.id}` });
  })
  .get('/v1/products/:id', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'read products');
    const id = pathIdOr404(c.req.param('id'), 'product');
    const record = await findProduct(deps.db, auth.shopId, id);
    if (!record) throw new NotFoundError('product', id);
    return jsonResponse(record);
  })
  .put('/v1/products/:id', async (c) => {
    const { auth, deps, body } = c.var;
    requireSecret(auth, 'change products');
    const id = pathIdOr404(c.req.param('id'), 'product');
    return jsonResponse(await changeProduct(deps.db, auth, id, readProductInput(body, 'update')));
  })
  .delete('/v1/products/:id', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'delete products');
    const id = pathIdOr404(c.req.param('id'), 'product');
    await removeProduct(deps.db, auth, id, sqlNowOf(deps.clock));
    return c.body(null, 204);
  })
  .post('/v1/products/:id/variants', async (c) => {
    const { auth, deps, body } = c.var;
    requireSecret(auth, 'create variants');
    const productId = pathIdOr404(c.req.param('id'), 'product');
    const record = await createVariant(deps.db, auth, productId, readVariantInput(body, 'create'));
    return jsonResponse(record, 201, { location: `/v1/variants/${record.id}` });
  })
  .get('/v1/variants/:id', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'read variants');
    const id = pathIdOr404(c.req.param('id'), 'variant');
    const record = await findVariant(deps.db, auth.shopId, id);
    if (!record) throw new NotFoundError('variant', id);
    return jsonResponse(record);
  })
  .put('/v1/variants/:id', async (c) => {
    const { auth, deps, body } = c.var;
    requireSecret(auth, 'change variants');
    const id = pathIdOr404(c.req.param('id'), 'variant');
    return jsonResponse(await changeVariant(deps.db, auth, id, readVariantInput(body, 'update')));
  })
  .delete('/v1/variants/:id', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'delete variants');
    const id = pathIdOr404(c.req.param('id'), 'variant');
    await removeVariant(deps.db, auth, id, sqlNowOf(deps.clock));
    return c.body(null, 204);
  });
