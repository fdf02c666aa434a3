/**
 * What an order line may book. A line's properties are written by the storefront, so anyone
 * can write them: `_units`, `_start` and `_finish` are never taken on trust. The hold that
 * `_reservation_id` names, when it is the order's cart's, says what was held (units and
 * instants); without it (the hold lapsed and is gone, or the id is not the cart's) the line's
 * own properties stand. Either way the line must have paid for it: its quantity is what the
 * widget put in the cart, units × the days or nights the price applies to (units alone when
 * priced per booking; src/shared/pricing.ts). A line that did not is booked for nothing.
 * @module
 */
import { diffDays } from '../../shared/plain-date.ts';
import { priceUnitsOfDays } from '../../shared/pricing.ts';
import type { WidgetSettings } from '../../shared/records.ts';
import { resolveSettings } from '../../shared/settings.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import type { Queryable } from '../db/types.ts';
import { recordedItem, storedCartTokens, variantWidgets } from './order-queries.ts';
import type { HeldLine } from './payload.ts';

/** What a line books, or why it books nothing. */
export type LineBooking =
  | { ok: true; startAt: number; finishAt: number; units: number; cartToken: string | undefined }
  | { ok: false; reason: string };

/** The reason recorded for a line that did not pay for what it claims. */
export const LINE_MISMATCH = 'the order line does not match the hold';

/** The quantities a line of `units` over [startAt, finishAt) may carry, one per widget on its product. */
async function paidQuantities(db: Queryable, shopId: number, tz: string, variantId: number, units: number, startAt: number, finishAt: number): Promise<number[]> {
  const days = diffDays(plainDateInZone(startAt, tz), plainDateInZone(finishAt, tz));
  const widgets = await variantWidgets(db, shopId, variantId);
  // No widget on the product: no widget made the line; either default pricing is accepted.
  const settings = widgets.length > 0 ? widgets.map((w) => resolveSettings(w.type, w.settings as Partial<WidgetSettings>)) : [resolveSettings('date'), resolveSettings('range')];
  return settings.map((s) => units * priceUnitsOfDays(days, s));
}

/** What `line` of an order from cart `bareCart` (null: none) books, judged as the module says. */
export async function lineBooking(db: Queryable, shop: { shop_id: number; tz: string }, bareCart: string | null, line: HeldLine): Promise<LineBooking> {
  const reservationId = line.reservationId && /^\d{1,18}$/.test(line.reservationId) ? line.reservationId : null;
  const held = bareCart && reservationId ? await recordedItem(db, shop.shop_id, reservationId, bareCart, line.variantId, line.startAt) : undefined;
  const claim = held ? { startAt: held.start_at, finishAt: held.finish_at, units: held.quantity } : { startAt: line.startAt, finishAt: line.finishAt, units: line.units };
  const paid = await paidQuantities(db, shop.shop_id, shop.tz, line.variantId, claim.units, claim.startAt, claim.finishAt);
  if (!paid.includes(line.quantity)) return { ok: false, reason: LINE_MISMATCH };
  // The hold to release is the cart's as it stored its token (the order's may lack `?key=`).
  const cartToken = held?.cart_token ?? (bareCart ? ((await storedCartTokens(db, shop.shop_id, bareCart))[0] ?? bareCart) : undefined);
  return { ok: true, ...claim, cartToken };
}
