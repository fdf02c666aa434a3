/**
 * Blackout records (API.md §2): the queries that read them and the mapping from a row to the
 * JSON record. Every query is scoped to one shop, so another shop's id simply is not found.
 * A shopper's view (publishable tokens, held by shoppers' browsers) leaves out the merchant's
 * titles: `title` reads null there, and only `shopper_reason` says why a day is closed. Nor
 * does it show a resource's blackouts (issue 39): they close only what needs the resource, which
 * availability judges; in a shopper's list one would read as the whole shop closed.
 * @module
 */
import type { Blackout, BlackoutScope } from '../../shared/records.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import type { Queryable } from '../db/types.ts';
import { appliesToProductSql, appliesToVariantSql } from './target-queries.ts';
import type { Page } from '../shared/page.ts';

/** Who reads a blackout: the merchant (secret tokens) or a shopper (publishable ones: no title). */
export type BlackoutView = 'merchant' | 'shopper';

/** A blackout row joined with its targets' external ids and vendor. */
interface BlackoutRow {
  id: number;
  title: string | null;
  shopper_reason: string | null;
  starts_at: Date;
  finishes_at: Date;
  all_day: number;
  scope: BlackoutScope;
  product_id: number | null;
  external_product_id: number | null;
  variant_id: number | null;
  external_variant_id: number | null;
  location_id: number | null;
  resource_id: number | null;
  vendor: string | null;
  created_at: Date;
  updated_at: Date;
}

// The vendor is the targeted product's, or the targeted variant's product's: a variant's
// blackout belongs to that vendor as much as a product's does. Likewise its product ids: a
// variant's blackout names the variant's product (the record reads as what it applies to).
const RECORD_COLUMNS = `b.id, b.title, b.shopper_reason, b.starts_at, b.finishes_at, b.all_day, b.scope,
  COALESCE(b.product_id, tv.product_id) AS product_id, COALESCE(tp.external_id, tvp.external_id) AS external_product_id,
  b.variant_id, tv.external_id AS external_variant_id,
  b.location_id, b.resource_id, COALESCE(tp.vendor, tvp.vendor) AS vendor, b.created_at, b.updated_at`;
const TARGET_JOINS = `LEFT JOIN products tp ON tp.id = b.product_id
  LEFT JOIN variants tv ON tv.id = b.variant_id
  LEFT JOIN products tvp ON tvp.id = tv.product_id`;

/** The JSON record of a row. */
function toBlackoutRecord(row: BlackoutRow, view: BlackoutView): Blackout {
  return {
    id: row.id,
    title: view === 'shopper' ? null : row.title,
    shopper_reason: row.shopper_reason,
    starts_at: toIsoUtc(row.starts_at),
    finishes_at: toIsoUtc(row.finishes_at),
    all_day: row.all_day === 1 ? 1 : 0,
    scope: row.scope,
    product_id: row.product_id,
    external_product_id: row.external_product_id,
    variant_id: row.variant_id,
    external_variant_id: row.external_variant_id,
    location_id: row.location_id,
    resource_id: row.resource_id,
    vendor: row.vendor,
    created_at: toIsoUtc(row.created_at),
    updated_at: toIsoUtc(row.updated_at),
  };
}

/** Filters of GET /v1/blackouts, already checked; all given ones must hold (AND). */
export interface BlackoutFilters {
  startMin?: Date;
  finishMax?: Date;
  productId?: number;
  externalProductId?: number;
  variantId?: number;
  externalVariantId?: number;
  locationId?: number;
  vendor?: string;
  resourceId?: number;
}

/**
 * SQL: blackout `b` applies to location `l`: every target it names is at `l` (a location's
 * blackouts are its own, the shop-wide ones and those of the products and variants there).
 */
function appliesToLocationSql(b = 'b', l = 'l'): string {
  return `${b}.resource_id IS NULL AND (${b}.location_id IS NULL OR ${b}.location_id = ${l}.id)
      AND (${b}.product_id IS NULL OR EXISTS (SELECT 1 FROM products lp WHERE lp.id = ${b}.product_id AND lp.location_id = ${l}.id))
      AND (${b}.variant_id IS NULL OR EXISTS (SELECT 1 FROM variants lv JOIN products lvp ON lvp.id = lv.product_id
             WHERE lv.id = ${b}.variant_id AND lvp.location_id = ${l}.id))`;
}

