/**
 * Shopify's side of the service (src/service/shopify/README.md): POST /shopify/webhooks for
 * the `orders/create` or `orders/paid` topic (the one the shop books on), `orders/cancelled`
 * and `carts/update`, each verified by its signature (the shop's secret, or for an hour after a
 * change the one it replaced) and shop domain and answered once per webhook id; and GET /v1/shopify/conflicts,
 * the order lines that could not be booked (secret tokens).
 * @module
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { HttpError, jsonResponse } from '../http/errors.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, secretOnly } from '../http/openapi-parts.ts';
import { pageHeaders } from '../http/pagination.ts';
import { featureApp } from '../http/schema-validation.ts';
import { PAGE_QUERY, pageOf, query } from '../shared/query-schemas.ts';
import { ShopifyConflictSchema } from '../shared/record-schemas.ts';
import { sqlNowOf } from '../shared/clock.ts';
import { readCapped } from '../http/read-capped.ts';
import { SHOPIFY_DOMAIN } from '../shops/input.ts';
import { bookOrder, cancelOrder, updateCart } from './orders.ts';
import { readCart, readOrder } from './payload.ts';
import { claimDelivery, forgetDelivery, listConflicts, recordDelivery, secretsOf, shopByDomain } from './queries.ts';
import { webhookSignatureValid } from './signatures.ts';

/** The largest webhook body read (an order with many lines is large; Shopify's are far smaller). */
export const MAX_WEBHOOK_BYTES = 1_048_576;

/**
 * How long a delivery's claim stands without a result: past it, the handler is taken to have
 * died mid-delivery and a retry handles the delivery afresh (its bookings are keyed by order
 * and line, so a slow handler still running books nothing twice).
 */
export const DELIVERY_CLAIM_MS = 60_000;

const unsigned = () =>
  new HttpError(
    'unauthorized',
    'The webhook is not signed by a shop this service knows (X-Shopify-Shop-Domain, X-Shopify-Hmac-Sha256).',
  );

/** POST /shopify/webhooks. */
export const shopifyWebhookRoutes = new Hono<AppEnv>().post('/shopify/webhooks', async (c) => {
  const { db, clock } = c.get('deps');
  const tooLarge = () =>
    new HttpError('payload_too_large', `A webhook body must be at most ${MAX_WEBHOOK_BYTES} bytes.`);
  if (Number(c.req.header('content-length') ?? 0) > MAX_WEBHOOK_BYTES) throw tooLarge();
  // Read with the cap, before the signature: a chunked body has no length to refuse it by.
  const body = await readCapped(c.req.raw.body, MAX_WEBHOOK_BYTES);
  if (!body) throw tooLarge();
  const domain = c.req.header('x-shopify-shop-domain');
  const shop = domain && SHOPIFY_DOMAIN.test(domain) ? await shopByDomain(db, domain, sqlNowOf(clock)) : undefined;
  const signature = c.req.header('x-shopify-hmac-sha256');
  if (!shop || !secretsOf(shop).some((secret) => webhookSignatureValid(body, signature, secret))) throw unsigned();

  const topic = c.req.header('x-shopify-topic') ?? '';
  const webhookId = c.req.header('x-shopify-webhook-id')?.slice(0, 255);
  if (webhookId) {
    const earlier = await claimDelivery(db, shop.shop_id, webhookId, topic, DELIVERY_CLAIM_MS, sqlNowOf(clock));
    // Not a 2xx: Shopify retries a delivery that failed, so an order is not lost if the handler
    // holding it died; its claim lapses after DELIVERY_CLAIM_MS and a retry takes it over.
    if (earlier === 'in_progress')
      throw new HttpError('unavailable', 'This delivery is being handled; retry later.', {
        headers: { 'retry-after': String(DELIVERY_CLAIM_MS / 1000) },
      });
    // The same delivery again (Shopify retries when it saw no answer in time): the same answer.
    if (earlier) return jsonResponse(earlier.result, 200, { 'x-replayed': 'true' });
  }
  try {
    let payload: unknown;
    try {
      payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
    } catch {
      throw new HttpError('bad_request', 'The webhook body is not JSON.');
    }
    const sqlNow = sqlNowOf(clock);
    const order = topic.startsWith('orders/') ? readOrder(payload) : undefined;
    if (topic.startsWith('orders/') && !order)
      throw new HttpError('validation_failed', 'The order has no id.', {
        details: { fields: { id: ['is required'] } },
      });
    const cart = topic.startsWith('carts/') ? readCart(payload) : undefined;
    // The shop books on one order topic (`book_on`); the other is acknowledged and ignored.
    const result =
      topic === shop.book_on
        ? await bookOrder(db, shop, order!, sqlNow)
        : topic === 'orders/cancelled'
          ? await cancelOrder(db, shop, order!.id, sqlNow)
          : (topic === 'carts/update' || topic === 'carts/create') && cart
            ? await updateCart(db, shop, cart, sqlNow)
            : { ignored: topic || 'no topic' };
    if (webhookId) await recordDelivery(db, shop.shop_id, webhookId, result);
    return jsonResponse(result);
  } catch (error) {
    // Not handled: Shopify's retry must be handled afresh, not answered from memory.
    if (webhookId) await forgetDelivery(db, shop.shop_id, webhookId).catch(() => {});
    throw error;
  }
});

const conflictsRoute = createRoute({
  method: 'get',
  path: '/v1/shopify/conflicts',
  operationId: 'shopify.conflicts',
  tags: ['Shopify'],
  summary: 'Order lines that could not be booked as paid, newest first (an extension; secret token)',
  middleware: [secretOnly('list order conflicts')] as const,
  request: { query: query(PAGE_QUERY) },
  responses: { 200: json(z.array(ShopifyConflictSchema), 'One page of conflicts'), ...errorResponses },
});

/** GET /v1/shopify/conflicts: order lines that could not be booked, newest first. */
export const shopifyConflictRoutes = featureApp().openapi(conflictsRoute, async (c) => {
  const { auth, deps } = c.var;
  const page = pageOf(c.req.valid('query'));
  const { rows, total } = await listConflicts(deps.db, auth.shopId, page);
  return jsonAnswer(rows, 200, pageHeaders(c.req.url, page, total));
});
