/**
 * The reservation record of seed §2.1 / API.md §2, built from the rows of `queries.ts`. Each item's
 * `quantity_available` is recomputed at read time: the units this cart could hold for the
 * item's period, i.e. capacity minus other carts' unexpired holds and bookings, the least over
 * its days (a slot's: its start's seats, or its units at the busiest instant, as `hold_items`
 * counts them). A lapsed reservation's items read `expired` (7).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { Reservation, ReservationItem } from '../../shared/records.ts';
import { itemStatus } from '../../shared/status.ts';
import { localPeriod, toIsoUtc } from '../../shared/zones.ts';
import { loadUsage } from '../availability/queries.ts';
import { UsageIndex } from '../availability/usage.ts';
import { type ItemRow, type ReservationRow, reservationItemRows } from './queries.ts';

/** The records of `rows`, in the same order, read at the clock's `now` in the shop's zone `tz`. */
export async function reservationRecords(
  q: Queryable,
  rows: readonly ReservationRow[],
  tz: string,
  now: number,
): Promise<Reservation[]> {
  if (rows.length === 0) return [];
  const items = await reservationItemRows(
    q,
    rows.map((r) => r.id),
    now,
  );
  const days = items.filter((i) => i.all_day === 1);
  const usage = new UsageIndex(
    days.length
      ? await loadUsage(
          q,
          days.map((i) => i.variant_id),
          daySpan(days),
          now,
        )
      : [],
  );
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
      ...(i.all_day === 1
        ? { start_local: i.start_day, finish_local: i.finish_day }
        : localPeriod(new Date(i.start_at), new Date(i.finish_at), false, tz)),
      ...itemStatus(expired.get(i.reservation_id) ? 'expired' : 'ok'),
      variant_id: i.variant_id,
      external_id: i.external_id,
      quantity: i.quantity,
      quantity_available:
        i.slot_available ?? usage.free(i.variant_id, i.capacity, i.start_day, i.finish_day, i.reservation_id),
      variant_title: i.variant_title,
      product_title: i.product_title,
      all_day: i.all_day,
      ...(i.resources && { resources: i.resources.map((r) => ({ id: Number(r.id), name: r.name })) }),
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
