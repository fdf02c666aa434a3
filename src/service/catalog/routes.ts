/**
 * The catalogue endpoints (an extension, secret tokens only): products with their variants,
 * and variants by id. The rules are in `catalog.ts`.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, jsonBody, recordPath, secretOnly } from '../http/openapi-parts.ts';
import { pageHeaders } from '../http/pagination.ts';
import { featureApp } from '../http/schema-validation.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { NotFoundError } from '../shared/errors.ts';
import { PAGE_QUERY, pageOf, query } from '../shared/query-schemas.ts';
import { ProductSchema, VariantSchema } from '../shared/record-schemas.ts';
import { MisfitSchema } from '../shared/schedule-record-schemas.ts';
import { listMisfits } from '../slots/misfits.ts';
import { ScheduleInputSchema } from '../slots/schedule-schema.ts';
import { changeProduct, changeVariant, createProduct, createVariant, removeProduct, removeVariant } from './catalog.ts';
import { findProduct, findVariant, listProducts } from './queries.ts';
import {
  ProductChangeBody,
  ProductCreateBody,
  ProductListQuery,
  productInputOf,
  VariantChangeBody,
  VariantCreateBody,
  variantInputOf,
} from './schemas.ts';

const TAGS = ['Products and variants'];
const PRODUCT = recordPath('product');
const VARIANT = recordPath('variant');
const Product = (description: string) => json(ProductSchema, description);
const Variant = (description: string) => json(VariantSchema, description);

/** A route of this feature: every one is an extension for secret tokens, refused before its body. */
function route<const R extends Parameters<typeof createRoute>[0]>(action: string, config: R) {
  return createRoute({ ...config, tags: TAGS, middleware: [secretOnly(action)] as const });
}

const listProductsRoute = route('list products', {
  method: 'get',
  path: '/v1/products',
  operationId: 'products.list',
  summary: "The shop's products",
  request: { query: ProductListQuery },
  responses: { 200: json(z.array(ProductSchema), 'One page of products'), ...errorResponses },
});
const createProductRoute = route('create products', {
  method: 'post',
  path: '/v1/products',
  operationId: 'products.create',
  summary: 'Creates a product with its variants',
  request: { body: jsonBody(ProductCreateBody) },
  responses: { 201: Product('The product, created'), ...errorResponses },
});
const readProductRoute = route('read products', {
  method: 'get',
  path: '/v1/products/{id}',
  operationId: 'products.retrieve',
  summary: 'One product',
  request: { params: PRODUCT },
  responses: { 200: Product('The product'), ...errorResponses },
});
const changeProductRoute = route('change products', {
  method: 'put',
  path: '/v1/products/{id}',
  operationId: 'products.update',
  summary: 'Changes a product (the fields given)',
  request: { params: PRODUCT, body: jsonBody(ProductChangeBody) },
  responses: { 200: Product('The product, changed'), ...errorResponses },
});
const removeProductRoute = route('delete products', {
  method: 'delete',
  path: '/v1/products/{id}',
  operationId: 'products.delete',
  summary: 'Deletes a product (409 while anything depends on it)',
  request: { params: PRODUCT },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});
const createVariantRoute = route('create variants', {
  method: 'post',
  path: '/v1/products/{id}/variants',
  operationId: 'products.createVariant',
  summary: 'Adds a variant to a product',
  request: { params: PRODUCT, body: jsonBody(VariantCreateBody) },
  responses: { 201: Variant('The variant, created'), ...errorResponses },
});
const readVariantRoute = route('read variants', {
  method: 'get',
  path: '/v1/variants/{id}',
  operationId: 'variants.retrieve',
  summary: 'One variant',
  request: { params: VARIANT },
  responses: { 200: Variant('The variant'), ...errorResponses },
});
const changeVariantRoute = route('change variants', {
  method: 'put',
  path: '/v1/variants/{id}',
  operationId: 'variants.update',
  summary: 'Changes a variant (the fields given)',
  request: { params: VARIANT, body: jsonBody(VariantChangeBody) },
  responses: { 200: Variant('The variant, changed'), ...errorResponses },
});
const removeVariantRoute = route('delete variants', {
  method: 'delete',
  path: '/v1/variants/{id}',
  operationId: 'variants.delete',
  summary: 'Deletes a variant (409 while anything depends on it)',
  request: { params: VARIANT },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

const MisfitListQuery = query({ ...PAGE_QUERY });

const misfitsRoute = route('read variants', {
  method: 'get',
  path: '/v1/variants/{id}/misfits',
  operationId: 'variants.misfits',
  summary: "The live holds and coming bookings that do not fit the variant's schedule",
  request: { params: VARIANT, query: MisfitListQuery },
  responses: { 200: json(z.array(MisfitSchema), 'One page of misfits, by start'), ...errorResponses },
});

/** A schedule to judge the live items by, as PUT /v1/variants/{id} would take it (null: by days). */
const MisfitCheckBody = z.strictObject(
  { schedule: ScheduleInputSchema.nullable() },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'is not a field here' : 'must be an object') },
);

