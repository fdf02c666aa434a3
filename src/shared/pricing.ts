/**
 * How many times a unit's price applies to a held period (API.md, the widget's `pricing`): one
 * rule for the widget, which charges the Shopify cart line that many times the units, and for
 * the service, which books an order line only when its quantity paid for its hold.
 * @module
 */
import type { WidgetSettings } from './records.ts';

/**
 * The times a price applies to one unit of a period of `days` held days: once per booking, or
 * per day or night (a range counted in nights has one day more than nights, and vice versa).
 * Whole days hold no slots: `slot` pricing applies once, as `booking`.
 */
export function priceUnitsOfDays(days: number, s: Pick<WidgetSettings, 'count' | 'pricing'>): number {
  const unit = s.count === 'nights' ? 'night' : 'day';
  if (s.pricing === 'booking' || s.pricing === 'slot') return 1;
  if (s.pricing === unit) return days;
  return Math.max(1, s.pricing === 'day' ? days + 1 : days - 1);
}

/**
 * The times a price applies to one unit of a run of `slots` consecutive slots (a variant booked
 * by times of day): once per slot under `slot` pricing, else once (a run lies within the
 * booking, and the day it starts on is its one day).
 */
export function priceUnitsOfSlots(slots: number, s: Pick<WidgetSettings, 'pricing'>): number {
  return s.pricing === 'slot' ? Math.max(1, slots) : 1;
}

/**
 * How many slots of `durationMinutes` the period [startAt, finishAt) (ms) spans: consecutive
 * slots follow each other without a gap, so a run's elapsed time is a whole number of them.
 */
export function slotsIn(startAt: number, finishAt: number, durationMinutes: number): number {
  return Math.max(1, Math.round((finishAt - startAt) / 60_000 / durationMinutes));
}
