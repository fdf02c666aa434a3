/**
 * The cart a hold is made against (WIDGET.md, Cart), and adding held items to a Shopify cart.
 * These calls go to the storefront itself (`/cart.js`), not to the booking API.
 * @module
 */
import type { Reservation, ReservationItem } from '../../shared/records.ts';
import type { WidgetFetch } from './connection.ts';

const STORAGE_KEY = 'booking-widget:cart-token';

interface ShopifyGlobal {
  routes?: { root?: string };
}

/** The storefront's Shopify global, when the page is a Shopify storefront. */
export function shopify(): ShopifyGlobal | undefined {
  return (globalThis as { Shopify?: ShopifyGlobal }).Shopify;
}

/** A storefront URL, under the market's root (`/fr-ca/`) when Shopify gives one. */
function storefrontUrl(path: string): string {
  const root = shopify()?.routes?.root ?? '/';
  return root.replace(/\/?$/, '/') + path;
}

async function storefrontJson(fetcher: WidgetFetch, path: string, init: RequestInit): Promise<unknown> {
  const res = await fetcher(storefrontUrl(path), { ...init, headers: { accept: 'application/json', 'content-type': 'application/json' } });
  if (!res.ok) throw Object.assign(new Error(`${path} answered ${res.status}`), { code: 'cart_failed' });
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
export function resolveCartToken(attribute: string | null, fetcher: WidgetFetch, signal: AbortSignal): string | Promise<string> {
  if (attribute) return attribute;
  if (!shopify()) return storedToken();
  return storefrontJson(fetcher, 'cart.js', { signal }).then((cart) => {
    const token = (cart as { token?: unknown } | null)?.token;
    return typeof token === 'string' && token ? token : storedToken();
  });
}

/** The visible line item properties of a held item: its first and last day in the shop's zone. */
export type ItemLabel = (item: ReservationItem) => { Start: string; Finish: string };

/** A line of the Shopify cart, as `/cart.js` lists it. */
interface CartLine {
  key: string;
  variant_id: number;
  properties?: Record<string, string> | null;
}

/**
 * Puts the held items of `variant` into the Shopify cart, each with its booking as line item
 * properties (`_`-prefixed ones are hidden at checkout). A day already in the cart from an
 * earlier hold of the same reservation (held again after expiry, or with another quantity)
 * gets its line's quantity set (`/cart/change.js`); the others are added (`/cart/add.js`,
 * `items` form). Adding again would merge into that line and add the quantities up.
 */
export async function addToShopifyCart(reservation: Reservation, variant: string, label: ItemLabel, fetcher: WidgetFetch, signal: AbortSignal): Promise<void> {
  const id = String(reservation.id);
  const post = (path: string, body: object) => storefrontJson(fetcher, path, { method: 'POST', signal, body: JSON.stringify(body) });
  const lines = ((await storefrontJson(fetcher, 'cart.js', { signal })) as { items?: CartLine[] } | null)?.items ?? [];
  const items = [];
  for (const i of reservation.items) {
    if (String(i.external_id) !== variant) continue;
    const line = lines.find((l) => String(l.variant_id) === variant && l.properties?._reservation_id === id && l.properties._start === i.start);
    if (line) await post('cart/change.js', { id: line.key, quantity: i.quantity });
    else items.push({ id: Number(variant), quantity: i.quantity, properties: { ...label(i), _start: i.start, _finish: i.finish, _reservation_id: id } });
  }
  if (items.length) await post('cart/add.js', { items });
}
