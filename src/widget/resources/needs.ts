/**
 * Whether a product needs the shared resources' file (`resources/`), read by the hold's file
 * from the widget record: the check alone, so a product without ticket types or a shopper's
 * choice never loads that file.
 * @module
 */
import type { Widget } from '../../shared/records.ts';

/**
 * True when `product` has a variant whose resource the shopper may choose (`choice: shopper`),
 * or two variants drawing on the same resource per unit (ticket types: Adult and Child in the
 * same seats). The record lists only variants with requirements (RESOURCES.md §4).
 * @example needsResources(widget, '9012345678902') // true: Adult and Child share "Boat seats"
 */
export function needsResources(widget: Widget | undefined, product: string): boolean {
  const mine = widget?.resource_variants?.filter((v) => String(v.product_external_id) === product) ?? [];
  // Each variant's per-unit resources, once per variant: an id met twice is shared.
  const units = mine.flatMap((v) => [
    ...new Set(v.requirements.flatMap((r) => (r.per === 'unit' ? r.resources.map((x) => x.id) : []))),
  ]);
  return mine.some((v) => v.requirements.some((r) => r.choice === 'shopper')) || new Set(units).size < units.length;
}
