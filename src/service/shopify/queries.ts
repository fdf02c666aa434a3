/**
 * The statements of the Shopify feature: a shop by its domain, webhook deliveries, order
 * conflicts, the bookings an order made (found by their idempotency keys), and the cart's held
 * items a cart update may release.
 * @module
 */
import type { ShopifyConflict } from '../../shared/merchant-records.ts';
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { ShopifyBookOn } from '../../shared/merchant-records.ts';
import type { Page } from '../shared/page.ts';
import { pagedQuery } from '../db/paged-query.ts';

/** A shop's Shopify settings with its zone and locale. */
export interface ShopifyShop {
  shop_id: number;
  domain: string;
  api_secret: string;
  /** The secret `api_secret` replaced, while it still checks requests (migration 14); else null. */
  previous_api_secret: string | null;
  /** The order topic that makes the shop's bookings (migration 15). */
  book_on: ShopifyBookOn;
  tz: string;
  locale: string;
}

/**
 * The shop whose myshopify domain is `domain`, with its previous secret while that still works
 * by the database's clock (`sqlNow`: a test clock's override).
 */
export async function shopByDomain(
  db: Queryable,
  domain: string,
  sqlNow: number | null,
): Promise<ShopifyShop | undefined> {
  const { rows } = await db.query<ShopifyShop>(
    `SELECT x.shop_id, x.domain, x.api_secret,
            CASE WHEN x.previous_secret_expires_at > ${nowSql('$2')} THEN x.previous_api_secret END AS previous_api_secret, x.book_on, s.tz, s.locale
       FROM shopify_shops x JOIN shops s ON s.id = x.shop_id WHERE x.domain = $1`,
    [domain.toLowerCase(), nowParam(sqlNow)],
  );
  return rows[0] && { ...rows[0], shop_id: Number(rows[0].shop_id) };
}

/** The secrets that may sign the shop's requests: its own and, for a while after a change, the one it replaced. */
export function secretsOf(shop: ShopifyShop): string[] {
  return shop.previous_api_secret === null ? [shop.api_secret] : [shop.api_secret, shop.previous_api_secret];
}

/**
 * Claims a delivery: undefined when this caller may handle it (new, or a claim older than
 * `staleMs` with no result: its handler died mid-delivery, so it is taken over), 'in_progress'
 * while another handler has it, else what was answered to it.
 */
export async function claimDelivery(
  db: Queryable,
  shopId: number,
  webhookId: string,
  topic: string,
  staleMs: number,
  sqlNow: number | null,
): Promise<{ result: unknown } | 'in_progress' | undefined> {
  const { rows } = await db.query(
    `INSERT INTO shopify_webhook_deliveries AS d (shop_id, webhook_id, topic, received_at) VALUES ($1, $2, $3, ${nowSql('$5')})
     ON CONFLICT (shop_id, webhook_id) DO UPDATE SET received_at = EXCLUDED.received_at
       WHERE d.result IS NULL AND d.received_at < EXCLUDED.received_at - $4 * interval '1 millisecond'
     RETURNING 1`,
    [shopId, webhookId, topic, staleMs, nowParam(sqlNow)],
  );
  if (rows.length > 0) return undefined;
  const found = await db.query<{ result: unknown }>(
    'SELECT result FROM shopify_webhook_deliveries WHERE shop_id = $1 AND webhook_id = $2',
    [shopId, webhookId],
  );
  const result = found.rows[0]?.result ?? null;
  return result === null ? 'in_progress' : { result };
}

/** Records what a delivery was answered. */
export async function recordDelivery(db: Queryable, shopId: number, webhookId: string, result: unknown): Promise<void> {
  await db.query('UPDATE shopify_webhook_deliveries SET result = $3::jsonb WHERE shop_id = $1 AND webhook_id = $2', [
    shopId,
    webhookId,
    JSON.stringify(result),
  ]);
}

/** Forgets a delivery that failed, so Shopify's retry is handled afresh. */
export async function forgetDelivery(db: Queryable, shopId: number, webhookId: string): Promise<void> {
  await db.query('DELETE FROM shopify_webhook_deliveries WHERE shop_id = $1 AND webhook_id = $2', [shopId, webhookId]);
}

/** A line that could not be booked. */
export interface ConflictInsert {
  orderId: string;
  orderName: string | null;
  lineId: string;
  variantId: number;
  startAt: number;
  finishAt: number;
  /** Units (not the line's quantity). */
  quantity: number;
  reason: string;
  /** The line's quantity (what was paid for), and the quantity its hold needed under `pricing`. */
  lineQuantity?: number;
  heldLineQuantity?: number;
  pricing?: string;
  /** The booking the line made (a line that paid more is booked and noted), if any. */
  bookingId?: number;
}

