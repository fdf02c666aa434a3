/**
 * What a variant's slots over a span are judged on, in ONE statement (one snapshot, one round
 * trip), as `reservations/hold-context-queries.ts` reads a hold's: the variant with its
 * schedule, the blackouts that apply to it, its live hold items and bookings as instants, the
 * asking cart's reservation, and the database's "now" they were judged at.
 * @module
 */
import { requirementsOf, requirementsSql } from '../availability/requirement-queries.ts';
import type { Requirement } from '../availability/types.ts';
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { BlackoutScope } from '../../shared/records.ts';
import type { Schedule } from '../../shared/schedule.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import type { BlackoutSpan } from '../availability/types.ts';
import { appliesToVariantSql } from '../blackouts/target-queries.ts';
import type { SlotUsageRow } from './types.ts';

/** A variant as its slots are judged: no widget settings (a schedule has its own notice and horizon). */
export interface SlotVariant {
  variantId: number;
  externalId: number;
  /** Per start (seats) or per instant (units). */
  capacity: number;
  /** Null: the variant is booked by days. */
  schedule: Schedule | null;
  productId: number;
  /** The shared resources it draws on; undefined: none. */
  requirements?: Requirement[];
}

/** Everything `loadSlotContext` reads. */
export interface SlotContext {
  /** Undefined when the shop has no such variant. */
  variant: SlotVariant | undefined;
  blackouts: BlackoutSpan[];
  /** Unexpired hold items and pending or confirmed bookings near the span, summed by instants (the cart's own apart, with its id). */
  usage: SlotUsageRow[];
  /** The asking cart's reservation, whose own holds do not count against it. */
  own: number | undefined;
  /** The database's "now" (epoch ms), or the test clock's. */
  now: number;
}

// Epoch milliseconds as a JSON number: cheaper to read back than a timestamp's text.
const ms = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::bigint`;

// A slot of the span may finish up to a duration after it, and a unit's buffers reach further:
// rows and blackouts are read that much around it (the pure count keeps only what touches a
// slot). The bounds are computed once per variant (w.lo, w.hi), not per row.
const MARGIN = `((coalesce((v.schedule->>'duration_minutes')::int, 0)
  + coalesce((v.schedule->>'buffer_before_minutes')::int, 0)
  + coalesce((v.schedule->>'buffer_after_minutes')::int, 0)) * interval '1 minute')`;

// One row whatever matched (a LEFT JOIN from a single row), so "now" and the cart come back
// even without the variant. t is read once: one "now" for the statement. The variant's items
// are found by (variant_id, start_at); each one's reservation and booking is then looked up
// by its key (a scalar subquery, an OFFSET 0 lateral: never flattened into a join that would
// scan every live reservation or booking of the shop). Rows of the same instants are summed,
// the cart's own apart (it keeps its reservation id, every other row null): a count needs no more.
const SQL = `
WITH t AS (SELECT ${nowSql('$6')} AS now)
SELECT ${ms('t.now')} AS db_now, v.id, v.external_id, v.capacity, v.schedule, v.product_id,
       ${requirementsSql('v', '$3::timestamptz', 'w.hi')} AS requirements,
       (SELECT coalesce(jsonb_agg(jsonb_build_array(${ms('b.starts_at')}, ${ms('b.finishes_at')}, b.scope)), '[]'::jsonb)
          FROM blackouts b
         WHERE b.shop_id = $1 AND b.starts_at < w.hi AND b.finishes_at > $3::timestamptz
           AND ${appliesToVariantSql('b', 'v', 'p')}) AS blackouts,
       (SELECT coalesce(json_agg(json_build_array(${ms('u.s')}, ${ms('u.f')}, u.quantity, u.reservation_id)), '[]'::json)
          FROM (SELECT u.s, u.f, sum(u.quantity)::int AS quantity, u.reservation_id
                  FROM (SELECT ri.start_at AS s, ri.finish_at AS f, ri.quantity,
                               CASE WHEN ri.reservation_id = own.id THEN own.id END AS reservation_id
                          FROM reservation_items ri
                         WHERE ri.variant_id = v.id AND ri.start_at < w.hi AND ri.finish_at > w.lo
                           AND (SELECT r.expires_at FROM reservations r WHERE r.id = ri.reservation_id) > t.now
                        UNION ALL
                        SELECT b.starts_at, b.finishes_at, bi.quantity, NULL
                          FROM booking_items bi
                          CROSS JOIN LATERAL (SELECT b.starts_at, b.finishes_at FROM bookings b
                                               WHERE b.id = bi.booking_id AND b.status IN ('pending', 'confirmed')
                                                 AND b.starts_at < w.hi AND b.finishes_at > w.lo OFFSET 0) AS b
                         WHERE bi.variant_id = v.id) AS u
                 GROUP BY u.s, u.f, u.reservation_id) AS u) AS usage,
       own.id AS own_id
  FROM t
  LEFT JOIN reservations own ON own.shop_id = $1 AND own.cart_token = $5
  LEFT JOIN (variants v JOIN products p ON p.id = v.product_id
             CROSS JOIN LATERAL (SELECT $3::timestamptz - ${MARGIN} AS lo, $4::timestamptz + ${MARGIN} AS hi OFFSET 0) AS w)
         ON v.shop_id = $1 AND v.external_id = $2`;

interface Row {
  db_now: number | string;
  id: number | null;
  external_id: number | null;
  capacity: number | null;
  schedule: Schedule | null;
  product_id: number | null;
  requirements: unknown;
  blackouts: Array<[number, number, BlackoutScope]> | null;
  usage: Array<[number, number, number, number | null]> | null;
  own_id: number | null;
}

/**
 * Reads what the slots of variant `externalId` starting in `[span.startAt, span.finishAt)` are
 * judged on, counting the holds that expire after the database's "now" (or `override`, a test
 * clock's). `cartToken`: the cart whose reservation is left out of the count.
 */
export async function loadSlotContext(
  q: Queryable,
  shopId: number,
  externalId: number,
  span: { startAt: number; finishAt: number },
  cartToken: string | undefined,
  override: number | null,
): Promise<SlotContext> {
  const { rows } = await q.query<Row>(
    SQL,
    [shopId, externalId, toIsoUtc(span.startAt), toIsoUtc(span.finishAt), cartToken ?? null, nowParam(override)],
    { prepare: true },
  );
  const r = rows[0]!;
  const context: SlotContext = {
    variant: undefined,
    blackouts: [],
    usage: [],
    own: r.own_id ?? undefined,
    now: Number(r.db_now),
  };
  if (r.id === null) return context;
  const requirements = requirementsOf(r.requirements);
  context.variant = {
    variantId: r.id,
    externalId: r.external_id!,
    capacity: r.capacity!,
    schedule: r.schedule,
    productId: Number(r.product_id),
    ...(requirements && { requirements }),
  };
  for (const [startsAt, finishesAt, scope] of r.blackouts ?? [])
    context.blackouts.push({ variantId: r.id, startsAt, finishesAt, scope });
  for (const [startsAt, finishesAt, quantity, reservationId] of r.usage ?? [])
    context.usage.push({ startsAt, finishesAt, quantity, reservationId });
  return context;
}
