/**
 * Reading and cancelling bookings (extensions). Cancelling is idempotent: a cancelled booking
 * answers as it is. Its units are free at once for every process: usage is read from the
 * database on every hold and availability request (only pending and confirmed bookings count).
 * @module
 */
import type { Database } from '../db/types.ts';
import type { Booking } from '../../shared/records.ts';
import { ConflictError, NotFoundError } from '../shared/errors.ts';
import type { Page } from '../shared/page.ts';
import type { AuthContext } from '../tokens/types.ts';
import { beforeCutoff, markCancelledByCustomer, markRefunded } from './customer-cancel-queries.ts';
import { bookingRecords, findBookingRow, listBookings, markCancelled, type BookingFilters } from './list-queries.ts';

type Shop = Pick<AuthContext, 'shopId' | 'tz'>;

/** One page of the shop's bookings and the total. */
export async function pageOfBookings(
  db: Database,
  auth: Shop,
  filters: BookingFilters,
  page: Page,
): Promise<{ records: Booking[]; total: number }> {
  const { rows, total } = await listBookings(db, auth.shopId, filters, page);
  return { records: await bookingRecords(db, rows, auth.tz), total };
}

/** The shop's booking `id`, or 404. */
export async function getBooking(db: Database, auth: Shop, id: number): Promise<Booking> {
  const row = await findBookingRow(db, auth.shopId, id);
  if (!row) throw new NotFoundError('booking', id);
  return (await bookingRecords(db, [row], auth.tz))[0]!;
}

/** A cancellation by the customer (the manage link): allowed until `cutoffHours` before the start. */
export interface CustomerCancellation {
  cutoffHours: number;
  /** A test clock's "now"; null: the database's clock. */
  sqlNow: number | null;
}

/**
 * Cancels the shop's booking `id` (a cancelled one stays as it is); its record after. With
 * `byCustomer`, only before the shop's cut-off (else ConflictError, nothing changed), and the
 * booking is marked as the customer's cancellation (a Shopify order's: to be refunded).
 */
export async function cancelBooking(
  db: Database,
  auth: Shop,
  id: number,
  byCustomer?: CustomerCancellation,
): Promise<Booking> {
  return db.transaction(async (tx) => {
    const row = await findBookingRow(tx, auth.shopId, id, true);
    if (!row) throw new NotFoundError('booking', id);
    if (row.status !== 'cancelled' && byCustomer) {
      if (!(await beforeCutoff(tx, auth.shopId, id, byCustomer.cutoffHours, byCustomer.sqlNow)))
        throw new ConflictError(`Booking ${id} can no longer be cancelled online; nothing was changed.`, []);
      await markCancelledByCustomer(tx, auth.shopId, id, byCustomer.sqlNow);
    }
    if (row.status !== 'cancelled') await markCancelled(tx, auth.shopId, id);
    const after = (await findBookingRow(tx, auth.shopId, id))!;
    return (await bookingRecords(tx, [after], auth.tz))[0]!;
  });
}

/**
 * Marks the refund owed for booking `id` made (the merchant refunded its Shopify order after
 * its customer cancelled it). A booking already marked answers as it is; one that never had a
 * refund due is a ConflictError, nothing changed.
 */
export async function markBookingRefunded(
  db: Database,
  auth: Shop,
  id: number,
  sqlNow: number | null,
): Promise<Booking> {
  return db.transaction(async (tx) => {
    const row = await findBookingRow(tx, auth.shopId, id, true);
    if (!row) throw new NotFoundError('booking', id);
    const refundedAt = row.refund_due ? await markRefunded(tx, auth.shopId, id, sqlNow) : row.refunded_at;
    if (!refundedAt)
      throw new ConflictError(
        `Booking ${id} has no refund due: only a Shopify order's booking its customer cancelled has one; nothing was changed.`,
        [],
      );
    return (await bookingRecords(tx, [{ ...row, refund_due: false, refunded_at: refundedAt }], auth.tz))[0]!;
  });
}
