/**
 * The booking reads and the cancel (extensions): one page of a shop's bookings with filters,
 * one booking, their items, and the status change that frees a booking's units (usage counts
 * only pending and confirmed bookings: availability/queries.ts).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { type Booking, type BookingItem, type BookingStatus, SHOPIFY_ORDER_FIELD } from '../../shared/records.ts';
import type { Page } from '../shared/page.ts';
import { pagedQuery } from '../db/paged-query.ts';
import { BOOKING_COLUMNS, bookingRecord, type BookingRow } from './queries.ts';

/** Filters of GET /v1/bookings; all given ones must hold. */
export interface BookingFilters {
  status?: BookingStatus | undefined;
  externalVariantId?: number | undefined;
  externalProductId?: number | undefined;
  /** Bookings finishing after this instant (overlapping from here on). */
  startMin?: Date | undefined;
  /** Bookings starting before this instant. */
  finishMax?: Date | undefined;
  /**
   * Case-insensitive text in a customer's name or email, a tag, the booking's id, or the name
   * ("#1001") or id of the Shopify order that made it.
   */
  q?: string | undefined;
  /** Bookings naming this customer record. */
  customerId?: number | undefined;
  /** Bookings with an item of a product at this location. */
  locationId?: number | undefined;
  /** Bookings whose refund is (true) or is not (false) still to be made. */
  refundDue?: boolean | undefined;
}

/** One page of the shop's bookings matching `filters`, by start then id, and the total. */
export async function listBookings(
  db: Queryable,
  shopId: number,
  filters: BookingFilters,
  page: Page,
): Promise<{ rows: (BookingRow & { starts_at: Date })[]; total: number }> {
  const params: unknown[] = [shopId];
  const where = ['b.shop_id = $1'];
  const p = (value: unknown) => `$${params.push(value)}`;
  if (filters.status !== undefined) where.push(`b.status = ${p(filters.status)}`);
  if (filters.externalVariantId !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM booking_items bi JOIN variants v ON v.id = bi.variant_id WHERE bi.booking_id = b.id AND v.external_id = ${p(filters.externalVariantId)})`,
    );
  }
  if (filters.externalProductId !== undefined) {
    where.push(`EXISTS (SELECT 1 FROM booking_items bi JOIN variants v ON v.id = bi.variant_id JOIN products pr ON pr.id = v.product_id
                 WHERE bi.booking_id = b.id AND pr.external_id = ${p(filters.externalProductId)})`);
  }
  if (filters.startMin !== undefined) where.push(`b.finishes_at > ${p(filters.startMin.toISOString())}::timestamptz`);
  if (filters.finishMax !== undefined) where.push(`b.starts_at < ${p(filters.finishMax.toISOString())}::timestamptz`);
  if (filters.customerId !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM booking_customers bc WHERE bc.booking_id = b.id AND bc.customer_id = ${p(filters.customerId)})`,
    );
  }
  if (filters.locationId !== undefined) {
    where.push(`EXISTS (SELECT 1 FROM booking_items bi JOIN variants v ON v.id = bi.variant_id JOIN products pr ON pr.id = v.product_id
                 WHERE bi.booking_id = b.id AND pr.location_id = ${p(filters.locationId)})`);
  }
  if (filters.refundDue !== undefined) where.push(filters.refundDue ? 'b.refund_due' : 'NOT b.refund_due');
  if (filters.q !== undefined) where.push(textMatch(filters.q, p));
  return pagedQuery(
    db,
    {
      matched: `SELECT b.* FROM bookings b WHERE ${where.join(' AND ')}`,
      page: `SELECT ${BOOKING_COLUMNS} FROM matched b`,
      orderBy: ['starts_at', 'id'],
      params,
    },
    page,
  );
}

/**
 * The condition of `q`: text in the customers or tags, the booking's id, or its Shopify order:
 * an order line's booking carries the order's name as its "Shopify order" field
 * (shopify/orders.ts) and its idempotency key names the order's id, so "1001", "#1001" and the
 * order's id all find it.
 */
function textMatch(q: string, p: (value: unknown) => string): string {
  const like = p(`%${q.replace(/[\\%_]/g, '\\$&')}%`);
  const exact = p(q);
  const order = p(q.replace(/^#/, ''));
  const orderField = p(SHOPIFY_ORDER_FIELD);
  return `(b.customers::text ILIKE ${like} OR b.tags::text ILIKE ${like} OR b.id::text = ${exact}
    OR EXISTS (SELECT 1 FROM jsonb_array_elements(b.fields) f
                WHERE f->>'name' = ${orderField} AND ltrim(f->>'value', '#') = ${order})
    OR starts_with(b.idempotency_key, 'shopify-order-' || ${order} || '-line-'))`;
}

/** The items of these bookings, by booking, in their order. */
export async function itemsOf(db: Queryable, bookingIds: readonly number[]): Promise<Map<number, BookingItem[]>> {
  const { rows } = await db.query<BookingItem & { booking_id: number }>(
    `SELECT bi.booking_id, v.external_id, v.id AS variant_id, bi.resource_id, bi.quantity, p.title AS product_title, v.title AS variant_title
       FROM booking_items bi JOIN variants v ON v.id = bi.variant_id JOIN products p ON p.id = v.product_id
      WHERE bi.booking_id = ANY($1::bigint[]) ORDER BY bi.booking_id, bi.position, bi.id`,
    [[...bookingIds]],
  );
  const by = new Map<number, BookingItem[]>();
  for (const { booking_id, ...item } of rows) {
    const key = Number(booking_id);
    const list = by.get(key) ?? [];
    list.push({ ...item, external_id: Number(item.external_id), variant_id: Number(item.variant_id) });
    by.set(key, list);
  }
  return by;
}

/** The records of `rows`, with their items. */
export async function bookingRecords(db: Queryable, rows: readonly BookingRow[], tz: string): Promise<Booking[]> {
  const items = await itemsOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => bookingRecord({ ...row, id: Number(row.id) }, items.get(Number(row.id)) ?? [], tz));
}

/** The shop's booking `id`, if there is one (`lock`: FOR UPDATE, in a transaction). */
export async function findBookingRow(
  db: Queryable,
  shopId: number,
  id: number,
  lock = false,
): Promise<BookingRow | undefined> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.shop_id = $1 AND b.id = $2${lock ? ' FOR UPDATE' : ''}`,
    [shopId, id],
  );
  return rows[0];
}

/** Marks the booking cancelled: its units count no more, from the next statement on. */
export async function markCancelled(tx: Queryable, shopId: number, id: number): Promise<void> {
  await tx.query(`UPDATE bookings SET status = 'cancelled' WHERE shop_id = $1 AND id = $2`, [shopId, id]);
}
