/**
 * The catalogue's statements: products and variants as records, their writes, and what depends
 * on them (live holds, bookings) before a delete. Every statement is scoped to one shop.
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { Page } from '../shared/page.ts';
import type { Product, Variant } from '../../shared/merchant-records.ts';
import type { Schedule } from '../../shared/schedule.ts';
import { pagedQuery } from '../db/paged-query.ts';
import { scheduleRecord } from '../shared/schedule-record.ts';
import { requirementsJsonSql, requirementsRecord } from './requirement-queries.ts';

/** A variant as the API shows it. */
export type VariantRecord = Variant;

/** A product as the API shows it, with its variants by id. */
export type ProductRecord = Product;

const VARIANT_JSON = `json_build_object('id', v.id, 'product_id', v.product_id, 'external_id', v.external_id,
  'external_product_id', p.external_id, 'title', v.title, 'capacity', v.capacity,
  'booking', CASE WHEN v.schedule IS NULL THEN 'days' ELSE 'slots' END, 'schedule', v.schedule,
  'requirements', ${requirementsJsonSql('v')})`;

const PRODUCT_SELECT = `SELECT p.id, p.external_id, p.title, p.vendor, p.location_id,
    COALESCE((SELECT json_agg(${VARIANT_JSON} ORDER BY v.id) FROM variants v WHERE v.product_id = p.id), '[]'::json) AS variants
  FROM products p`;

/** Numbers of bigint columns arrive as strings from `pg`: the record has numbers. */
function product(row: ProductRecord): ProductRecord {
  return {
    ...row,
    id: Number(row.id),
    external_id: Number(row.external_id),
    location_id: row.location_id === null ? null : Number(row.location_id),
    variants: row.variants.map(variant),
  };
}

function variant(row: VariantRecord): VariantRecord {
  return {
    ...row,
    id: Number(row.id),
    product_id: Number(row.product_id),
    external_id: Number(row.external_id),
    external_product_id: Number(row.external_product_id),
    capacity: Number(row.capacity),
    schedule: scheduleRecord(row.schedule),
    requirements: requirementsRecord(row.requirements),
  };
}

/** Filters of GET /v1/products. */
export interface ProductFilters {
  externalId?: number | undefined;
  /** Case-insensitive text in the product's or a variant's title, or the vendor. */
  q?: string | undefined;
}

/** One page of the shop's products by id, and the total. */
export async function listProducts(
  db: Queryable,
  shopId: number,
  filters: ProductFilters,
  page: Page,
): Promise<{ records: ProductRecord[]; total: number }> {
  const params: unknown[] = [shopId];
  const where = ['p.shop_id = $1'];
  if (filters.externalId !== undefined) where.push(`p.external_id = $${params.push(filters.externalId)}`);
  if (filters.q !== undefined) {
    const n = params.push(`%${filters.q.replace(/[\\%_]/g, '\\$&')}%`);
    where.push(
      `(p.title ILIKE $${n} OR p.vendor ILIKE $${n} OR EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.title ILIKE $${n}))`,
    );
  }
  const { rows, total } = await pagedQuery<ProductRecord>(
    db,
    {
      matched: `SELECT p.* FROM products p WHERE ${where.join(' AND ')}`,
      page: PRODUCT_SELECT.replace('FROM products p', 'FROM matched p'),
      orderBy: ['id'],
      params,
    },
    page,
  );
  return { records: rows.map(product), total };
}

/** The shop's product `id`, with its variants, if there is one. */
export async function findProduct(db: Queryable, shopId: number, id: number): Promise<ProductRecord | undefined> {
  const { rows } = await db.query<ProductRecord>(`${PRODUCT_SELECT} WHERE p.shop_id = $1 AND p.id = $2`, [shopId, id]);
  return rows[0] && product(rows[0]);
}

/** The shop's variant `id`, if there is one. */
export async function findVariant(db: Queryable, shopId: number, id: number): Promise<VariantRecord | undefined> {
  const { rows } = await db.query<VariantRecord>(
    `SELECT v.id, v.product_id, v.external_id, p.external_id AS external_product_id, v.title, v.capacity,
            CASE WHEN v.schedule IS NULL THEN 'days' ELSE 'slots' END AS booking, v.schedule,
            ${requirementsJsonSql('v')} AS requirements
       FROM variants v JOIN products p ON p.id = v.product_id WHERE v.shop_id = $1 AND v.id = $2`,
    [shopId, id],
  );
  return rows[0] && variant(rows[0]);
}

/** Locks the shop's product row (a delete or a new variant waits for holds being made). */
export async function lockProduct(tx: Queryable, shopId: number, id: number): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM products WHERE shop_id = $1 AND id = $2 FOR UPDATE', [shopId, id]);
  return rows.length > 0;
}

/** Whether the shop has a location `id`. */
export async function locationExists(q: Queryable, shopId: number, id: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM locations WHERE shop_id = $1 AND id = $2', [shopId, id]);
  return rows.length > 0;
}

/** Inserts a product; undefined when the shop has a product with that external id. */
export async function insertProduct(
  tx: Queryable,
  shopId: number,
  p: { externalId: number; title: string; vendor: string | null; locationId: number | null },
): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO products (shop_id, external_id, title, vendor, location_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (shop_id, external_id) DO NOTHING RETURNING id`,
    [shopId, p.externalId, p.title, p.vendor, p.locationId],
  );
  return rows[0] && Number(rows[0].id);
}

/** Inserts a variant of `productId`; undefined when the shop has a variant with that external id. */
export async function insertVariant(
  tx: Queryable,
  shopId: number,
  productId: number,
  v: { externalId: number; title: string; capacity: number; schedule?: Schedule | null | undefined },
): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO variants (shop_id, product_id, external_id, title, capacity, schedule) VALUES ($1, $2, $3, $4, $5, $6::jsonb)
       ON CONFLICT (shop_id, external_id) DO NOTHING RETURNING id`,
    [shopId, productId, v.externalId, v.title, v.capacity, v.schedule ? JSON.stringify(v.schedule) : null],
  );
  return rows[0] && Number(rows[0].id);
}

