/**
 * When a blackout applies to a variant, as one SQL predicate used by the blackout list filters
 * and by the availability engine alike.
 *
 * A blackout names at most a location, a product and a variant; none means the whole shop (one
 * that names a resource applies through the resource's pools alone, never here). It
 * applies to a variant when every target it names matches that variant: its own id, its
 * product, its product's location. The list filters follow from it: a product's blackouts are
 * those applying to any of its variants (or to the product as such), a location's those applying
 * to anything there, a vendor's those applying to any of the vendor's products.
 * @module
 */

/**
 * SQL: blackout `b` applies to the variant `v` of product `p` (aliases as given).
 * A product with no variants is matched through `v` being NULL-safe on variant-level targets.
 */
export function appliesToVariantSql(b = 'b', v = 'v', p = 'p'): string {
  return `${b}.resource_id IS NULL AND (${b}.variant_id IS NULL OR ${b}.variant_id = ${v}.id)
      AND (${b}.product_id IS NULL OR ${b}.product_id = ${p}.id)
      AND (${b}.location_id IS NULL OR ${b}.location_id IS NOT DISTINCT FROM ${p}.location_id)`;
}

/** SQL: blackout `b` applies to product `p` itself or to one of its variants. */
export function appliesToProductSql(b = 'b', p = 'p'): string {
  return `${b}.resource_id IS NULL AND (${b}.product_id IS NULL OR ${b}.product_id = ${p}.id)
      AND (${b}.location_id IS NULL OR ${b}.location_id IS NOT DISTINCT FROM ${p}.location_id)
      AND (${b}.variant_id IS NULL OR EXISTS (SELECT 1 FROM variants bv WHERE bv.id = ${b}.variant_id AND bv.product_id = ${p}.id))`;
}
