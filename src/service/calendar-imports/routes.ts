/**
 * GET and POST /v1/variants/{id}/calendar-imports, DELETE …/{import_id} and POST
 * …/{import_id}/refresh (an extension; secret token or admin session): other sites' calendars
 * whose events block the variant. The poller (poller.ts) fetches them every few minutes;
 * refresh fetches one now and answers its result. An import may be a resource's own calendar
 * (`resource_id`, issue 39): its events then close the resource instead of the variant.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, jsonBody, secretOnly } from '../http/openapi-parts.ts';
import { pathIdOr404 } from '../http/path-id.ts';
import { featureApp } from '../http/schema-validation.ts';
import { NotFoundError } from '../shared/errors.ts';
import { createImport } from './imports.ts';
import { importSettingsFromEnv, importWorkerName } from './poller.ts';
import { deleteImport, importOf, listImports, shopHasVariant } from './queries.ts';
import { runImportNow } from './runner.ts';
import { ImportBody, ImportSchema, importRecord } from './schemas.ts';

const TAGS = ['Calendar imports'];
const id = (what: string) =>
  z
    .string()
    .transform((raw) => pathIdOr404(raw, what))
    .openapi({ type: 'integer', minimum: 1, example: 1 });
const VARIANT = z.object({ id: id('variant').openapi({ param: { name: 'id', in: 'path' } }) });
const ONE = z.object({
  id: id('variant').openapi({ param: { name: 'id', in: 'path' } }),
  import_id: id('calendar import').openapi({ param: { name: 'import_id', in: 'path' } }),
});

const list = createRoute({
  method: 'get',
  path: '/v1/variants/{id}/calendar-imports',
  operationId: 'calendarImports.list',
  tags: TAGS,
  summary: "The variant's imported calendars and their last fetch (an extension; secret token)",
  middleware: [secretOnly('list calendar imports')] as const,
  request: { params: VARIANT },
  responses: { 200: json(z.array(ImportSchema), 'Every import of the variant'), ...errorResponses },
});
const create = createRoute({
  method: 'post',
  path: '/v1/variants/{id}/calendar-imports',
  operationId: 'calendarImports.create',
  tags: TAGS,
  summary: "Imports another site's calendar: its events block the variant (an extension; secret token)",
  middleware: [secretOnly('create calendar imports')] as const,
  request: { params: VARIANT, body: jsonBody(ImportBody) },
  responses: { 201: json(ImportSchema, 'The import, due at once'), ...errorResponses },
});
const remove = createRoute({
  method: 'delete',
  path: '/v1/variants/{id}/calendar-imports/{import_id}',
  operationId: 'calendarImports.remove',
  tags: TAGS,
  summary: 'Stops an import and deletes its blackouts (an extension; secret token)',
  middleware: [secretOnly('delete calendar imports')] as const,
  request: { params: ONE },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});
const refresh = createRoute({
  method: 'post',
  path: '/v1/variants/{id}/calendar-imports/{import_id}/refresh',
  operationId: 'calendarImports.refresh',
  tags: TAGS,
  summary: 'Fetches an import now (an extension; secret token)',
  middleware: [secretOnly('refresh calendar imports')] as const,
  request: { params: ONE },
  responses: { 200: json(ImportSchema, 'The import after the fetch'), ...errorResponses },
});

/** The calendar imports of a variant. */
export const calendarImportRoutes = featureApp()
  .openapi(list, async (c) => {
    const { auth, deps } = c.var;
    const variantId = c.req.valid('param').id;
    if (!(await shopHasVariant(deps.db, auth.shopId, variantId))) throw new NotFoundError('variant', variantId);
    const records = (await listImports(deps.db, auth.shopId, variantId)).map(importRecord);
    return jsonAnswer(records, 200, { 'x-total-count': String(records.length) });
  })
  .openapi(create, async (c) => {
    const { auth, deps } = c.var;
    const variantId = c.req.valid('param').id;
    const row = await createImport(deps.db, auth, variantId, c.req.valid('json'));
    return jsonAnswer(importRecord(row), 201, {
      location: `/v1/variants/${variantId}/calendar-imports/${row.id}`,
    });
  })
  .openapi(remove, async (c) => {
    const { auth, deps } = c.var;
    const { id: variantId, import_id } = c.req.valid('param');
    if (!(await deleteImport(deps.db, auth.shopId, variantId, import_id)))
      throw new NotFoundError('calendar import', import_id);
    return c.body(null, 204);
  })
  .openapi(refresh, async (c) => {
    const { auth, deps } = c.var;
    const { id: variantId, import_id } = c.req.valid('param');
    if (!(await importOf(deps.db, auth.shopId, variantId, import_id)))
      throw new NotFoundError('calendar import', import_id);
    await runImportNow(deps.db, importSettingsFromEnv(process.env), importWorkerName(), import_id);
    const row = await importOf(deps.db, auth.shopId, variantId, import_id);
    if (!row) throw new NotFoundError('calendar import', import_id);
    return jsonAnswer(importRecord(row), 200);
  });
