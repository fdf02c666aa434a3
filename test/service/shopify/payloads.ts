/**
 * Webhook payloads shaped like Shopify's documented examples (shopify.dev, webhook topics
 * `orders/create`, `orders/cancelled`, `carts/update`), trimmed to what matters plus a few
 * fields the service must ignore, and signed as Shopify signs them.
 */
import { createHmac } from 'node:crypto';
import { proxyMessage } from '../../../src/service/shopify/signatures.ts';
import type { TestService } from '../../helpers/service.ts';

/** The test shop's Shopify settings (test/helpers/fixture.ts). */
export const SHOP_DOMAIN = 'harbour-test.myshopify.com';
export const API_SECRET = 'hush';

/** A held line as the widget put it in the cart: units × days, the hold's instants hidden. */
export function heldLine(
  id: number,
  variantId: number,
  start: string,
  finish: string,
  units: number,
  days: number,
  reservationId: number | string = 1,
) {
  return {
    id,
    admin_graphql_api_id: `gid://shopify/LineItem/${id}`,
    variant_id: variantId,
    product_id: 7001,
    title: 'Kayak hire',
    quantity: units * days,
    price: '65.00',
    properties: [
      { name: 'Start', value: start.slice(0, 10) },
      { name: '_start', value: start },
      { name: '_finish', value: finish },
      { name: '_units', value: String(units) },
      { name: '_reservation_id', value: String(reservationId) },
    ],
  };
}

/** An `orders/create` payload. */
export function orderPayload(options: { id?: string; cartToken?: string | null; lines: unknown[] }) {
  // Shopify's documented example id: past 2^53, so only its GraphQL id carries it exactly.
  const id = options.id ?? '820982911946154508';
  return {
    id: Number(id),
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: '#9999',
    email: 'jon@example.com',
    cart_token: options.cartToken === undefined ? 'cart-shopify' : options.cartToken,
    currency: 'AUD',
    financial_status: 'paid',
    customer: { id: 115310627314723950, email: 'jon@example.com', first_name: 'John', last_name: 'Smith' },
    line_items: [
      {
        id: 866550311766439000,
        admin_graphql_api_id: 'gid://shopify/LineItem/866550311766439020',
        variant_id: 808950810,
        quantity: 1,
        title: 'Gift card',
        properties: [],
      },
      ...options.lines,
    ],
  };
}

/** A `carts/update` payload. */
export function cartPayload(token: string, lines: unknown[]) {
  return {
    id: token,
    token,
    line_items: lines.map((l) => ({
      ...(l as object),
      properties: Object.fromEntries(
        (l as { properties: { name: string; value: string }[] }).properties.map((p) => [p.name, p.value]),
      ),
    })),
    updated_at: '2026-11-22T12:00:00+11:00',
  };
}

/** The request Shopify would send for `topic` with `payload` (signed with `secret`). */
export function webhook(
  topic: string,
  payload: unknown,
  options: { webhookId?: string; secret?: string; domain?: string; body?: string } = {},
): Request {
  const body = options.body ?? JSON.stringify(payload);
  const hmac = createHmac('sha256', options.secret ?? API_SECRET)
    .update(body)
    .digest('base64');
  return new Request('http://booking.test/shopify/webhooks', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': hmac,
      'x-shopify-shop-domain': options.domain ?? SHOP_DOMAIN,
      'x-shopify-webhook-id': options.webhookId ?? crypto.randomUUID(),
      'x-shopify-api-version': '2025-10',
    },
    body,
  });
}

/** A request as Shopify's app proxy forwards `/apps/bookings<path>`: signed, no token. */
export function proxied(
  service: TestService,
  path: string,
  options: {
    method?: string;
    body?: unknown;
    secret?: string;
    timestamp?: number;
    headers?: Record<string, string>;
  } = {},
): Request {
  const url = new URL(`${service.baseUrl}/shopify/proxy${path}`);
  url.searchParams.set('shop', SHOP_DOMAIN);
  url.searchParams.set('logged_in_customer_id', '');
  url.searchParams.set('path_prefix', '/apps/bookings');
  url.searchParams.set('timestamp', String(options.timestamp ?? Math.floor(service.clock.now() / 1000)));
  url.searchParams.set(
    'signature',
    createHmac('sha256', options.secret ?? API_SECRET)
      .update(proxyMessage(url.searchParams))
      .digest('hex'),
  );
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Request(url, {
    method: options.method ?? 'GET',
    headers: {
      ...(body && { 'content-type': 'application/json' }),
      'x-forwarded-for': '203.0.113.7',
      ...options.headers,
    },
    body,
  });
}
