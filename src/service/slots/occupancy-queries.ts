/**
 * What the occupancy by slot reads (GET /v1/occupancy/slots), in one statement: the variant
 * with its capacity and schedule, and its unexpired hold items and pending or confirmed
 * bookings around one local day, holds and bookings apart (the slot list sums them together).
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { Schedule } from '../../shared/schedule.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import { scheduleRecord } from '../shared/schedule-record.ts';

/** A live item as instants (epoch ms, finish exclusive) and its units. */
export type OccupancyItem = [startsAt: number, finishesAt: number, quantity: number];

/** The variant and what is live on it around the span; undefined when the shop has no such variant. */
export interface SlotOccupancyContext {
  variantId: number;
  capacity: number;
  schedule: Schedule | null;
  holds: OccupancyItem[];
  bookings: OccupancyItem[];
}

const ms = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::bigint`;

// The span is widened by a day each side: a slot's finish and a unit's buffers reach past it.
const SQL = `
WITH t AS (SELECT ${nowSql('$5')} AS now)
SELECT v.id, v.capacity, v.schedule,
       (SELECT coalesce(json_agg(json_build_array(${ms('ri.start_at')}, ${ms('ri.finish_at')}, ri.quantity)), '[]'::json)
          FROM reservation_items ri JOIN reservations r ON r.id = ri.reservation_id
         WHERE ri.variant_id = v.id AND r.expires_at > t.now
           AND ri.start_at < $4::timestamptz + interval '1 day' AND ri.finish_at > $3::timestamptz - interval '1 day') AS holds,
       (SELECT coalesce(json_agg(json_build_array(${ms('b.starts_at')}, ${ms('b.finishes_at')}, bi.quantity)), '[]'::json)
          FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
         WHERE bi.variant_id = v.id AND b.status IN ('pending', 'confirmed')
           AND b.starts_at < $4::timestamptz + interval '1 day' AND b.finishes_at > $3::timestamptz - interval '1 day') AS bookings
  FROM t, variants v
 WHERE v.shop_id = $1 AND v.external_id = $2`;

interface Row {
  id: number;
  capacity: number;
  schedule: unknown;
  holds: Array<[number | string, number | string, number]>;
  bookings: Array<[number | string, number | string, number]>;
}

const items = (list: Row['holds']): OccupancyItem[] => list.map(([s, f, q]) => [Number(s), Number(f), Number(q)]);

/** Reads variant `externalId` of the shop and its live items around `[span.startAt, span.finishAt)`. */
export async function loadSlotOccupancy(
  q: Queryable,
  shopId: number,
  externalId: number,
  span: { startAt: number; finishAt: number },
  override: number | null,
): Promise<SlotOccupancyContext | undefined> {
  const { rows } = await q.query<Row>(SQL, [
    shopId,
    externalId,
    toIsoUtc(span.startAt),
    toIsoUtc(span.finishAt),
    nowParam(override),
  ]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    variantId: Number(r.id),
    capacity: Number(r.capacity),
    schedule: scheduleRecord(r.schedule),
    holds: items(r.holds),
    bookings: items(r.bookings),
  };
}
