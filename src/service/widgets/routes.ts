/**
 * GET /v1/widgets (seed §4, API.md §3): the shop's widgets by id, paginated, optionally only
 * those placed on one platform product (`external_product_id`, an extension). Publishable
 * tokens may read them: the storefront widget needs its own settings.
 * @module
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { jsonResponse } from '../http/errors.ts';
import { pageHeaders, readPage } from '../http/pagination.ts';
import { QueryReader } from '../http/query.ts';
import { listWidgets } from './queries.ts';

/** GET /v1/widgets. */
export const widgetRoutes = new Hono<AppEnv>().get('/v1/widgets', async (c) => {
  const auth = c.get('auth');
  const query = new QueryReader(c.req.url);
  const page = readPage(query);
  const externalProductId = query.id('external_product_id');
  query.done();
  const { records, total } = await listWidgets(c.get('deps').db, auth.shopId, { externalProductId }, page);
  return jsonResponse(records, 200, pageHeaders(c.req.url, page, total));
});
