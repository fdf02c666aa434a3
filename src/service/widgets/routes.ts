/**
 * The widget endpoints: GET /v1/widgets (seed §4, API.md §3: by id, paginated, optionally only
 * those placed on one platform product, `external_product_id`, an extension), which publishable
 * tokens may read (the storefront widget needs its own settings); and the extensions GET, PUT,
 * DELETE /v1/widgets/{id} and POST /v1/widgets, secret tokens only (rules in `writes.ts`).
 * @module
 */
import { createRoute } from '@hono/zod-openapi';
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
import { featureApp } from '../http/schema-validation.ts';
import { NotFoundError } from '../shared/errors.ts';
import { pageOf } from '../shared/query-schemas.ts';
import { WidgetSchema } from '../shared/record-schemas.ts';
import { findWidget, listWidgets } from './queries.ts';
import { WidgetChangeBody, WidgetCreateBody, WidgetListQuery, widgetInputOf } from './schemas.ts';
import { changeWidget, createWidget, deleteWidget } from './writes.ts';
import { z } from '@hono/zod-openapi';

const TAGS = ['Widgets'];
const PATH = recordPath('widget');

const list = createRoute({
  method: 'get',
  path: '/v1/widgets',
  operationId: 'widgets.list',
  tags: TAGS,
  summary: "The shop's widgets (optionally those on one product)",
  request: { query: WidgetListQuery },
  responses: { 200: json(z.array(WidgetSchema), 'One page of widgets'), ...notModified, ...errorResponses },
});

const create = createRoute({
  method: 'post',
  path: '/v1/widgets',
  operationId: 'widgets.create',
  tags: TAGS,
  summary: 'Creates a widget (an extension; secret token)',
  middleware: [secretOnly('create widgets')] as const,
  request: { body: jsonBody(WidgetCreateBody) },
  responses: { 201: json(WidgetSchema, 'The widget, created'), ...errorResponses },
});

const read = createRoute({
  method: 'get',
  path: '/v1/widgets/{id}',
  operationId: 'widgets.retrieve',
  tags: TAGS,
  summary: 'One widget',
  request: { params: PATH },
  responses: { 200: json(WidgetSchema, 'The widget'), ...notModified, ...errorResponses },
});

const change = createRoute({
  method: 'put',
  path: '/v1/widgets/{id}',
  operationId: 'widgets.update',
  tags: TAGS,
  summary: 'Changes a widget (an extension; secret token)',
  middleware: [secretOnly('change widgets')] as const,
  request: { params: PATH, body: jsonBody(WidgetChangeBody) },
  responses: { 200: json(WidgetSchema, 'The widget, changed'), ...errorResponses },
});

const remove = createRoute({
  method: 'delete',
  path: '/v1/widgets/{id}',
  operationId: 'widgets.delete',
  tags: TAGS,
  summary: 'Deletes a widget (an extension; secret token)',
  middleware: [secretOnly('delete widgets')] as const,
  request: { params: PATH },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
});

/** GET and POST /v1/widgets; GET, PUT and DELETE /v1/widgets/{id}. */
export const widgetRoutes = featureApp()
  .openapi(list, async (c) => {
    const { auth, deps } = c.var;
    const query = c.req.valid('query');
    const page = pageOf(query);
    const filter = { externalProductId: query.external_product_id };
    const { records, total } = await listWidgets(deps.db, auth.shopId, filter, page);
    return jsonAnswer(records, 200, pageHeaders(c.req.url, page, total));
  })
  .openapi(create, async (c) => {
    const { auth, deps } = c.var;
    const record = await createWidget(deps.db, auth, widgetInputOf(c.req.valid('json')));
    return jsonAnswer(record, 201, { location: `/v1/widgets/${record.id}` });
  })
  .openapi(read, async (c) => {
    const { auth, deps } = c.var;
    const { id } = c.req.valid('param');
    const record = await findWidget(deps.db, auth.shopId, id);
    if (!record) throw new NotFoundError('widget', id);
    return jsonAnswer(record, 200);
  })
  .openapi(change, async (c) => {
    const { auth, deps } = c.var;
    const { id } = c.req.valid('param');
    return jsonAnswer(await changeWidget(deps.db, auth, id, widgetInputOf(c.req.valid('json'))), 200);
  })
  .openapi(remove, async (c) => {
    const { auth, deps } = c.var;
    await deleteWidget(deps.db, auth, c.req.valid('param').id);
    return c.body(null, 204);
  });
