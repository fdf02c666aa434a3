/**
 * What an order line may book. A line's properties are written by the storefront, so anyone
 * can write them: `_units`, `_start` and `_finish` are never taken on trust. The hold that
 * `_reservation_id` names, when it is the order's cart's, says what was held (units and
 * instants) and what its cart line must carry: the quantity recorded when the hold was made,
 * under the pricing of the widget the storefront showed (migration 13), so a later change of
 * the product's widgets changes nothing for it. Without such a hold (it lapsed and is gone, or
 * the id is not the cart's), the line's own properties stand and the product's pricing now
 * applies: its oldest widget's, else the `range` defaults (per day; API.md §4.1). One rule, the
 * storefront's: units × the days, nights or slots the price applies to (units alone when priced
 * per booking; src/shared/pricing.ts). A line that pays less books nothing; one that pays more is
 * booked, and the excess noted.
 * @module
 */
import { diffDays } from '../../shared/plain-date.ts';
import { priceUnitsOfDays, priceUnitsOfSlots, slotsIn } from '../../shared/pricing.ts';
import type { WidgetSettings } from '../../shared/records.ts';
import { resolveSettings } from '../../shared/settings.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import type { Queryable } from '../db/types.ts';
import { productWidget, recordedItem, storedCartTokens } from './order-queries.ts';
import type { HeldLine } from './payload.ts';

/** How a unit's price applies: once per booking, per day, per night. */
export type Pricing = WidgetSettings['pricing'];

/** What a line claims to book, and what it paid against what it had to. */
export interface LineClaim {
  startAt: number;
  finishAt: number;
  units: number;
  pricing: Pricing;
  /** The quantity the cart line had to carry for these units and days under `pricing`. */
  required: number;
  /** The line's quantity: what was paid for. */
  paid: number;
}

/** What a line books, or why it books nothing. */
export type LineBooking = ({ ok: true; cartToken: string | undefined } | { ok: false; reason: string }) & LineClaim;

/** The reason recorded for a line that paid for less than it claims. */
export const LINE_MISMATCH = 'the order line does not match the hold';

/** The reason noted beside the booking of a line that paid for more than it claims. */
export const LINE_OVERPAID = 'the order line paid for more than its hold: booked';

/**
 * The pricing the product of `variantId` follows now, and the cart quantity it asks for `units`
 * over [startAt, finishAt): by the days it spans, or for a variant booked by times of day by the
 * slots it spans (migration 21 counts a hold's alike).
 */
async function currentPrice(
  db: Queryable,
  shopId: number,
  tz: string,
  variantId: number,
  units: number,
  startAt: number,
  finishAt: number,
): Promise<{ pricing: Pricing; required: number }> {
  const { widget, slotMinutes } = await productWidget(db, shopId, variantId);
  // No widget on the product: it takes the range defaults, as holds and bookings do.
  const settings = resolveSettings(widget?.type ?? 'range', (widget?.settings ?? {}) as Partial<WidgetSettings>);
  const times =
    slotMinutes && slotMinutes > 0
      ? priceUnitsOfSlots(slotsIn(startAt, finishAt, slotMinutes), settings)
      : priceUnitsOfDays(diffDays(plainDateInZone(startAt, tz), plainDateInZone(finishAt, tz)), settings);
  return { pricing: settings.pricing, required: units * times };
}

/** What `line` of an order from cart `bareCart` (null: none) books, judged as the module says. */
export async function lineBooking(
  db: Queryable,
  shop: { shop_id: number; tz: string },
  bareCart: string | null,
  line: HeldLine,
): Promise<LineBooking> {
  const reservationId = line.reservationId && /^\d{1,18}$/.test(line.reservationId) ? line.reservationId : null;
  const held =
    bareCart && reservationId
      ? await recordedItem(db, shop.shop_id, reservationId, bareCart, line.variantId, line.startAt)
      : undefined;
  const at = held
    ? { startAt: held.start_at, finishAt: held.finish_at, units: held.quantity }
    : { startAt: line.startAt, finishAt: line.finishAt, units: line.units };
  const price =
    held?.pricing && held.line_quantity !== null
      ? { pricing: held.pricing, required: held.line_quantity }
      : await currentPrice(db, shop.shop_id, shop.tz, line.variantId, at.units, at.startAt, at.finishAt);
  const claim: LineClaim = { ...at, ...price, paid: line.quantity };
  if (line.quantity < price.required) return { ok: false, reason: LINE_MISMATCH, ...claim };
  // The hold to release is the cart's as it stored its token (the order's may lack `?key=`).
  const cartToken =
    held?.cart_token ?? (bareCart ? ((await storedCartTokens(db, shop.shop_id, bareCart))[0] ?? bareCart) : undefined);
  return { ok: true, cartToken, ...claim };
}