/** Records a conflict once per order line. */
export async function insertConflict(db: Queryable, shopId: number, c: ConflictInsert): Promise<void> {
  await db.query(
    `INSERT INTO shopify_conflicts
       (shop_id, order_id, order_name, line_id, external_variant_id, starts_at, finishes_at, quantity, reason, line_quantity, held_line_quantity, pricing, booking_id)
     VALUES ($1, $2::bigint, $3, $4::bigint, $5, $6::timestamptz, $7::timestamptz, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING`,
    [
      shopId,
      c.orderId,
      c.orderName,
      c.lineId,
      c.variantId,
      new Date(c.startAt).toISOString(),
      new Date(c.finishAt).toISOString(),
      c.quantity,
      c.reason,
      c.lineQuantity ?? null,
      c.heldLineQuantity ?? null,
      c.pricing ?? null,
      c.bookingId ?? null,
    ],
  );
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One page of the shop's conflicts, newest first. */
export async function listConflicts(
  db: Queryable,
  shopId: number,
  page: Page,
): Promise<{ rows: ShopifyConflict[]; total: number }> {
  const result = await pagedQuery<ShopifyConflict>(
    db,
    {
      matched: 'SELECT * FROM shopify_conflicts WHERE shop_id = $1',
      page: `SELECT id, order_id::text AS order_id, order_name, line_id::text AS line_id, external_variant_id, ${ISO('starts_at')} AS starts_at, ${ISO('finishes_at')} AS finishes_at,
               quantity, line_quantity, held_line_quantity, pricing, booking_id, reason, ${ISO('created_at')} AS created_at, -extract(epoch FROM created_at) AS newest FROM matched`,
      orderBy: ['newest', 'id'],
      params: [shopId],
    },
    page,
  );
  return {
    ...result,
    rows: result.rows.map(({ newest: _n, ...r }: ShopifyConflict & { newest?: number }) => ({
      ...r,
      id: Number(r.id),
      external_variant_id: Number(r.external_variant_id),
      booking_id: r.booking_id === null ? null : Number(r.booking_id),
    })),
  };
}

/** The ids of the order's bookings not yet cancelled, found by the keys they were made with. */
export async function orderBookingIds(db: Queryable, shopId: number, keyPrefix: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM bookings WHERE shop_id = $1 AND starts_with(idempotency_key, $2) AND status <> 'cancelled' ORDER BY id`,
    [shopId, keyPrefix],
  );
  return rows.map((r) => Number(r.id));
}

/** A held item of a cart, as a cart update compares it. */
export interface CartItem {
  item_id: number;
  external_id: number;
  start_at: Date | string;
}

/**
 * The cart's unexpired held items (its token compared before any `?key=`) whose reservation was last written more than `graceMs`
 * before now: a hold just made may not be in the cart yet when an unrelated cart update arrives.
 */
export async function settledCartItems(
  db: Queryable,
  shopId: number,
  bareCart: string,
  graceMs: number,
  sqlNow: number | null,
): Promise<CartItem[]> {
  const { rows } = await db.query<CartItem>(
    `SELECT ri.id AS item_id, v.external_id, ri.start_at FROM reservation_items ri
       JOIN reservations r ON r.id = ri.reservation_id JOIN variants v ON v.id = ri.variant_id
      WHERE r.shop_id = $1 AND split_part(r.cart_token, '?', 1) = $2 AND r.expires_at > ${nowSql('$4')}
        AND r.updated_at < ${nowSql('$4')} - $3 * interval '1 millisecond'`,
    [shopId, bareCart, graceMs, nowParam(sqlNow)],
  );
  return rows.map((r) => ({ ...r, item_id: Number(r.item_id), external_id: Number(r.external_id) }));
}

/** Deletes held items (their units are free at once). */
export async function deleteItems(db: Queryable, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length > 0) await db.query('DELETE FROM reservation_items WHERE id = ANY($1::bigint[])', [[...itemIds]]);
}

/** Which of these platform variant ids of the shop draw on shared resources (their lines may book together). */
export async function variantsDrawingOnResources(
  q: Queryable,
  shopId: number,
  externalIds: readonly number[],
): Promise<number[]> {
  const { rows } = await q.query<{ external_id: number }>(
    `SELECT v.external_id FROM variants v
      WHERE v.shop_id = $1 AND v.external_id = ANY ($2::bigint[])
        AND EXISTS (SELECT 1 FROM variant_requirements q WHERE q.variant_id = v.id)`,
    [shopId, [...externalIds]],
  );
  return rows.map((r) => Number(r.external_id));
}