/** Whether another product (or variant) of the shop has this external id. */
export async function externalIdTaken(
  q: Queryable,
  table: 'products' | 'variants',
  shopId: number,
  externalId: number,
  exceptId: number,
): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM ${table} WHERE shop_id = $1 AND external_id = $2 AND id <> $3`, [
    shopId,
    externalId,
    exceptId,
  ]);
  return rows.length > 0;
}

/** Changes the given fields of a product (COALESCE keeps the others; `setVendor` allows null). */
export async function updateProduct(
  tx: Queryable,
  shopId: number,
  id: number,
  p: {
    externalId?: number | undefined;
    title?: string | undefined;
    vendor?: string | null | undefined;
    locationId?: number | null | undefined;
  },
): Promise<void> {
  await tx.query(
    `UPDATE products SET external_id = COALESCE($3, external_id), title = COALESCE($4, title),
        vendor = CASE WHEN $5::boolean THEN $6 ELSE vendor END,
        location_id = CASE WHEN $7::boolean THEN $8::bigint ELSE location_id END
      WHERE shop_id = $1 AND id = $2`,
    [
      shopId,
      id,
      p.externalId ?? null,
      p.title ?? null,
      p.vendor !== undefined,
      p.vendor ?? null,
      p.locationId !== undefined,
      p.locationId ?? null,
    ],
  );
}

/**
 * Changes the given fields of a variant (`schedule` null: booked by days again). A changed
 * schedule moves the shop's data version, as every variant write does (migration 3's trigger).
 */
export async function updateVariant(
  tx: Queryable,
  shopId: number,
  id: number,
  v: {
    externalId?: number | undefined;
    title?: string | undefined;
    capacity?: number | undefined;
    schedule?: Schedule | null | undefined;
  },
): Promise<void> {
  await tx.query(
    `UPDATE variants SET external_id = COALESCE($3, external_id), title = COALESCE($4, title), capacity = COALESCE($5, capacity),
        schedule = CASE WHEN $6::boolean THEN $7::jsonb ELSE schedule END
      WHERE shop_id = $1 AND id = $2`,
    [
      shopId,
      id,
      v.externalId ?? null,
      v.title ?? null,
      v.capacity ?? null,
      v.schedule !== undefined,
      v.schedule ? JSON.stringify(v.schedule) : null,
    ],
  );
}

/** The variant's stored schedule (null: booked by days), or undefined when the shop has no such variant. */
export async function variantSchedule(q: Queryable, shopId: number, id: number): Promise<Schedule | null | undefined> {
  const { rows } = await q.query<{ schedule: unknown }>(
    'SELECT schedule FROM variants WHERE shop_id = $1 AND id = $2',
    [shopId, id],
  );
  return rows[0] && scheduleRecord(rows[0].schedule);
}

/**
 * What depends on these variants: holds not yet expired at the database's now (or the test
 * override), bookings not yet finished and not cancelled, and past or cancelled bookings
 * (records the merchant keeps: deleting the variant would take their items with it).
 */
export async function dependentsOf(
  tx: Queryable,
  variantIds: readonly number[],
  sqlNow: number | null,
): Promise<{ holds: number; coming_bookings: number; past_bookings: number }> {
  const { rows } = await tx.query<{ holds: number; coming: number; past: number }>(
    `SELECT
       (SELECT count(*)::int FROM reservation_items ri JOIN reservations r ON r.id = ri.reservation_id
         WHERE ri.variant_id = ANY($1::bigint[]) AND r.expires_at > ${nowSql('$2')}) AS holds,
       (SELECT count(DISTINCT b.id)::int FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
         WHERE bi.variant_id = ANY($1::bigint[]) AND b.status <> 'cancelled' AND b.finishes_at > ${nowSql('$2')}) AS coming,
       (SELECT count(DISTINCT b.id)::int FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
         WHERE bi.variant_id = ANY($1::bigint[]) AND (b.status = 'cancelled' OR b.finishes_at <= ${nowSql('$2')})) AS past`,
    [[...variantIds], nowParam(sqlNow)],
  );
  const row = rows[0]!;
  return { holds: row.holds, coming_bookings: row.coming, past_bookings: row.past };
}

/** The ids of a product's variants, locked (nothing holds them while they are judged). */
export async function lockVariantsOf(tx: Queryable, shopId: number, productId: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    'SELECT id FROM variants WHERE shop_id = $1 AND product_id = $2 ORDER BY id FOR UPDATE',
    [shopId, productId],
  );
  return rows.map((r) => Number(r.id));
}

/** Locks one variant of the shop; false when there is none. */
export async function lockVariant(tx: Queryable, shopId: number, id: number): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM variants WHERE shop_id = $1 AND id = $2 FOR UPDATE', [shopId, id]);
  return rows.length > 0;
}

/** Deletes the product (its variants, expired holds' items and blackouts on it go with it). */
export async function deleteProductRow(tx: Queryable, shopId: number, id: number): Promise<void> {
  await tx.query('DELETE FROM products WHERE shop_id = $1 AND id = $2', [shopId, id]);
}

/** Deletes the variant. */
export async function deleteVariantRow(tx: Queryable, shopId: number, id: number): Promise<void> {
  await tx.query('DELETE FROM variants WHERE shop_id = $1 AND id = $2', [shopId, id]);
}
