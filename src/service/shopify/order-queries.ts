/**
 * The statements an order's delivery needs beyond the booking itself: the hold a line names
 * (by its reservation id, within the order's cart, with the pricing it recorded when it was
 * made), the cart's token as the hold stored it, the widget a variant's product follows (what a
 * line with no recorded hold must have paid), and the
 * orders already cancelled. Cart tokens are compared by their part before any `?`: the widget
 * stores `/cart.js`'s token, which may read `<token>?key=<key>`, where orders and cart webhooks
 * carry the bare token.
 * @module
 */
import type { WidgetType } from '../../shared/records.ts';
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';

/** A held item as the hold recorded it. */
export interface RecordedItem {
  /** The cart token as the hold stored it (what releasing the hold matches). */
  cart_token: string;
  start_at: number;
  finish_at: number;
  quantity: number;
  /** The pricing and the cart line's quantity recorded when the hold was made (migration 13); null for older holds. */
  pricing: 'booking' | 'day' | 'night' | null;
  line_quantity: number | null;
}

/**
 * The item of reservation `reservationId`, if that reservation is the cart `bareCart`'s, on
 * the variant `externalVariantId` starting at `startAt`; expired or not (a lapsed hold's record
 * still says what was held).
 */
export async function recordedItem(
  db: Queryable,
  shopId: number,
  reservationId: string,
  bareCart: string,
  externalVariantId: number,
  startAt: number,
): Promise<RecordedItem | undefined> {
  const { rows } = await db.query<{
    cart_token: string;
    start_at: Date | string;
    finish_at: Date | string;
    quantity: number;
    pricing: RecordedItem['pricing'];
    line_quantity: number | null;
  }>(
    `SELECT r.cart_token, ri.start_at, ri.finish_at, ri.quantity, ri.pricing, ri.line_quantity FROM reservations r
       JOIN reservation_items ri ON ri.reservation_id = r.id JOIN variants v ON v.id = ri.variant_id
      WHERE r.shop_id = $1 AND r.id = $2::bigint AND split_part(r.cart_token, '?', 1) = $3 AND v.external_id = $4 AND ri.start_at = $5::timestamptz
      ORDER BY ri.id LIMIT 1`,
    [shopId, reservationId, bareCart, externalVariantId, new Date(startAt).toISOString()],
  );
  const row = rows[0];
  return (
    row && {
      cart_token: row.cart_token,
      start_at: new Date(row.start_at).getTime(),
      finish_at: new Date(row.finish_at).getTime(),
      quantity: Number(row.quantity),
      pricing: row.pricing,
      line_quantity: row.line_quantity === null ? null : Number(row.line_quantity),
    }
  );
}

/** The cart tokens the shop's holds stored for the cart `bareCart` (with or without `?key=`). */
export async function storedCartTokens(db: Queryable, shopId: number, bareCart: string): Promise<string[]> {
  const { rows } = await db.query<{ cart_token: string }>(
    `SELECT cart_token FROM reservations WHERE shop_id = $1 AND split_part(cart_token, '?', 1) = $2 ORDER BY id`,
    [shopId, bareCart],
  );
  return rows.map((r) => r.cart_token);
}

/**
 * The type and stored settings of the widget the product of variant `externalVariantId` follows
 * (its oldest, the one the storefront shows: API.md §4.1; undefined when it is on none), and the
 * minutes of one slot of the variant's schedule (null: booked by days).
 */
export async function productWidget(
  db: Queryable,
  shopId: number,
  externalVariantId: number,
): Promise<{ widget: { type: WidgetType; settings: Record<string, unknown> } | undefined; slotMinutes: number | null }> {
  const { rows } = await db.query<{
    type: WidgetType | null;
    settings: Record<string, unknown> | string | null;
    slot_minutes: number | null;
  }>(
    `SELECT w.type, w.settings, (v.schedule->>'duration_minutes')::int AS slot_minutes
       FROM variants v LEFT JOIN widget_products wp ON wp.product_id = v.product_id LEFT JOIN widgets w ON w.id = wp.widget_id
      WHERE v.shop_id = $1 AND v.external_id = $2 ORDER BY w.id LIMIT 1`,
    [shopId, externalVariantId],
  );
  const row = rows[0];
  const settings = typeof row?.settings === 'string' ? JSON.parse(row.settings) : row?.settings;
  return {
    widget: row?.type ? { type: row.type, settings: settings ?? {} } : undefined,
    slotMinutes: row?.slot_minutes == null ? null : Number(row.slot_minutes),
  };
}

/** Records that the order was cancelled (once; a second cancellation changes nothing). */
export async function markCancelled(
  db: Queryable,
  shopId: number,
  orderId: string,
  sqlNow: number | null,
): Promise<void> {
  await db.query(
    `INSERT INTO shopify_cancelled_orders (shop_id, order_id, cancelled_at) VALUES ($1, $2::bigint, ${nowSql('$3')}) ON CONFLICT DO NOTHING`,
    [shopId, orderId, nowParam(sqlNow)],
  );
}

/** Whether an `orders/cancelled` delivery named the order. */
export async function isCancelled(db: Queryable, shopId: number, orderId: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM shopify_cancelled_orders WHERE shop_id = $1 AND order_id = $2::bigint',
    [shopId, orderId],
  );
  return rows.length > 0;
}
