/**
 * The statements of PATCH /v1/bookings/{id}, inside its transaction: take the booking's items
 * out (so its own units no longer count against the change), and write its new period and
 * people. A refusal rolls both back.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { BookingField, Customer } from '../../shared/records.ts';
import { toIsoUtc } from '../../shared/zones.ts';

/** Deletes the booking's items: from the next statement on, its units count no more. */
export async function deleteBookingItems(tx: Queryable, bookingId: number): Promise<void> {
  await tx.query('DELETE FROM booking_items WHERE booking_id = $1', [bookingId]);
}

/** What `updateBooking` writes (times in epoch ms). */
export interface BookingUpdate {
  startAt: number;
  finishAt: number;
  period: { startDay: PlainDate; finishDay: PlainDate };
  customers: Customer[];
  fields: BookingField[];
  tags: string[];
}

/** Writes the shop's booking `id`'s period, customers, fields and tags. */
export async function updateBooking(tx: Queryable, shopId: number, id: number, b: BookingUpdate): Promise<void> {
  await tx.query(
    `UPDATE bookings SET starts_at = $3::timestamptz, finishes_at = $4::timestamptz, start_day = $5::date,
            finish_day = $6::date, customers = $7::jsonb, fields = $8::jsonb, tags = $9::jsonb
      WHERE shop_id = $1 AND id = $2`,
    [
      shopId,
      id,
      toIsoUtc(b.startAt),
      toIsoUtc(b.finishAt),
      b.period.startDay,
      b.period.finishDay,
      JSON.stringify(b.customers),
      JSON.stringify(b.fields),
      JSON.stringify(b.tags),
    ],
  );
}
