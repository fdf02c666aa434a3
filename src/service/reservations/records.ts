/**
 * The reservation record of seed §2.1 / API.md §2, built from the database. Each item's
 * `quantity_available` is recomputed at read time: the units this cart could hold for the
 * item's period, i.e. capacity minus other carts' unexpired holds and bookings, the least over
 * its days. A lapsed reservation's items read `expired` (7).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { Reservation, ReservationItem } from '../../shared/records.ts';
import { itemStatus } from '../../shared/status.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import { loadUsage } from '../availability/queries.ts';
import { UsageIndex } from '../availability/usage.ts';

/** A reservations row as the record needs it. */
export interface ReservationRow {
  id: number;
  cart_token: string;
  created_at: Date | string;
  expires_at: Date | string;
}

/** The columns to select (alias `r`) for `ReservationRow`. */
export const RESERVATION_COLUMNS = 'r.id, r.cart_token, r.created_at, r.expires_at';

interface ItemRow {
  reservation_id: number;
  variant_id: number;
  external_id: number;
  capacity: number;
  start_at: Date | string;
  finish_at: Date | string;
  start_day: PlainDate;
  finish_day: PlainDate;
  quantity: number;
  all_day: 0 | 1;
  variant_title: string;
  product_title: string;
}

/** The records of `rows`, in the same order, read at the clock's `now` in the shop's zone `tz`. */
export async function reservationRecords(q: Queryable, rows: readonly ReservationRow[], tz: string, now: number): Promise<Reservation[]> {
  if (rows.length === 0) return [];
  const { rows: items } = await q.query<ItemRow>(
    `SELECT ri.reservation_id, ri.variant_id, v.external_id, v.capacity, ri.start_at, ri.finish_at,
            ri.start_day::text AS start_day, ri.finish_day::text AS finish_day, ri.quantity, ri.all_day,
            v.title AS variant_title, p.title AS product_title
       FROM reservation_items ri JOIN variants v ON v.id = ri.variant_id JOIN products p ON p.id = v.product_id
      WHERE ri.reservation_id = ANY($1::bigint[])
      ORDER BY ri.id`,
    [rows.map((r) => r.id)],
  );
  const usage = new UsageIndex(items.length ? await loadUsage(q, items.map((i) => i.variant_id), daySpan(items), now) : []);
  const byReservation = new Map<number, ReservationItem[]>();
  const expired = new Map<number, boolean>();
  for (const r of rows) {
    byReservation.set(r.id, []);
    expired.set(r.id, new Date(r.expires_at).getTime() <= now);
  }
  for (const i of items) {
    byReservation.get(i.reservation_id)!.push({
      start: toIsoUtc(new Date(i.start_at)),
      finish: toIsoUtc(new Date(i.finish_at)),
      ...itemStatus(expired.get(i.reservation_id) ? 'expired' : 'ok'),
      variant_id: i.variant_id,
      external_id: i.external_id,
      quantity: i.quantity,
      quantity_available: usage.free(i.variant_id, i.capacity, i.start_day, i.finish_day, i.reservation_id),
      variant_title: i.variant_title,
      product_title: i.product_title,
      all_day: i.all_day,
    });
  }
  return rows.map((r) => ({
    id: r.id,
    cart_token: r.cart_token,
    created_at: toIsoUtc(new Date(r.created_at)),
    expires_at: toIsoUtc(new Date(r.expires_at)),
    tz,
    items: byReservation.get(r.id)!,
  }));
}

function daySpan(items: readonly ItemRow[]): { startDay: PlainDate; finishDay: PlainDate } {
  let startDay = items[0]!.start_day;
  let finishDay = items[0]!.finish_day;
  for (const i of items) {
    if (i.start_day < startDay) startDay = i.start_day;
    if (i.finish_day > finishDay) finishDay = i.finish_day;
  }
  return { startDay, finishDay };
}
