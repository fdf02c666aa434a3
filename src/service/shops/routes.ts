/**
 * GET and PUT /v1/shop (issue 18; secret tokens and admin sessions only): the caller's shop,
 * its name, zone, locale and Shopify settings. The rules are in `settings.ts`.
 * @module
 */
import { createRoute } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, jsonBody, secretOnly } from '../http/openapi-parts.ts';
import { featureApp } from '../http/schema-validation.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { ShopSchema } from '../shared/shop-record-schemas.ts';
import { ShopBody, shopInputOf } from './schemas.ts';
import { changeShop, readShop } from './settings.ts';

const TAGS = ['The shop'];

const read = createRoute({
  method: 'get',
  path: '/v1/shop',
  operationId: 'shop.retrieve',
  tags: TAGS,
  summary: "The caller's shop and its Shopify settings (an extension; secret token)",
  middleware: [secretOnly("read the shop's settings")] as const,
  responses: { 200: json(ShopSchema, 'The shop'), ...errorResponses },
});

const change = createRoute({
  method: 'put',
  path: '/v1/shop',
  operationId: 'shop.update',
  tags: TAGS,
  summary: "Changes the shop's name, zone, locale or Shopify settings (an extension; secret token)",
  middleware: [secretOnly("change the shop's settings")] as const,
  request: { body: jsonBody(ShopBody) },
  responses: { 200: json(ShopSchema, 'The shop, changed'), ...errorResponses },
});

/** GET and PUT /v1/shop. */
export const shopRoutes = featureApp()
  .openapi(read, async (c) => {
    const { auth, deps } = c.var;
    return jsonAnswer(await readShop(deps.db, auth, sqlNowOf(deps.clock)), 200);
  })
  .openapi(change, async (c) => {
    const { auth, deps } = c.var;
    return jsonAnswer(await changeShop(deps.db, auth, shopInputOf(c.req.valid('json')), sqlNowOf(deps.clock)), 200);
  });
