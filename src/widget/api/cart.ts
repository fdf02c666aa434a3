/**
 * The cart a hold is made against (WIDGET.md, Cart), and adding held items to a Shopify cart.
 * These calls go to the storefront itself (`/cart.js`), not to the booking API.
 * @module
 */
import type { WidgetFetch } from './connection.ts';
import { WidgetError } from './failure.ts';

const STORAGE_KEY = 'booking-widget:cart-token';

interface ShopifyGlobal {
  routes?: { root?: string };
}

/** The storefront's Shopify global, when the page is a Shopify storefront. */
export function shopify(): ShopifyGlobal | undefined {
  return (globalThis as { Shopify?: ShopifyGlobal }).Shopify;
}

/** A storefront URL, under the market's root (`/fr-ca/`) when Shopify gives one. */
export function storefrontUrl(path: string): string {
  const root = shopify()?.routes?.root ?? '/';
  return root.replace(/\/?$/, '/') + path;
}

export async function storefrontJson(fetcher: WidgetFetch, path: string, init: RequestInit): Promise<unknown> {
  const res = await fetcher(storefrontUrl(path), {
    ...init,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
  });
  if (!res.ok) throw new WidgetError('cart_failed', `${path} answered ${res.status}`);
  return res.json();
}

/** A random token kept in `localStorage`, so a reload keeps the same hold. */
function storedToken(): string {
  const fresh = () => crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`.replace('.', '');
  try {
    let t = localStorage.getItem(STORAGE_KEY);
    if (!t) localStorage.setItem(STORAGE_KEY, (t = fresh()));
    return t;
  } catch {
    // Storage refused (private mode, a sandboxed frame): a token for this page view only.
    return fresh();
  }
}

/**
 * The cart token: the `cart-token` attribute, else Shopify's cart token (opaque, kept whole,
 * `?key=` included), else a stored random one. A string when known at once (attribute,
 * storage), so the first requests can carry it; a promise only on Shopify (`/cart.js`).
 */
export function resolveCartToken(
  attribute: string | null,
  fetcher: WidgetFetch,
  signal: AbortSignal,
): string | Promise<string> {
  if (attribute) return attribute;
  if (!shopify()) return storedToken();
  return storefrontJson(fetcher, 'cart.js', { signal }).then((cart) => {
    const token = (cart as { token?: unknown } | null)?.token;
    return typeof token === 'string' && token ? token : storedToken();
  });
}
