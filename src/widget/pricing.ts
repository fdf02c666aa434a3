/**
 * What a choice or a hold is worth: its length in days or nights, the units a price applies
 * to (API.md widget `pricing`), and the total when the page gave the variant's price. The
 * Shopify cart line's quantity is the same units, so the cart charges what the hold is worth.
 * @module
 */
import { type PlainDate, diffDays } from '../shared/plain-date.ts';
import { priceUnitsOfDays } from '../shared/pricing.ts';
import type { WidgetSettings } from '../shared/records.ts';

/** A period's length as the shopper counts it: days held, or nights for a range counted in nights. */
export interface Length {
  n: number;
  unit: 'day' | 'night';
}

/** The length of `[start, finish)` (days, `finish` exclusive) under the widget's `count`. */
export function lengthOf(start: PlainDate, finish: PlainDate, s: WidgetSettings): Length {
  return { n: diffDays(start, finish), unit: s.count === 'nights' ? 'night' : 'day' };
}

/**
 * How many times the price applies to one unit of `[start, finish)`: once per booking, or per
 * day or night (a range counted in nights has one day more than nights, and vice versa).
 */
export function priceUnits(start: PlainDate, finish: PlainDate, s: WidgetSettings): number {
  return priceUnitsOfDays(diffDays(start, finish), s);
}

/** What `quantity` units of `[start, finish)` cost at `price` per unit and priced period. */
export function amountOf(
  price: number,
  quantity: number,
  start: PlainDate,
  finish: PlainDate,
  s: WidgetSettings,
): number {
  return price * quantity * priceUnits(start, finish, s);
}