/** The WHERE conditions of `filters` on `b`, with `$1` the shop and later params appended. */
function filterConditions(filters: BlackoutFilters, params: unknown[], view: BlackoutView): string[] {
  const p = (value: unknown) => `$${params.push(value)}`;
  const where = ['b.shop_id = $1'];
  if (view === 'shopper') where.push('b.resource_id IS NULL');
  if (filters.resourceId !== undefined) where.push(`b.resource_id = ${p(filters.resourceId)}`);
  if (filters.startMin) where.push(`b.starts_at >= ${p(filters.startMin)}`);
  if (filters.finishMax) where.push(`b.finishes_at <= ${p(filters.finishMax)}`);
  // Target filters name a thing of this shop; one the shop lacks matches no blackout at all.
  const variant = (column: string, value: number) =>
    `EXISTS (SELECT 1 FROM variants v JOIN products p ON p.id = v.product_id
       WHERE v.shop_id = $1 AND v.${column} = ${p(value)} AND ${appliesToVariantSql('b', 'v', 'p')})`;
  const product = (condition: string) =>
    `EXISTS (SELECT 1 FROM products p WHERE p.shop_id = $1 AND ${condition} AND ${appliesToProductSql('b', 'p')})`;
  if (filters.variantId !== undefined) where.push(variant('id', filters.variantId));
  if (filters.externalVariantId !== undefined) where.push(variant('external_id', filters.externalVariantId));
  if (filters.productId !== undefined) where.push(product(`p.id = ${p(filters.productId)}`));
  if (filters.externalProductId !== undefined) where.push(product(`p.external_id = ${p(filters.externalProductId)}`));
  if (filters.vendor !== undefined) where.push(product(`p.vendor = ${p(filters.vendor)}`));
  if (filters.locationId !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM locations l WHERE l.shop_id = $1 AND l.id = ${p(filters.locationId)} AND ${appliesToLocationSql('b', 'l')})`,
    );
  }
  return where;
}

// The record's fields (API.md §2) as SQL, for JSON built by the database: instants as
// `toIsoUtc` writes them (UTC, milliseconds, "Z"), so the answer is the same bytes either way.
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const recordJsonColumns = (view: BlackoutView) => `b.id, ${view === 'shopper' ? 'NULL::text' : 'b.title'} AS title,
  b.shopper_reason, ${iso('b.starts_at')} AS starts_at, ${iso('b.finishes_at')} AS finishes_at,
  CASE WHEN b.all_day = 1 THEN 1 ELSE 0 END AS all_day, b.scope,
  COALESCE(b.product_id, tv.product_id) AS product_id, COALESCE(tp.external_id, tvp.external_id) AS external_product_id,
  b.variant_id, tv.external_id AS external_variant_id,
  b.location_id, b.resource_id, COALESCE(tp.vendor, tvp.vendor) AS vendor, ${iso('b.created_at')} AS created_at, ${iso('b.updated_at')} AS updated_at`;

/**
 * One page of the shop's blackouts matching `filters`, by `starts_at` then id, as the JSON
 * array of their records, and the total: one statement, one snapshot. The database builds the
 * JSON (a list of 250 costs it less than turning 250 rows into objects, dates and a string in
 * this process); the text of a filter set and view never varies, so the statement is prepared.
 */
export async function listBlackoutsJson(
  db: Queryable,
  shopId: number,
  filters: BlackoutFilters,
  page: Page,
  view: BlackoutView,
): Promise<{ json: string; total: number }> {
  const params: unknown[] = [shopId];
  const where = filterConditions(filters, params, view);
  const limit = params.push(page.per);
  const offset = params.push(page.offset);
  // starts_at as text sorts as the instant: one fixed width, UTC.
  const { rows } = await db.query<{ total: number; json: string }>(
    `WITH matched AS (SELECT b.* FROM blackouts b WHERE ${where.join(' AND ')}),
     page AS (SELECT ${recordJsonColumns(view)} FROM matched b ${TARGET_JOINS} ORDER BY b.starts_at, b.id LIMIT $${limit} OFFSET $${offset})
     SELECT (SELECT count(*)::int FROM matched) AS total,
            COALESCE((SELECT '[' || string_agg(row_to_json(p)::text, ',' ORDER BY p.starts_at, p.id) || ']' FROM page p), '[]') AS json`,
    params,
    { prepare: true },
  );
  return { json: rows[0]!.json, total: rows[0]!.total };
}

/** The shop's blackout `id` as `view` reads it, or undefined (also for another shop's). */
export async function findBlackout(
  db: Queryable,
  shopId: number,
  id: number,
  view: BlackoutView = 'merchant',
): Promise<Blackout | undefined> {
  const { rows } = await db.query<BlackoutRow>(
    `SELECT ${RECORD_COLUMNS} FROM blackouts b ${TARGET_JOINS}
      WHERE b.shop_id = $1 AND b.id = $2 AND ($3::boolean OR b.resource_id IS NULL)`,
    [shopId, id, view === 'merchant'],
  );
  return rows[0] && toBlackoutRecord(rows[0], view);
}

/** Deletes the shop's blackout `id`; false when the shop has none. Holds and bookings stay. */
export async function deleteBlackout(db: Queryable, shopId: number, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM blackouts WHERE shop_id = $1 AND id = $2 RETURNING id', [shopId, id]);
  return rows.length > 0;
}
