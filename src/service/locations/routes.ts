/**
 * GET and POST /v1/locations, PUT and DELETE /v1/locations/{id} (issue 18; secret tokens and
 * admin sessions only). The rules are in `locations.ts`.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, jsonBody, recordPath, secretOnly } from '../http/openapi-parts.ts';
import { featureApp } from '../http/schema-validation.ts';
import { LocationSchema } from '../shared/record-schemas.ts';
import { fieldsOnly, text } from '../shared/schemas.ts';
import { changeLocation, createLocation, removeLocation } from './locations.ts';
import { listLocations } from './queries.ts';

const TAGS = ['Locations'];
const PATH = recordPath('location');

/** The body of POST and PUT: `{ "name": "…" }` (trimmed); `id` of a record read back is ignored. */
const LocationBody = fieldsOnly(
  {
    name: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), text(255)),
    id: z.unknown().optional(),
  },
  'location',
  'must be a JSON object',
).openapi('LocationWrite');

const list = createRoute({
  method: 'get',
  path: '/v1/locations',
  operationId: 'locations.list',
  tags: TAGS,
  summary: "The shop's locations (an extension; secret token)",
  middleware: [secretOnly('list locations')] as const,
  responses: { 200: json(z.array(LocationSchema), 'Every location of the shop'), ...errorResponses },
});

const create = createRoute({
  method: 'post',
  path: '/v1/locations',
  operationId: 'locations.create',
  tags: TAGS,
  summary: 'Creates a location (an extension; secret token)',
  middleware: [secretOnly('create locations')] as const,
  request: { body: jsonBody(LocationBody) },
  responses: { 201: json(LocationSchema, 'The location, created'), ...errorResponses },
});

const change = createRoute({
  method: 'put',
  path: '/v1/locations/{id}',
  operationId: 'locations.update',
  tags: TAGS,
  summary: 'Renames a location (an extension; secret token)',
  middleware: [secretOnly('change locations')] as const,
  request: { params: PATH, body: jsonBody(LocationBody) },
  responses: { 200: json(LocationSchema, 'The location, renamed'), ...errorResponses },
});

const remove = createRoute({
  method: 'delete',
  path: '/v1/locations/{id}',
  operationId: 'locations.delete',
  tags: TAGS,
  summary: 'Deletes a location (an extension; secret token)',
  middleware: [secretOnly('delete locations')] as const,
  request: { params: PATH },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

/** GET and POST /v1/locations; PUT and DELETE /v1/locations/{id}. */
export const locationRoutes = featureApp()
  .openapi(list, async (c) => {
    const { auth, deps } = c.var;
    const records = await listLocations(deps.db, auth.shopId);
    return jsonAnswer(records, 200, { 'x-total-count': String(records.length) });
  })
  .openapi(create, async (c) => {
    const { auth, deps } = c.var;
    const record = await createLocation(deps.db, auth, { name: c.req.valid('json').name });
    return jsonAnswer(record, 201, { location: `/v1/locations/${record.id}` });
  })
  .openapi(change, async (c) => {
    const { auth, deps } = c.var;
    const { id } = c.req.valid('param');
    return jsonAnswer(await changeLocation(deps.db, auth, id, { name: c.req.valid('json').name }), 200);
  })
  .openapi(remove, async (c) => {
    const { auth, deps } = c.var;
    await removeLocation(deps.db, auth, c.req.valid('param').id);
    return c.body(null, 204);
  });
