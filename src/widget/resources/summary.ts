/**
 * What the chosen ticket types come to, in words: "Adult 2 × A$89, Child (8-15) 1 × A$59" and
 * the group's total, every amount by `Intl.NumberFormat` in the shopper's language, each type's
 * price as the page gave it (`prices`).
 * @module
 */
import type { PlainDate } from '../../shared/plain-date.ts';
import type { WidgetSettings } from '../../shared/records.ts';
import type { WidgetConfig } from '../boot/host.ts';
import { type Formats, isolate } from '../format.ts';
import { amountOf } from '../pricing.ts';
import type { TicketType } from './group.ts';
import { variantPrice } from './prices.ts';

/** Each type's units, by variant. */
export type Units = Record<string, number>;

/**
 * "Adult 2 × A$89, Child (8-15) 1 × A$59" (types with none left out), or without a price from
 * the page "Adult × 2": joined as the language joins a list of units (Intl's `unit` list).
 * @example ticketList(types, { a: 2, c: 1 }, config, createFormats('en'), 'en')
 */
export function ticketList(
  types: TicketType[],
  units: Units,
  config: Pick<WidgetConfig, 'price' | 'prices' | 'variant' | 'currency'>,
  f: Formats,
  locale: string,
): string {
  const parts = types.flatMap((t) => {
    const n = units[t.variant] ?? 0;
    const price = variantPrice(config, t.variant);
    const title = isolate(t.title);
    if (!n) return [];
    return [
      price === undefined || !config.currency
        ? `${title} × ${f.number(n)}`
        : `${title} ${f.number(n)} × ${f.money(price, config.currency)}`,
    ];
  });
  return new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(parts);
}

/**
 * What the chosen types cost for `[start, finish)` under the widget's pricing, or undefined
 * unless the page priced every type chosen (no total is ever a guess).
 */
export function groupTotal(
  types: TicketType[],
  units: Units,
  config: Pick<WidgetConfig, 'price' | 'prices' | 'variant'>,
  start: PlainDate,
  finish: PlainDate,
  s: WidgetSettings,
): number | undefined {
  let total = 0;
  for (const t of types) {
    const n = units[t.variant] ?? 0;
    const price = variantPrice(config, t.variant);
    if (!n) continue;
    if (price === undefined) return undefined;
    total += amountOf(price, n, start, finish, s);
  }
  return total;
}
