/**
 * What a publishable token may hold (API.md §7): the public token is shared by every shopper, so
 * its holds are bounded per cart, where a shopper never meets the bounds and a hoarder does.
 * Secret tokens (the merchant's servers) are not limited this way.
 *
 * - Each item: at most its widget's `quantity_max` units (422 on `items[i].quantity`).
 * - The cart: at most `CART_BOOKINGS` full bookings' worth of units × days, a full booking being
 *   `quantity_max` × `max_days` of the largest product in the cart (422 on `items`). A shopper
 *   books one or two things; four of the largest at their widest is a whole party's trip.
 * - How far ahead: every item, whatever the token, lies within the widget's `horizon_days`
 *   (`outside_window`, judged with the other rules by the engine).
 * @module
 */
import type { Period, VariantRules } from '../availability/types.ts';
import { InvalidError } from '../shared/errors.ts';
import { diffDays } from '../../shared/plain-date.ts';
import type { HoldInput } from './schemas.ts';

/** A publishable cart holds at most this many full bookings of its largest product (units × days). */
export const CART_BOOKINGS = 4;

/** What the cart keeps besides the posted items. */
export interface CartRest {
  /** Units × days of its live items of variants not posted. */
  unitDays: number;
  /** The largest `quantity_max` × `max_days` among those items' products (null: none). */
  allowance: number | null;
}

/** Throws the 422 naming each bound a publishable token's post would exceed. */
export function checkPublishableLimits(
  input: HoldInput,
  periods: readonly Period[],
  rules: ReadonlyMap<number, VariantRules>,
  rest: CartRest,
): void {
  const fields: Record<string, string[]> = {};
  let unitDays = rest.unitDays;
  let allowance = rest.allowance ?? 0;
  input.items.forEach((item, i) => {
    const v = rules.get(item.externalId);
    if (!v) return; // an unknown variant is a 409 (unknown_variant)
    const { quantity_max: max, max_days: days } = v.settings;
    if (item.quantity > max)
      fields[`items[${i}].quantity`] = [`must be at most ${max} (the widget's quantity_max) with a publishable token`];
    unitDays += item.quantity * diffDays(periods[i]!.startDay, periods[i]!.finishDay);
    allowance = Math.max(allowance, max * days);
  });
  const budget = CART_BOOKINGS * allowance;
  if (unitDays > budget && Object.keys(fields).length === 0) {
    fields.items = [
      `would make the cart hold ${unitDays} units × days; a publishable token's cart holds at most ${budget} (${CART_BOOKINGS} × quantity_max × max_days)`,
    ];
  }
  if (Object.keys(fields).length > 0) throw new InvalidError(fields);
}
