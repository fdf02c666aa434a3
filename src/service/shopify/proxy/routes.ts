/**
 * Shopify's app proxy (issue 17.5): a storefront request to `/apps/bookings/v1/...` reaches the
 * service as `/shopify/proxy/v1/...` with Shopify's `shop`, `path_prefix`, `timestamp` and
 * `signature` parameters. A valid signature (the app's secret, signatures.ts) within 90
 * seconds of the service's clock stands for the shop's publishable token: the request is
 * served as the same `/v1/...` request with the publishable scopes, so the page needs no token.
 * The scopes are handed over in a WeakMap keyed by the Request this module creates, which no
 * client can name. Shopify adds the shopper's address as the last `X-Forwarded-For` entry: it
 * keys the per-client limits of proxied requests.
 * @module
 */
import { Hono } from 'hono';
import type { AppEnv, ClientEnv } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import { sqlNowOf } from '../../shared/clock.ts';
import { addressInHeader } from '../../http/client-address.ts';
import { readCapped } from '../../http/read-capped.ts';
import { MAX_BODY_BYTES, tooLarge } from '../../middleware/json-body.ts';
import { SHOPIFY_DOMAIN } from '../../shops/input.ts';
import { proxiedAuth } from '../proxied-auth.ts';
import { secretsOf, shopByDomain } from '../queries.ts';
import { proxySignatureValid } from '../signatures.ts';

/** How far a proxied request's `timestamp` may be from the service's clock, either way, in seconds (Shopify's own libraries allow 90). */
export const PROXY_MAX_AGE_S = 90;

const PROXY_PARAMS = ['shop', 'path_prefix', 'timestamp', 'signature', 'logged_in_customer_id'];

const refused = (why: string) => new HttpError('unauthorized', `The app-proxy request is not valid: ${why}.`);

/**
 * The body to forward, read under the JSON body limit: it must be read whole before the inner
 * request exists, and a chunked one (no Content-Length) could otherwise be any size. 413 past it.
 */
async function cappedBody(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const length = request.headers.get('content-length');
  if (length !== null && Number(length) > MAX_BODY_BYTES) throw tooLarge();
  const bytes = await readCapped(request.body, MAX_BODY_BYTES);
  if (!bytes) throw tooLarge();
  return bytes;
}

/** ALL /shopify/proxy/v1/*, served through `forward` (the app's own fetch). */
export function shopifyProxyRoutes(forward: (request: Request, env: ClientEnv) => Promise<Response>): Hono<AppEnv> {
  return new Hono<AppEnv>().all('/shopify/proxy/v1/*', async (c) => {
    const { db, clock } = c.get('deps');
    const url = new URL(c.req.url);
    const domain = url.searchParams.get('shop') ?? '';
    const shop = SHOPIFY_DOMAIN.test(domain) ? await shopByDomain(db, domain, sqlNowOf(clock)) : undefined;
    if (!shop) throw refused('no shop of this service signed it');
    // The previous secret too, for an hour after a change: Shopify signs with it for a while.
    if (!secretsOf(shop).some((secret) => proxySignatureValid(url.searchParams, secret)))
      throw refused('its signature does not match');
    const timestamp = Number(url.searchParams.get('timestamp'));
    // Against the app's clock, which in production is the database's as this process reads it
    // (time/database-clock.ts): a host whose own clock drifted does not refuse Shopify.
    if (!Number.isSafeInteger(timestamp) || Math.abs(clock.now() / 1000 - timestamp) > PROXY_MAX_AGE_S)
      throw refused('its timestamp is more than 90 seconds off');

    const inner = new URL(url.pathname.replace(/^\/shopify\/proxy/, ''), url.origin);
    for (const [name, value] of url.searchParams)
      if (!PROXY_PARAMS.includes(name) && name !== 'token') inner.searchParams.append(name, value);
    const headers = new Headers(c.req.raw.headers);
    // Only the signature speaks for the shop: no token, cookie or origin rides along.
    for (const name of ['authorization', 'cookie', 'origin']) headers.delete(name);
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? undefined : await cappedBody(c.req.raw);
    const request = new Request(inner, { method, headers, body });
    proxiedAuth.set(request, {
      tokenId: -shop.shop_id,
      kind: 'publishable',
      shopId: shop.shop_id,
      tz: shop.tz,
      locale: shop.locale,
      origins: [],
    });
    const shopper = addressInHeader(c.req.header('x-forwarded-for')) ?? c.get('client');
    return forward(request, shopper ? { clientAddress: shopper } : {});
  });
}
