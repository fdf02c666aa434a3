/**
 * Adding held items to a Shopify cart, loaded with the rest of the hold's code when the
 * shopper first picks a day. These calls go to the storefront itself, not to the booking API.
 * @module
 */
import type { Reservation, ReservationItem } from '../../shared/records.ts';
import type { WidgetFetch } from '../api/connection.ts';
import type { Host } from '../boot/host.ts';

/**
 * A held item as a cart line: its visible properties (first and last day in the shop's zone,
 * the units held, the length) and the line's quantity, which is what the hold is worth (units,
 * times days or nights when the widget prices per day or night).
 */
export type ItemLine = (item: ReservationItem) => { quantity: number; properties: Record<string, string> };

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
export async function addToShopifyCart(
  reservation: Reservation,
  variant: string,
  line: ItemLine,
  fetcher: WidgetFetch,
  storefrontJson: Host['storefrontJson'],
  signal: AbortSignal,
): Promise<void> {
  const id = String(reservation.id);
  const post = (path: string, body: object) => storefrontJson(fetcher, path, { method: 'POST', signal, body: JSON.stringify(body) });
  const lines = ((await storefrontJson(fetcher, 'cart.js', { signal })) as { items?: CartLine[] } | null)?.items ?? [];
  const items = [];
  for (const i of reservation.items) {
    if (String(i.external_id) !== variant) continue;
    const { quantity, properties } = line(i);
    const existing = lines.find((l) => String(l.variant_id) === variant && l.properties?._reservation_id === id && l.properties._start === i.start);
    if (existing) await post('cart/change.js', { id: existing.key, quantity });
    else items.push({ id: Number(variant), quantity, properties: { ...properties, _start: i.start, _finish: i.finish, _units: String(i.quantity), _reservation_id: id } });
  }
  if (items.length) await post('cart/add.js', { items });
}

/**
 * Takes the lines of reservation `id` out of the Shopify cart (a hold released or run out): a
 * shopper must never check out dates that are no longer held. Resolves to how many were removed.
 */
export async function removeFromShopifyCart(id: number, fetcher: WidgetFetch, storefrontJson: Host['storefrontJson'], signal: AbortSignal): Promise<number> {
  const lines = ((await storefrontJson(fetcher, 'cart.js', { signal })) as { items?: CartLine[] } | null)?.items ?? [];
  const held = lines.filter((l) => l.properties?._reservation_id === String(id));
  for (const l of held) await storefrontJson(fetcher, 'cart/change.js', { method: 'POST', signal, body: JSON.stringify({ id: l.key, quantity: 0 }) });
  return held.length;
}
