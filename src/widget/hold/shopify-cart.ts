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
  quantity: number;
  properties?: Record<string, string> | null;
}

type Json = Host['storefrontJson'];

/** The cart's lines (`/cart.js`). */
async function cartLines(fetcher: WidgetFetch, storefrontJson: Json, signal: AbortSignal): Promise<CartLine[]> {
  return ((await storefrontJson(fetcher, 'cart.js', { signal })) as { items?: CartLine[] } | null)?.items ?? [];
}

/** Sets a line's quantity (`/cart/change.js`); 0 takes it out. */
function setQuantity(
  fetcher: WidgetFetch,
  storefrontJson: Json,
  signal: AbortSignal,
  key: string,
  quantity: number,
): Promise<unknown> {
  return storefrontJson(fetcher, 'cart/change.js', {
    method: 'POST',
    signal,
    body: JSON.stringify({ id: key, quantity }),
  });
}

/** The held item of `r` that cart line `l` is, its days and units as held now; else undefined. */
function heldItemOf(l: CartLine, r: Reservation | undefined): ReservationItem | undefined {
  const p = l.properties;
  return r && p?._reservation_id === String(r.id)
    ? r.items.find(
        (i) =>
          String(i.external_id) === String(l.variant_id) &&
          i.start === p._start &&
          i.finish === p._finish &&
          String(i.quantity) === p._units,
      )
    : undefined;
}

/**
 * Takes out of the cart every booking line (one with a `_reservation_id`) that `r` does not
 * hold as it is: a released or expired hold's lines (`r` undefined, or another reservation), and
 * this hold's lines for days or units it no longer holds (the shopper updated the hold). A
 * shopper must never check out dates that are not held. Resolves to the lines taken out.
 */
export async function pruneShopifyCart(
  r: Reservation | undefined,
  fetcher: WidgetFetch,
  storefrontJson: Json,
  signal: AbortSignal,
  lines?: CartLine[],
): Promise<CartLine[]> {
  const stale = (lines ?? (await cartLines(fetcher, storefrontJson, signal))).filter(
    (l) => l.properties?._reservation_id && !heldItemOf(l, r),
  );
  for (const l of stale) await setQuantity(fetcher, storefrontJson, signal, l.key, 0);
  return stale;
}

/**
 * Puts the held items of `variants` into the Shopify cart, each with its booking as line item
 * properties (`_`-prefixed ones are hidden at checkout): one line per held item, so a hold of
 * several ticket types (Adult and Child) is several lines sharing its `_reservation_id`, added
 * in one `/cart/add.js`. First the lines this reservation no longer holds as they are leave the
 * cart (see `pruneShopifyCart`: other days after "Update hold", another quantity, a type no
 * longer held). A line already there for a held item keeps it, its quantity set
 * (`/cart/change.js`) when the shopper changed it in the cart; the others are added
 * (`/cart/add.js`, `items` form). Adding again would merge into that line and add the
 * quantities up.
 */
export async function addToShopifyCart(
  reservation: Reservation,
  variants: readonly string[],
  line: ItemLine,
  fetcher: WidgetFetch,
  storefrontJson: Json,
  signal: AbortSignal,
): Promise<void> {
  const id = String(reservation.id);
  const lines = await cartLines(fetcher, storefrontJson, signal);
  await pruneShopifyCart(reservation, fetcher, storefrontJson, signal, lines);
  const items = [];
  for (const i of reservation.items) {
    if (!variants.includes(String(i.external_id))) continue;
    const { quantity, properties } = line(i);
    const existing = lines.find((l) => heldItemOf(l, reservation) === i);
    if (!existing)
      items.push({
        id: Number(i.external_id),
        quantity,
        properties: {
          ...properties,
          _start: i.start,
          _finish: i.finish,
          _units: String(i.quantity),
          _reservation_id: id,
        },
      });
    else if (existing.quantity !== quantity) await setQuantity(fetcher, storefrontJson, signal, existing.key, quantity);
  }
  if (items.length)
    await storefrontJson(fetcher, 'cart/add.js', { method: 'POST', signal, body: JSON.stringify({ items }) });
}

/**
 * Takes the lines of reservation `id` out of the Shopify cart (a hold released or run out): a
 * shopper must never check out dates that are no longer held. Resolves to how many were removed.
 */
export async function removeFromShopifyCart(
  id: number,
  fetcher: WidgetFetch,
  storefrontJson: Json,
  signal: AbortSignal,
): Promise<number> {
  const held = (await cartLines(fetcher, storefrontJson, signal)).filter(
    (l) => l.properties?._reservation_id === String(id),
  );
  for (const l of held) await setQuantity(fetcher, storefrontJson, signal, l.key, 0);
  return held.length;
}
