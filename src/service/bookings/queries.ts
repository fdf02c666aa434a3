/**
 * The statements of POST /v1/bookings, and the booking record of API.md §2 (its response) built
 * from a row: release a cart's hold, insert the booking and its items, find one by its
 * `Idempotency-Key`.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { Booking, BookingField, BookingItem, BookingStatus, Customer } from '../../shared/records.ts';
import { localDateTime, toIsoUtc } from '../../shared/zones.ts';

/** Each booking status with its code (BookThatApp's numbers: pending 1, confirmed 2, cancelled 4). */
export const BOOKING_STATUS = { pending: 1, confirmed: 2, cancelled: 4 } as const satisfies Record<
  BookingStatus,
  Booking['status_code']
>;

/** A bookings row as the record needs it. */
export interface BookingRow {
  id: number;
  status: BookingStatus;
  starts_at: Date | string;
  finishes_at: Date | string;
  customers: Customer[];
  fields: BookingField[];
  tags: string[];
  create_draft_order: boolean;
  created_at: Date | string;
  request_hash: string | null;
  /** The first linked customer record (migration 22); null when the booking names none. */
  customer_id: number | string | null;
  /** When its customer cancelled it with their manage link (migration 27). */
  cancelled_by_customer_at: Date | string | null;
  refund_due: boolean;
  /** When the merchant marked the refund made (migration 31). */
  refunded_at: Date | string | null;
}

/** The columns to select (alias `b`) for `BookingRow`. */
export const BOOKING_COLUMNS = `b.id, b.status, b.starts_at, b.finishes_at, b.customers, b.fields, b.tags, b.create_draft_order,
  b.created_at, b.request_hash, b.cancelled_by_customer_at, b.refund_due, b.refunded_at,
  (SELECT bc.customer_id FROM booking_customers bc WHERE bc.booking_id = b.id ORDER BY bc.position LIMIT 1) AS customer_id`;

/** The record of `row` with its `items`, in the shop's zone `tz`. */
export function bookingRecord(row: BookingRow, items: BookingItem[], tz: string): Booking {
  return {
    id: row.id,
    status: row.status,
    status_code: BOOKING_STATUS[row.status],
    starts_at: toIsoUtc(new Date(row.starts_at)),
    finishes_at: toIsoUtc(new Date(row.finishes_at)),
    starts_at_local: localDateTime(new Date(row.starts_at), tz),
    finishes_at_local: localDateTime(new Date(row.finishes_at), tz),
    tz,
    items,
    customers: row.customers,
    fields: row.fields,
    tags: row.tags,
    create_draft_order: row.create_draft_order,
    created_at: toIsoUtc(new Date(row.created_at)),
    customer_id: row.customer_id === null ? null : Number(row.customer_id),
    cancelled_by_customer_at: instantOrNull(row.cancelled_by_customer_at),
    refund_due: row.refund_due,
    refunded_at: instantOrNull(row.refunded_at),
  };
}

function instantOrNull(value: Date | string | null): string | null {
  return value === null ? null : toIsoUtc(new Date(value));
}

