/**
 * GET and POST /v1/resources, GET, PUT and DELETE /v1/resources/{id} (issue 39, an extension;
 * secret tokens, and the admin's sessions, owner or staff, which act with a secret token's
 * scopes). The rules are in `resources.ts`; a variant's requirements are written with the
 * variant (`catalog/`).
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, jsonBody, recordPath, secretOnly } from '../http/openapi-parts.ts';
import { pageHeaders } from '../http/pagination.ts';
import { featureApp } from '../http/schema-validation.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { NotFoundError } from '../shared/errors.ts';
import { pageOf } from '../shared/query-schemas.ts';
import { ResourceSchema } from '../shared/resource-record-schemas.ts';
import { findResource, listResources } from './queries.ts';
import { changeResource, createResource, removeResource } from './resources.ts';
import { ResourceChangeBody, ResourceCreateBody, ResourceListQuery, resourceInputOf } from './schemas.ts';

const TAGS = ['Resources'];
const PATH = recordPath('resource');
const Resource = (description: string) => json(ResourceSchema, description);

/** A route of this feature: every one is an extension for secret tokens, refused before its body. */
function route<const R extends Parameters<typeof createRoute>[0]>(action: string, config: R) {
  return createRoute({ ...config, tags: TAGS, middleware: [secretOnly(action)] as const });
}

const list = route('list resources', {
  method: 'get',
  path: '/v1/resources',
  operationId: 'resources.list',
  summary: "The shop's resources, by name (an extension; secret token)",
  request: { query: ResourceListQuery },
  responses: { 200: json(z.array(ResourceSchema), 'One page of resources'), ...errorResponses },
});
const read = route('read resources', {
  method: 'get',
  path: '/v1/resources/{id}',
  operationId: 'resources.retrieve',
  summary: 'One resource (an extension; secret token)',
  request: { params: PATH },
  responses: { 200: Resource('The resource'), ...errorResponses },
});
const create = route('create resources', {
  method: 'post',
  path: '/v1/resources',
  operationId: 'resources.create',
  summary: 'Creates a resource (an extension; secret token)',
  request: { body: jsonBody(ResourceCreateBody) },
  responses: { 201: Resource('The resource, created'), ...errorResponses },
});
const change = route('change resources', {
  method: 'put',
  path: '/v1/resources/{id}',
  operationId: 'resources.update',
  summary: 'Changes a resource (the fields given; an extension; secret token)',
  request: { params: PATH, body: jsonBody(ResourceChangeBody) },
  responses: { 200: Resource('The resource, changed'), ...errorResponses },
});
const remove = route('delete resources', {
  method: 'delete',
  path: '/v1/resources/{id}',
  operationId: 'resources.delete',
  summary: 'Deletes a resource (409 while a variant requires it or a booking ahead holds it; secret token)',
  request: { params: PATH },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

/** GET and POST /v1/resources; GET, PUT and DELETE /v1/resources/{id}. */
export const resourceRoutes = featureApp()
  .openapi(list, async (c) => {
    const { auth, deps } = c.var;
    const query = c.req.valid('query');
    const page = pageOf(query);
    const filters = { kind: query.kind, locationId: query.location_id, staffAccountId: query.staff_account_id };
    const { records, total } = await listResources(deps.db, auth.shopId, filters, page);
    return jsonAnswer(records, 200, pageHeaders(c.req.url, page, total));
  })
  .openapi(read, async (c) => {
    const { id } = c.req.valid('param');
    const record = await findResource(c.var.deps.db, c.var.auth.shopId, id);
    if (!record) throw new NotFoundError('resource', id);
    return jsonAnswer(record, 200);
  })
  .openapi(create, async (c) => {
    const { auth, deps } = c.var;
    const record = await createResource(deps.db, auth, resourceInputOf(c.req.valid('json')));
    return jsonAnswer(record, 201, { location: `/v1/resources/${record.id}` });
  })
  .openapi(change, async (c) => {
    const { auth, deps } = c.var;
    const { id } = c.req.valid('param');
    return jsonAnswer(await changeResource(deps.db, auth, id, resourceInputOf(c.req.valid('json'))), 200);
  })
  .openapi(remove, async (c) => {
    const { auth, deps } = c.var;
    await removeResource(deps.db, auth, c.req.valid('param').id, sqlNowOf(deps.clock));
    return c.body(null, 204);
  });
