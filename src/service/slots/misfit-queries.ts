/**
 * What the misfit listing reads (GET /v1/variants/{id}/misfits): a variant's schedule, and what
 * is live on it: unexpired hold items and pending or confirmed bookings, each finishing after
 * the database's now. Read only: a schedule change never touches them.
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { Schedule } from '../../shared/schedule.ts';
import { scheduleRecord } from '../shared/schedule-record.ts';

/** A variant of the shop with its schedule (null: booked by days). */
export interface ScheduledVariant {
  id: number;
  schedule: Schedule | null;
}

/** The shop's variant `id` with its schedule; undefined when it has none. */
export async function findScheduledVariant(
  q: Queryable,
  shopId: number,
  id: number,
): Promise<ScheduledVariant | undefined> {
  const { rows } = await q.query<{ id: number; schedule: unknown }>(
    'SELECT id, schedule FROM variants WHERE shop_id = $1 AND id = $2',
    [shopId, id],
  );
  const row = rows[0];
  return row && { id: Number(row.id), schedule: scheduleRecord(row.schedule) };
}

/** One live hold item or booking of the variant, as stored. */
export interface LiveItemRow {
  kind: 'hold' | 'booking';
  /** The reservation's or the booking's id. */
  id: number;
  cart_token: string | null;
  status: 'pending' | 'confirmed' | null;
  start_at: Date | string;
  finish_at: Date | string;
  /** 1: a hold of whole days; bookings are always 0 (their times are as posted). */
  all_day: 0 | 1;
  quantity: number;
  expires_at: Date | string | null;
}

/**
 * The variant's unexpired hold items and its pending or confirmed bookings (the units of the
 * variant summed per booking) that finish after now (`sqlNow`, or the database's clock), by
 * start.
 */
export async function liveItemsOf(q: Queryable, variantId: number, sqlNow: number | null): Promise<LiveItemRow[]> {
  const { rows } = await q.query<LiveItemRow>(
    `SELECT 'hold' AS kind, r.id, r.cart_token, NULL AS status, ri.start_at, ri.finish_at, ri.all_day::int AS all_day,
            ri.quantity, r.expires_at
       FROM reservation_items ri JOIN reservations r ON r.id = ri.reservation_id
      WHERE ri.variant_id = $1 AND r.expires_at > ${nowSql('$2')} AND ri.finish_at > ${nowSql('$2')}
     UNION ALL
     SELECT 'booking', b.id, NULL, b.status, b.starts_at, b.finishes_at, 0, sum(bi.quantity)::int, NULL
       FROM bookings b JOIN booking_items bi ON bi.booking_id = b.id
      WHERE bi.variant_id = $1 AND b.status IN ('pending', 'confirmed') AND b.finishes_at > ${nowSql('$2')}
      GROUP BY b.id
     ORDER BY 5, 1 DESC, 2`,
    [variantId, nowParam(sqlNow)],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), quantity: Number(row.quantity) }));
}
