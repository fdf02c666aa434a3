/**
 * Shopify's two signatures, checked in constant time with the app's secret (its "client
 * secret"): a webhook's `X-Shopify-Hmac-Sha256`, the base64 HMAC-SHA256 of the raw body; and an
 * app-proxy request's `signature` query parameter, the hex HMAC-SHA256 of the other query
 * parameters, each written `name=value` (several values of one name joined by `,`), those
 * strings sorted and concatenated with no separator (shopify.dev: "Authenticate app proxies").
 * The strings are sorted, not the names: they differ when one name is a prefix of another
 * (`a1=…` sorts before `a=…`, since `1` < `=`).
 * @module
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

function same(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `header` is the webhook signature of `body` with `secret`. */
export function webhookSignatureValid(body: Uint8Array, header: string | undefined, secret: string): boolean {
  if (!header || !/^[A-Za-z0-9+/]+={0,2}$/.test(header)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return same(Buffer.from(header, 'base64'), expected);
}

/** The message an app-proxy signature signs: the parameters but `signature`, as Shopify builds it. */
export function proxyMessage(params: URLSearchParams): string {
  const values = new Map<string, string[]>();
  for (const [name, value] of params) if (name !== 'signature') values.set(name, [...(values.get(name) ?? []), value]);
  // Sorted as Shopify's example sorts them: the joined `name=value` strings, by code unit.
  return [...values]
    .map(([name, list]) => `${name}=${list.join(',')}`)
    .sort()
    .join('');
}

/** Whether the `signature` parameter of `params` is Shopify's for them with `secret`. */
export function proxySignatureValid(params: URLSearchParams, secret: string): boolean {
  const signature = params.get('signature');
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(proxyMessage(params)).digest();
  return same(Buffer.from(signature, 'hex'), expected);
}
