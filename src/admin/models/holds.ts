/**
 * A live hold's items as the merchant reads them: the days held in the shop's zone, counted as
 * the product's storefront widget counts them (days, or nights with the last day check-out),
 * the product and variant, and the units.
 * @module
 */
import type { ReservationItem } from '../../client/index.ts';
import { addDays, diffDays } from '../../shared/plain-date.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import { products, widgets } from './catalog.ts';
import { dayRange, localPeriod } from './dates.ts';

/** How the widget on the variant's product counts a range, or undefined when none is known. */
function countOf(variantExternalId: number): 'days' | 'nights' | undefined {
  const product = products.value?.find((p) =>
    p.variants.some((v) => Number(v.external_id) === Number(variantExternalId)),
  );
  if (!product) return undefined;
  // A product on several widgets follows its oldest (as the storefront does).
  const widget = (widgets.value ?? [])
    .filter((w) => w.external_product_ids.some((id) => Number(id) === Number(product.external_id)))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)[0];
  return widget?.type === 'range' ? widget.settings.count : widget ? 'days' : undefined;
}

/**
 * "Dec 29 – 30, 2026 (2 days)". The API's finish is exclusive (the midnight after the last day
 * held): counted in days the last day shown is the one before it; in nights it is the finish
 * itself, the check-out day. With no widget to say which, the finish is shown as not included.
 * An item with times (a slot) shows its day and wall-clock times in the shop's zone.
 */
export function heldDays(item: ReservationItem, tz: string): string {
  if (!item.all_day) return localPeriod(item.start_local, item.finish_local);
  const first = plainDateInZone(new Date(item.start), tz);
  const end = plainDateInZone(new Date(item.finish), tz);
  const n = diffDays(first, end);
  const count = countOf(item.external_id);
  if (count === 'nights')
    return `${dayRange(first, end)} (${n} ${n === 1 ? 'night' : 'nights'}, check-out ${dayRange(end, end)})`;
  if (count === 'days') return `${dayRange(first, addDays(end, -1))} (${n} ${n === 1 ? 'day' : 'days'})`;
  return `${dayRange(first, end)} (${dayRange(end, end)} not included)`;
}

/** "2 × Kayak hire – Double kayak: Dec 29 – 30, 2026 (2 days)". */
export function heldItem(item: ReservationItem, tz: string): string {
  return `${item.quantity} × ${item.product_title} – ${item.variant_title}: ${heldDays(item, tz)}`;
}
