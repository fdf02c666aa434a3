/**
 * The merchant's occupancy view (GET /v1/occupancy, an extension): for every variant of the
 * shop and every shop-local day of a span, its capacity, the units held by unexpired holds, the
 * units booked (pending or confirmed), and whether a blackout covers the day. One statement, so
 * the numbers come from one snapshot.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import { appliesToVariantSql } from '../blackouts/target-queries.ts';
import type { OccupancyDay } from '../../shared/merchant-records.ts';

/**
 * Every variant of the shop (or only `externalVariantId`) by day from `start` to `finish`
 * (exclusive), ordered by variant then day. A day is blacked out when an applying blackout of
 * scope `overlap` overlaps it, or one of scope `start` does (no item may start on it either).
 */
export async function occupancy(
  db: Queryable,
  shopId: number,
  span: { start: PlainDate; finish: PlainDate; externalVariantId?: number | undefined },
  now: number,
): Promise<OccupancyDay[]> {
  const { rows } = await db.query<OccupancyDay>(
    `WITH days AS (SELECT d::date AS day FROM generate_series($2::date, $3::date - 1, interval '1 day') d),
          shop AS (SELECT tz FROM shops WHERE id = $1)
     SELECT v.id AS variant_id, v.external_id AS external_variant_id, p.id AS product_id, p.title AS product_title,
            v.title AS variant_title, to_char(days.day, 'YYYY-MM-DD') AS date, v.capacity,
            COALESCE((SELECT sum(ri.quantity) FROM reservation_items ri JOIN reservations r ON r.id = ri.reservation_id
               WHERE ri.variant_id = v.id AND ri.start_day <= days.day AND ri.finish_day > days.day AND r.expires_at > $4::timestamptz), 0)::int AS held,
            COALESCE((SELECT sum(bi.quantity) FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
               WHERE bi.variant_id = v.id AND b.start_day <= days.day AND b.finish_day > days.day AND b.status IN ('pending', 'confirmed')), 0)::int AS booked,
            (SELECT b.title FROM blackouts b
               WHERE b.shop_id = $1 AND ${appliesToVariantSql('b', 'v', 'p')}
                 AND b.starts_at < ((days.day + 1)::timestamp AT TIME ZONE shop.tz)
                 AND b.finishes_at > (days.day::timestamp AT TIME ZONE shop.tz)
               ORDER BY b.starts_at, b.id LIMIT 1) AS blackout_title,
            EXISTS (SELECT 1 FROM blackouts b
               WHERE b.shop_id = $1 AND ${appliesToVariantSql('b', 'v', 'p')}
                 AND b.starts_at < ((days.day + 1)::timestamp AT TIME ZONE shop.tz)
                 AND b.finishes_at > (days.day::timestamp AT TIME ZONE shop.tz)) AS blacked_out
       FROM variants v JOIN products p ON p.id = v.product_id CROSS JOIN days CROSS JOIN shop
      WHERE v.shop_id = $1 AND ($5::bigint IS NULL OR v.external_id = $5)
      ORDER BY p.id, v.id, days.day`,
    [shopId, span.start, span.finish, new Date(now).toISOString(), span.externalVariantId ?? null],
  );
  return rows.map((r) => {
    const capacity = Number(r.capacity);
    const used = r.held + r.booked;
    return {
      ...r,
      variant_id: Number(r.variant_id),
      external_variant_id: Number(r.external_variant_id),
      product_id: Number(r.product_id),
      capacity,
      available: r.blacked_out ? 0 : Math.max(0, capacity - used),
    };
  });
}
