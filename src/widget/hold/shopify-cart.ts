/**
 * Adding held items to a Shopify cart, loaded with the rest of the hold's code when the
 * shopper first picks a day. These calls go to the storefront itself, not to the booking API.
 * @module
 */
import type { Reservation, ReservationItem } from '../../shared/records.ts';
import type { WidgetFetch } from '../api/connection.ts';
import type { Host } from '../boot/host.ts';

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
export async function addToShopifyCart(
  reservation: Reservation,
  variant: string,
  label: ItemLabel,
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
    const line = lines.find((l) => String(l.variant_id) === variant && l.properties?._reservation_id === id && l.properties._start === i.start);
    if (line) await post('cart/change.js', { id: line.key, quantity: i.quantity });
    else items.push({ id: Number(variant), quantity: i.quantity, properties: { ...label(i), _start: i.start, _finish: i.finish, _reservation_id: id } });
  }
  if (items.length) await post('cart/add.js', { items });
}