/** The shop's booking made with `idempotencyKey`, with its request hash, if there is one. */
export async function bookingByKey(
  q: Queryable,
  shopId: number,
  idempotencyKey: string,
  tz: string,
): Promise<{ booking: Booking; requestHash: string | null } | undefined> {
  const { rows } = await q.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.shop_id = $1 AND b.idempotency_key = $2`,
    [shopId, idempotencyKey],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { rows: items } = await q.query<BookingItem>(
    `SELECT v.external_id, v.id AS variant_id, bi.resource_id, bi.quantity, p.title AS product_title, v.title AS variant_title
       FROM booking_items bi JOIN variants v ON v.id = bi.variant_id JOIN products p ON p.id = v.product_id
      WHERE bi.booking_id = $1 ORDER BY bi.position, bi.id`,
    [row.id],
  );
  return { booking: bookingRecord(row, items, tz), requestHash: row.request_hash };
}

/**
 * Deletes the cart's hold items of these variants for exactly these local days (the hold that
 * becomes the booking), so their units are not counted twice. Part of the booking's transaction.
 */
export async function releaseCartHold(
  tx: Queryable,
  shopId: number,
  cartToken: string,
  variantIds: readonly number[],
  period: { startDay: PlainDate; finishDay: PlainDate; startAt: number; finishAt: number },
): Promise<void> {
  // A day item is the booking's when it has its days; a slot's (all_day 0) only when it has its
  // instants: the cart's other times that day stay held for their own order lines.
  await tx.query(
    `DELETE FROM reservation_items ri USING reservations r
      WHERE r.id = ri.reservation_id AND r.shop_id = $1 AND r.cart_token = $2
        AND ri.variant_id = ANY($3::bigint[]) AND ri.start_day = $4::date AND ri.finish_day = $5::date
        AND (ri.all_day = 1 OR (ri.start_at = $6::timestamptz AND ri.finish_at = $7::timestamptz))`,
    [
      shopId,
      cartToken,
      variantIds,
      period.startDay,
      period.finishDay,
      new Date(period.startAt).toISOString(),
      new Date(period.finishAt).toISOString(),
    ],
  );
}

/** What `insertBooking` stores (times in epoch ms). */
export interface BookingInsert {
  shopId: number;
  status: BookingStatus;
  startAt: number;
  finishAt: number;
  period: { startDay: PlainDate; finishDay: PlainDate };
  customers: Customer[];
  fields: BookingField[];
  tags: string[];
  createDraftOrder: boolean;
  idempotencyKey: string | null;
  requestHash: string | null;
  now: number;
}

/** Inserts the booking; undefined when its idempotency key was taken meanwhile (nothing inserted). */
export async function insertBooking(tx: Queryable, b: BookingInsert): Promise<BookingRow | undefined> {
  const { rows } = await tx.query<BookingRow>(
    `INSERT INTO bookings AS b (shop_id, status, starts_at, finishes_at, start_day, finish_day, customers, fields, tags,
                                create_draft_order, idempotency_key, request_hash, created_at)
     VALUES ($1, $2, $3::timestamptz, $4::timestamptz, $5::date, $6::date, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11, $12, $13::timestamptz)
     ON CONFLICT (shop_id, idempotency_key) DO NOTHING
     RETURNING ${BOOKING_COLUMNS}`,
    [
      b.shopId,
      b.status,
      toIsoUtc(b.startAt),
      toIsoUtc(b.finishAt),
      b.period.startDay,
      b.period.finishDay,
      JSON.stringify(b.customers),
      JSON.stringify(b.fields),
      JSON.stringify(b.tags),
      b.createDraftOrder,
      b.idempotencyKey,
      b.requestHash,
      toIsoUtc(b.now),
    ],
  );
  return rows[0];
}

/** Inserts the booking's items, in the order given (their `position`); answers their ids in that order. */
export async function insertBookingItems(
  tx: Queryable,
  bookingId: number,
  items: ReadonlyArray<{ variantId: number; resourceId: string | null; quantity: number }>,
): Promise<number[]> {
  const { rows } = await tx.query<{ id: number; position: number }>(
    `INSERT INTO booking_items (booking_id, variant_id, resource_id, quantity, position)
     SELECT $1, t.variant_id, t.resource_id, t.quantity, t.position
       FROM unnest($2::bigint[], $3::text[], $4::int[], $5::int[]) AS t (variant_id, resource_id, quantity, position)
     RETURNING id, position`,
    [
      bookingId,
      items.map((i) => i.variantId),
      items.map((i) => i.resourceId),
      items.map((i) => i.quantity),
      items.map((_, i) => i),
    ],
  );
  // The items' ids in the given order (a shared resource's units are recorded against them).
  return [...rows].sort((a, b) => a.position - b.position).map((r) => Number(r.id));
}

/**
 * The answers the cart's reservation stores to the questions of these variants' products
 * (migration 18), as booking fields: a booking made from the hold carries them.
 */
export async function heldAnswers(
  tx: Queryable,
  shopId: number,
  cartToken: string,
  variantIds: readonly number[],
): Promise<BookingField[]> {
  const { rows } = await tx.query<BookingField>(
    `SELECT a->>'name' AS name, a->>'value' AS value
       FROM reservations r, jsonb_array_elements(r.answers) a
      WHERE r.shop_id = $1 AND r.cart_token = $2
        AND (a->>'product_id')::bigint IN (SELECT v.product_id FROM variants v WHERE v.id = ANY($3::bigint[]))`,
    [shopId, cartToken, [...variantIds]],
  );
  return rows;
}