const misfitCheckRoute = route('read variants', {
  method: 'post',
  path: '/v1/variants/{id}/misfits',
  operationId: 'variants.checkMisfits',
  summary: 'The live holds and coming bookings that a proposed schedule would not fit (a dry run: nothing is written)',
  request: { params: VARIANT, query: MisfitListQuery, body: jsonBody(MisfitCheckBody) },
  responses: { 200: json(z.array(MisfitSchema), 'One page of misfits, by start'), ...errorResponses },
});

/** GET and POST /v1/products; GET, PUT, DELETE /v1/products/{id}; POST /v1/products/{id}/variants; GET, PUT, DELETE /v1/variants/{id}; GET and POST (a dry run) /v1/variants/{id}/misfits. */
export const catalogRoutes = featureApp()
  .openapi(listProductsRoute, async (c) => {
    const { auth, deps } = c.var;
    const query = c.req.valid('query');
    const page = pageOf(query);
    const { records, total } = await listProducts(
      deps.db,
      auth.shopId,
      { externalId: query.external_id, q: query.q },
      page,
    );
    return jsonAnswer(records, 200, pageHeaders(c.req.url, page, total));
  })
  .openapi(createProductRoute, async (c) => {
    const { auth, deps } = c.var;
    const record = await createProduct(deps.db, auth, productInputOf(c.req.valid('json')));
    return jsonAnswer(record, 201, { location: `/v1/products/${record.id}` });
  })
  .openapi(readProductRoute, async (c) => {
    const { auth, deps } = c.var;
    const { id } = c.req.valid('param');
    const record = await findProduct(deps.db, auth.shopId, id);
    if (!record) throw new NotFoundError('product', id);
    return jsonAnswer(record, 200);
  })
  .openapi(changeProductRoute, async (c) => {
    const { auth, deps } = c.var;
    const { id } = c.req.valid('param');
    return jsonAnswer(await changeProduct(deps.db, auth, id, productInputOf(c.req.valid('json'))), 200);
  })
  .openapi(removeProductRoute, async (c) => {
    const { auth, deps } = c.var;
    await removeProduct(deps.db, auth, c.req.valid('param').id, sqlNowOf(deps.clock));
    return c.body(null, 204);
  })
  .openapi(createVariantRoute, async (c) => {
    const { auth, deps } = c.var;
    const productId = c.req.valid('param').id;
    const record = await createVariant(deps.db, auth, productId, variantInputOf(c.req.valid('json')));
    return jsonAnswer(record, 201, { location: `/v1/variants/${record.id}` });
  })
  .openapi(readVariantRoute, async (c) => {
    const { auth, deps } = c.var;
    const { id } = c.req.valid('param');
    const record = await findVariant(deps.db, auth.shopId, id);
    if (!record) throw new NotFoundError('variant', id);
    return jsonAnswer(record, 200);
  })
  .openapi(changeVariantRoute, async (c) => {
    const { auth, deps } = c.var;
    const { id } = c.req.valid('param');
    return jsonAnswer(await changeVariant(deps.db, auth, id, variantInputOf(c.req.valid('json'))), 200);
  })
  .openapi(removeVariantRoute, async (c) => {
    const { auth, deps } = c.var;
    await removeVariant(deps.db, auth, c.req.valid('param').id, sqlNowOf(deps.clock));
    return c.body(null, 204);
  })
  .openapi(misfitsRoute, async (c) => {
    const { auth, deps } = c.var;
    const page = pageOf(c.req.valid('query'));
    const misfits = await listMisfits(deps.db, auth, c.req.valid('param').id, sqlNowOf(deps.clock));
    const records = misfits.slice(page.offset, page.offset + page.per);
    return jsonAnswer(records, 200, pageHeaders(c.req.url, page, misfits.length));
  })
  .openapi(misfitCheckRoute, async (c) => {
    const { auth, deps } = c.var;
    const page = pageOf(c.req.valid('query'));
    const { schedule } = c.req.valid('json');
    const misfits = await listMisfits(deps.db, auth, c.req.valid('param').id, sqlNowOf(deps.clock), schedule);
    const records = misfits.slice(page.offset, page.offset + page.per);
    return jsonAnswer(records, 200, pageHeaders(c.req.url, page, misfits.length));
  });
