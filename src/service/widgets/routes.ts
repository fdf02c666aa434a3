/**
 * The widget endpoints: GET /v1/widgets (seed §4, API.md §3: by id, paginated, optionally only
 * those placed on one platform product, `external_product_id`, an extension), which publishable
 * tokens may read (the storefront widget needs its own settings); and the extensions GET, PUT,
 * DELETE /v1/widgets/{id} and POST /v1/widgets, secret tokens only (rules in `writes.ts`).
 * @module
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { jsonResponse } from '../http/errors.ts';
import { pageHeaders, readPage } from '../http/pagination.ts';
import { pathIdOr404 } from '../http/path-id.ts';
import { QueryReader } from '../http/query.ts';
import { NotFoundError } from '../shared/errors.ts';
import { requireSecret } from '../tokens/scopes.ts';
import { readWidgetInput } from './input.ts';
import { findWidget, listWidgets } from './queries.ts';
import { changeWidget, createWidget, deleteWidget } from './writes.ts';

/** GET and POST /v1/widgets; GET, PUT and DELETE /v1/widgets/{id}. */
export const widgetRoutes = new Hono<AppEnv>()
  .get('/v1/widgets', async (c) => {
    const auth = c.get('auth');
    const query = new QueryReader(c.req.url);
    const page = readPage(query);
    const externalProductId = query.id('external_product_id');
    query.done();
    const { records, total } = await listWidgets(c.get('deps').db, auth.shopId, { externalProductId }, page);
    return jsonResponse(records, 200, pageHeaders(c.req.url, page, total));
  })
  .post('/v1/widgets', async (c) => {
    const { auth, deps, body } = c.var;
    requireSecret(auth, 'create widgets');
    const record = await createWidget(deps.db, auth, readWidgetInput(body, 'create'));
    return jsonResponse(record, 201, { location: `/v1/widgets/${record.id}` });
  })
  .get('/v1/widgets/:id', async (c) => {
    const { auth, deps } = c.var;
    const id = pathIdOr404(c.req.param('id'), 'widget');
    const record = await findWidget(deps.db, auth.shopId, id);
    if (!record) throw new NotFoundError('widget', id);
    return jsonResponse(record);
  })
  .put('/v1/widgets/:id', async (c) => {
    const { auth, deps, body } = c.var;
    requireSecret(auth, 'change widgets');
    const id = pathIdOr404(c.req.param('id'), 'widget');
    return jsonResponse(await changeWidget(deps.db, auth, id, readWidgetInput(body, 'update')));
  })
  .delete('/v1/widgets/:id', async (c) => {
    const { auth, deps } = c.var;
    requireSecret(auth, 'delete widgets');
    await deleteWidget(deps.db, auth, pathIdOr404(c.req.param('id'), 'widget'));
    return c.body(null, 204);
  });
