/**
 * The booking record of API.md §2 (the response of POST /v1/bookings).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { Booking, BookingField, BookingItem, BookingStatus, Customer } from '../../shared/records.ts';
import { toIsoUtc } from '../../shared/zones.ts';

/** Each booking status with its code (BookThatApp's numbers: pending 1, confirmed 2, cancelled 4). */
export const BOOKING_STATUS = { pending: 1, confirmed: 2, cancelled: 4 } as const satisfies Record<BookingStatus, Booking['status_code']>;

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
}

/** The columns to select (alias `b`) for `BookingRow`. */
export const BOOKING_COLUMNS = 'b.id, b.status, b.starts_at, b.finishes_at, b.customers, b.fields, b.tags, b.create_draft_order, b.created_at, b.request_hash';

/** The record of `row` with its `items`, in the shop's zone `tz`. */
export function bookingRecord(row: BookingRow, items: BookingItem[], tz: string): Booking {
  return {
    id: row.id,
    status: row.status,
    status_code: BOOKING_STATUS[row.status],
    starts_at: toIsoUtc(new Date(row.starts_at)),
    finishes_at: toIsoUtc(new Date(row.finishes_at)),
    tz,
    items,
    customers: row.customers,
    fields: row.fields,
    tags: row.tags,
    create_draft_order: row.create_draft_order,
    created_at: toIsoUtc(new Date(row.created_at)),
  };
}

/** The shop's booking made with `idempotencyKey`, with its request hash, if there is one. */
export async function bookingByKey(q: Queryable, shopId: number, idempotencyKey: string, tz: string): Promise<{ booking: Booking; requestHash: string | null } | undefined> {
  const { rows } = await q.query<BookingRow>(`SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.shop_id = $1 AND b.idempotency_key = $2`, [shopId, idempotencyKey]);
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
