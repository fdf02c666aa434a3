/**
 * The answers on Shopify: written as visible properties of every cart line of the hold (the
 * widget holds one product's variants), beside the widget's own properties, so the order
 * carries them and `orders/create` makes them the booking's fields. `/cart/change.js` replaces a
 * line's properties, so the line's others are sent again; an answer emptied is taken out.
 * @module
 */
import type { Reservation } from '../../../shared/records.ts';
import type { ModelDeps } from '../../models/booking-types.ts';

interface Line {
  key: string;
  quantity: number;
  properties?: Record<string, string> | null;
}

/** Sets `answers` (by name) on the hold's cart lines; `names` are every answer's name, to drop emptied ones. */
export async function saveToShopifyCart(
  r: Reservation,
  answers: Record<string, string>,
  deps: Pick<ModelDeps, 'fetch' | 'storefrontJson' | 'signal'>,
  names: readonly string[],
): Promise<void> {
  const { fetch, storefrontJson, signal } = deps;
  const cart = (await storefrontJson(fetch, 'cart.js', { signal })) as { items?: Line[] } | null;
  for (const line of cart?.items ?? []) {
    const p = line.properties ?? {};
    if (p._reservation_id !== String(r.id)) continue;
    const kept = Object.fromEntries(Object.entries(p).filter(([name]) => !names.includes(name)));
    await storefrontJson(fetch, 'cart/change.js', {
      method: 'POST',
      signal,
      body: JSON.stringify({ id: line.key, quantity: line.quantity, properties: { ...kept, ...answers } }),
    });
  }
}
