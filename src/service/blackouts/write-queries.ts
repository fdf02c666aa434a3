/**
 * The statements of POST and PUT /v1/blackouts: the stored columns (locked for an update), the
 * insert and the update, and the lookups that check a body's targets against the shop's
 * catalogue. Every statement is scoped to one shop, so another shop's ids are never found.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { BlackoutScope } from '../../shared/records.ts';
import type { TargetField } from './types.ts';

/** The stored columns of a blackout, as POST and PUT write them. */
export interface BlackoutColumns {
  title: string | null;
  shopper_reason: string | null;
  starts_at: Date;
  finishes_at: Date;
  all_day: 0 | 1;
  scope: BlackoutScope;
  product_id: number | null;
  variant_id: number | null;
  location_id: number | null;
  resource_id: number | null;
}

/** The stored columns of the shop's blackout `id`, locked for an update, or undefined. */
export async function lockBlackoutColumns(
  tx: Queryable,
  shopId: number,
  id: number,
): Promise<BlackoutColumns | undefined> {
  const { rows } = await tx.query<BlackoutColumns>(
    `SELECT title, shopper_reason, starts_at, finishes_at, all_day, scope, product_id, variant_id, location_id, resource_id
       FROM blackouts WHERE shop_id = $1 AND id = $2 FOR UPDATE`,
    [shopId, id],
  );
  return rows[0];
}

const COLUMN_VALUES = (c: BlackoutColumns) => [
  c.title,
  c.shopper_reason,
  c.starts_at,
  c.finishes_at,
  c.all_day,
  c.scope,
  c.product_id,
  c.variant_id,
  c.location_id,
  c.resource_id,
];

/** Inserts a blackout made at `now` and resolves to its id. */
export async function insertBlackout(
  tx: Queryable,
  shopId: number,
  columns: BlackoutColumns,
  now: Date,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO blackouts (shop_id, title, shopper_reason, starts_at, finishes_at, all_day, scope, product_id, variant_id, location_id, resource_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
    [shopId, ...COLUMN_VALUES(columns), now],
  );
  return rows[0]!.id;
}

/** Writes `columns` over the shop's blackout `id`, changed at `now`. */
export async function updateBlackoutColumns(
  tx: Queryable,
  shopId: number,
  id: number,
  columns: BlackoutColumns,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE blackouts SET title = $3, shopper_reason = $4, starts_at = $5, finishes_at = $6, all_day = $7, scope = $8,
       product_id = $9, variant_id = $10, location_id = $11, resource_id = $12, updated_at = $13
     WHERE shop_id = $1 AND id = $2`,
    [shopId, id, ...COLUMN_VALUES(columns), now],
  );
}

// How each target field of a body is found in the shop: by our id or by the platform's.
const TARGET_LOOKUPS: Record<TargetField, string> = {
  product_id: 'SELECT id FROM products WHERE shop_id = $1 AND id = $2',
  external_product_id: 'SELECT id FROM products WHERE shop_id = $1 AND external_id = $2',
  variant_id: 'SELECT id FROM variants WHERE shop_id = $1 AND id = $2',
  external_variant_id: 'SELECT id FROM variants WHERE shop_id = $1 AND external_id = $2',
  location_id: 'SELECT id FROM locations WHERE shop_id = $1 AND id = $2',
  resource_id: 'SELECT id FROM resources WHERE shop_id = $1 AND id = $2',
};

/** The stored id of the product, variant, location or resource that `field: value` names in the shop, if any. */
export async function findTargetId(
  tx: Queryable,
  shopId: number,
  field: TargetField,
  value: number,
): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(TARGET_LOOKUPS[field], [shopId, value]);
  return rows[0]?.id;
}

/** The product of variant `variantId` (undefined when it is gone). */
export async function productOfVariant(tx: Queryable, variantId: number): Promise<number | undefined> {
  return (await tx.query<{ product_id: number }>('SELECT product_id FROM variants WHERE id = $1', [variantId])).rows[0]
    ?.product_id;
}

/** The location of product `productId` (null: none; undefined when it is gone). */
export async function locationOfProduct(tx: Queryable, productId: number): Promise<number | null | undefined> {
  return (await tx.query<{ location_id: number | null }>('SELECT location_id FROM products WHERE id = $1', [productId]))
    .rows[0]?.location_id;
}
