/**
 * The statements of the calendar feeds (migration 28): making, listing and revoking a shop's
 * feeds, finding a feed by its token's hash, and the bookings a feed shows. Every statement but
 * the token lookup is scoped to one shop; the lookup's answer carries the shop it belongs to.
 * @module
 */
import type { Queryable } from '../db/types.ts';

/** What a feed covers. */
export type FeedScope = 'shop' | 'location' | 'variant' | 'resource';

/** A feed as the API lists it. */
export interface FeedRow {
  id: number;
  scope: FeedScope;
  location_id: number | null;
  variant_id: number | null;
  resource_id: number | null;
  hint: string;
  created_at: Date;
}

/** A live feed found by its token: what it covers and its shop's zone. */
export interface FeedTarget {
  shop_id: number;
  scope: FeedScope;
  location_id: number | null;
  variant_id: number | null;
  resource_id: number | null;
  tz: string;
  shop_name: string;
}

const COLUMNS =
  'id::int AS id, scope, location_id::int AS location_id, variant_id::int AS variant_id, resource_id::int AS resource_id, hint, created_at';

/** Stores a feed of `shopId`; the token itself is never stored, only its hash and hint. */
export async function insertFeed(
  db: Queryable,
  shopId: number,
  feed: Pick<FeedRow, 'scope' | 'location_id' | 'variant_id' | 'resource_id' | 'hint'> & { tokenHash: string },
): Promise<FeedRow> {
  const { rows } = await db.query<FeedRow>(
    `INSERT INTO calendar_feeds (shop_id, scope, location_id, variant_id, resource_id, token_hash, hint)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [shopId, feed.scope, feed.location_id, feed.variant_id, feed.resource_id, feed.tokenHash, feed.hint],
  );
  return rows[0]!;
}

/** The shop's feeds not revoked, oldest first. */
export async function listFeeds(db: Queryable, shopId: number): Promise<FeedRow[]> {
  const { rows } = await db.query<FeedRow>(
    `SELECT ${COLUMNS} FROM calendar_feeds WHERE shop_id = $1 AND revoked_at IS NULL ORDER BY id`,
    [shopId],
  );
  return rows;
}

/** Revokes the shop's feed `id` now; false when the shop has no such live feed. */
export async function revokeFeed(db: Queryable, shopId: number, id: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE calendar_feeds SET revoked_at = now() WHERE shop_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id`,
    [shopId, id],
  );
  return rows.length > 0;
}

/** Whether the shop has location, variant or resource `id` (in `table`). */
export async function shopHas(
  db: Queryable,
  shopId: number,
  table: 'locations' | 'variants' | 'resources',
  id: number,
): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE shop_id = $1 AND id = $2`, [shopId, id]);
  return rows.length > 0;
}

/** The live feed whose token hashes to `tokenHash`, or undefined. */
export async function feedByTokenHash(db: Queryable, tokenHash: string): Promise<FeedTarget | undefined> {
  const { rows } = await db.query<FeedTarget>(
    `SELECT f.shop_id::int AS shop_id, f.scope, f.location_id::int AS location_id, f.variant_id::int AS variant_id,
            f.resource_id::int AS resource_id, s.tz, s.name AS shop_name
       FROM calendar_feeds f JOIN shops s ON s.id = f.shop_id
      WHERE f.token_hash = $1 AND f.revoked_at IS NULL`,
    [tokenHash],
  );
  return rows[0];
}

/** One booked variant of a booking: a feed's event. */
export interface FeedEventRow {
  booking_id: number;
  variant_id: number;
  status: string;
  starts_at: Date;
  finishes_at: Date;
  start_day: string;
  finish_day: string;
  created_at: Date;
  customers: unknown;
  fields: unknown;
  product: string;
  variant: string;
  location: string | null;
  quantity: number;
}

/**
 * The bookings a feed shows, one row per booking and variant (a resource's feed: the items
 * whose allocations take units of it), from 90 days before the
 * database's now to two years after it. Cancelled bookings are left out: a subscribed calendar
 * then drops their events.
 */
export async function feedEvents(db: Queryable, feed: FeedTarget): Promise<FeedEventRow[]> {
  const { rows } = await db.query<FeedEventRow>(
    `SELECT b.id::int AS booking_id, v.id::int AS variant_id, b.status, b.starts_at, b.finishes_at,
            b.start_day::text AS start_day, b.finish_day::text AS finish_day, b.created_at,
            b.customers, b.fields, p.title AS product, v.title AS variant, l.name AS location,
            sum(bi.quantity)::int AS quantity
       FROM bookings b
       JOIN booking_items bi ON bi.booking_id = b.id
       JOIN variants v ON v.id = bi.variant_id
       JOIN products p ON p.id = v.product_id
       LEFT JOIN locations l ON l.id = p.location_id
      WHERE b.shop_id = $1 AND b.status <> 'cancelled'
        AND b.finishes_at > now() - interval '90 days' AND b.starts_at < now() + interval '2 years'
        AND ($2::bigint IS NULL OR p.location_id = $2)
        AND ($3::bigint IS NULL OR v.id = $3)
        AND ($4::bigint IS NULL OR EXISTS (
              SELECT 1 FROM resource_allocations ra WHERE ra.booking_item_id = bi.id AND ra.resource_id = $4))
      GROUP BY b.id, v.id, p.title, l.name
      ORDER BY b.starts_at, b.id, v.id`,
    [feed.shop_id, feed.location_id, feed.variant_id, feed.resource_id],
  );
  return rows;
}
