/**
 * The names shared by the blackout body's checks and the queries that resolve it (types only).
 * @module
 */

/** A body field that names a target of a blackout: by our id or by the platform's. */
export type TargetField =
  | 'product_id'
  | 'external_product_id'
  | 'variant_id'
  | 'external_variant_id'
  | 'location_id'
  | 'resource_id';
