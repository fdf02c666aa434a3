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
 */
export function priceUnitsOfDays(days: number, s: Pick<WidgetSettings, 'count' | 'pricing'>): number {
  const unit = s.count === 'nights' ? 'night' : 'day';
  if (s.pricing === 'booking') return 1;
  if (s.pricing === unit) return days;
  return Math.max(1, s.pricing === 'day' ? days + 1 : days - 1);
}
