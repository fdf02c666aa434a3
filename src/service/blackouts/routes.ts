/**
 * The blackout endpoints as one sub-app (seed §4, API.md §3): GET /v1/blackouts with every
 * filter, GET /v1/blackouts/{id}, DELETE /v1/blackouts/{id}, and the extensions POST (201) and
 * PUT (200, partial). Publishable tokens may read (the widget greys out blacked-out days), but
 * not the merchant's titles (`title` reads null: a shopper could read it in the page); every
 * write needs a secret token. The rules of the writes are in `writes.ts`. The bodies and
 * the list's query are checked by their schemas in the handler (`collectingRoute`): the shop's
 * zone and the database add their messages to theirs, in one 422.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Blackout } from '../../shared/records.ts';
import {
  errorResponses,
  notModified,
  json,
  jsonAnswer,
  jsonBody,
  recordPath,
  secretOnly,
} from '../http/openapi-parts.ts';
import { pageHeaders } from '../http/pagination.ts';
import { collectingRoute, featureApp } from '../http/schema-validation.ts';
import { BlackoutSchema } from '../shared/booking-record-schemas.ts';
import { NotFoundError } from '../shared/errors.ts';
import { instantsIn, pageOf, queryValues } from '../shared/query-schemas.ts';
import { checkPart } from '../shared/schema-issues.ts';
import { cachedBlackoutLists } from './list-cache.ts';
import { type BlackoutView, deleteBlackout, findBlackout } from './queries.ts';
import type { AuthContext } from '../tokens/types.ts';
import { BlackoutBody, BlackoutChange, BlackoutListQuery } from './schemas.ts';
import { createBlackout, updateBlackout } from './writes.ts';

const TAGS = ['Blackouts'];
const PATH = recordPath('blackout');
const app = featureApp();

const list = createRoute({
  method: 'get',
  path: '/v1/blackouts',
  operationId: 'blackouts.list',
  tags: TAGS,
  summary: "The shop's blackouts, filtered, one page",
  request: { query: BlackoutListQuery },
  responses: { 200: json(z.array(BlackoutSchema), 'One page of blackouts'), ...notModified, ...errorResponses },
});

const create = createRoute({
  method: 'post',
  path: '/v1/blackouts',
  operationId: 'blackouts.create',
  tags: TAGS,
  summary: 'Creates a blackout (an extension; secret token)',
  middleware: [secretOnly('create blackouts')] as const,
  request: { body: jsonBody(BlackoutBody) },
  responses: { 201: json(BlackoutSchema, 'The blackout, created'), ...errorResponses },
});

const read = createRoute({
  method: 'get',
  path: '/v1/blackouts/{id}',
  operationId: 'blackouts.retrieve',
  tags: TAGS,
  summary: 'One blackout',
  request: { params: PATH },
  responses: { 200: json(BlackoutSchema, 'The blackout'), ...errorResponses },
});

const change = createRoute({
  method: 'put',
  path: '/v1/blackouts/{id}',
  operationId: 'blackouts.update',
  tags: TAGS,
  summary: 'Changes the fields given (an extension; secret token)',
  middleware: [secretOnly('change blackouts')] as const,
  request: { params: PATH, body: jsonBody(BlackoutChange) },
  responses: { 200: json(BlackoutSchema, 'The blackout, changed'), ...errorResponses },
});

const remove = createRoute({
  method: 'delete',
  path: '/v1/blackouts/{id}',
  operationId: 'blackouts.delete',
  tags: TAGS,
  // The scope is checked first: a publishable token learns nothing about which ids exist.
  summary: 'Deletes a blackout (secret token)',
  middleware: [secretOnly('delete blackouts')] as const,
  request: { params: PATH },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

/** What a token reads: a publishable one is in a shopper's browser, so it never sees titles. */
const viewOf = (auth: AuthContext): BlackoutView => (auth.kind === 'secret' ? 'merchant' : 'shopper');

/** The lists this process has built, served while the shop's data has not changed (list-cache.ts). */
const lists = cachedBlackoutLists();

/** GET and POST /v1/blackouts; GET, PUT and DELETE /v1/blackouts/{id}. */
export const blackoutRoutes = app
  .openapi(collectingRoute(app, list), async (c) => {
    const auth = c.get('auth');
    const values = queryValues(c.req.url);
    const { data, errors } = checkPart(BlackoutListQuery, values, 'request');
    // A day means the start of that day in the shop's zone, for both bounds (API.md §3).
    const placed = instantsIn(values, ['start_min', 'finish_max'], auth.tz, errors);
    errors.throwIfAny();
    const query = data!;
    const filters = {
      startMin: placed.start_min,
      finishMax: placed.finish_max,
      productId: query.product_id,
      externalProductId: query.external_product_id,
      variantId: query.variant_id,
      externalVariantId: query.external_variant_id,
      locationId: query.location_id,
      vendor: query.vendor,
      resourceId: query.resource_id,
    };
    const page = pageOf(query);
    // The database writes the JSON (queries.ts): the list goes out as it was kept.
    const view = viewOf(auth);
    const { body, digest, total } = await lists(
      c.get('deps').db,
      auth.shopId,
      filters,
      page,
      view,
      c.get('shopVersion'),
    );
    c.set('bodyDigest', digest);
    const headers = { 'content-type': 'application/json; charset=utf-8', ...pageHeaders(c.req.url, page, total) };
    // The records as the database wrote them: typed as the route's answer, which they are.
    return new Response(body, { status: 200, headers }) as unknown as ReturnType<typeof jsonAnswer<Blackout[]>>;
  })
  .openapi(collectingRoute(app, create), async (c) => {
    const { auth, deps, body } = c.var;
    const { errors } = checkPart(BlackoutBody, body);
    const record = await createBlackout(deps.db, auth, { body, errors }, () => deps.clock.now());
    return jsonAnswer(record, 201, { location: `/v1/blackouts/${record.id}` });
  })
  .openapi(read, async (c) => {
    const id = c.req.valid('param').id;
    const auth = c.get('auth');
    const blackout = await findBlackout(c.get('deps').db, auth.shopId, id, viewOf(auth));
    if (!blackout) throw new NotFoundError('blackout', id);
    return jsonAnswer(blackout, 200);
  })
  .openapi(collectingRoute(app, change), async (c) => {
    const { auth, deps, body } = c.var;
    // An id that names no blackout is a 404 before the body's messages (writes.ts).
    const { errors } = checkPart(BlackoutChange, body);
    const id = c.req.valid('param').id;
    return jsonAnswer(await updateBlackout(deps.db, auth, id, { body, errors }, () => deps.clock.now()), 200);
  })
  .openapi(remove, async (c) => {
    const { auth, deps } = c.var;
    const id = c.req.valid('param').id;
    if (!(await deleteBlackout(deps.db, auth.shopId, id))) throw new NotFoundError('blackout', id);
    return c.body(null, 204);
  });
