/**
 * What a hold is judged on before any lock, in ONE statement (so from one snapshot, in one round
 * trip): the posted variants with their widget rules, the blackouts that apply to them, the units
 * other carts and bookings use in the span, and the cart's own reservation. `holds.ts` judges on
 * it at once; a post that fits is judged again under the variants' locks.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { BlackoutScope } from '../../shared/records.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import type { BlackoutSpan, Period, UsageRow, VariantRules } from '../availability/types.ts';
import { appliesToVariantSql } from '../blackouts/target-queries.ts';
import { type VariantRow, variantRulesOf } from '../availability/queries.ts';
import type { OwnReservation } from './hold-queries.ts';

/** Everything `loadHoldContext` reads. */
export interface HoldContext {
  /** The shop's posted variants, keyed by external id. */
  rules: Map<number, VariantRules>;
  blackouts: BlackoutSpan[];
  /** Unexpired hold items (this cart's included) and live booking items of those variants in the span. */
  usage: UsageRow[];
  own: OwnReservation | undefined;
}

// One row per variant found (one row of NULL variant columns when none is), each carrying the
// cart's reservation: a LEFT JOIN from a single row, so the reservation comes back either way.
// Usage rows are [start_day, finish_day, quantity, reservation_id or null] per variant.
const SQL = `
SELECT v.id, v.external_id, v.product_id, v.title, p.title AS product_title, v.capacity,
       (SELECT jsonb_build_object('type', w.type, 'settings', w.settings)
          FROM widget_products wp JOIN widgets w ON w.id = wp.widget_id
         WHERE wp.product_id = p.id ORDER BY w.id LIMIT 1) AS widget,
       (SELECT coalesce(jsonb_agg(jsonb_build_array(b.starts_at, b.finishes_at, b.scope)), '[]'::jsonb)
          FROM blackouts b
         WHERE b.shop_id = $1 AND b.starts_at < $5::timestamptz AND b.finishes_at > $4::timestamptz
           AND ${appliesToVariantSql('b', 'v', 'p')}) AS blackouts,
       (SELECT coalesce(jsonb_agg(jsonb_build_array(u.start_day, u.finish_day, u.quantity, u.reservation_id)), '[]'::jsonb)
          FROM (SELECT ri.start_day, ri.finish_day, ri.quantity, ri.reservation_id
                  FROM reservation_items ri JOIN reservations r ON r.id = ri.reservation_id
                 WHERE ri.variant_id = v.id AND ri.start_day < $7::date AND ri.finish_day > $6::date
                   AND r.expires_at > $8::timestamptz
                UNION ALL
                SELECT b.start_day, b.finish_day, bi.quantity, NULL
                  FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
                 WHERE bi.variant_id = v.id AND b.start_day < $7::date AND b.finish_day > $6::date
                   AND b.status IN ('pending', 'confirmed')) AS u) AS usage,
       own.id AS own_id, own.expires_at AS own_expires_at, own.variant_ids AS own_variant_ids
  FROM (SELECT 1) AS one
  LEFT JOIN (SELECT r.id, r.expires_at,
                    ARRAY(SELECT DISTINCT ri.variant_id FROM reservation_items ri WHERE ri.reservation_id = r.id) AS variant_ids
               FROM reservations r WHERE r.shop_id = $1 AND r.cart_token = $2) AS own ON true
  LEFT JOIN (variants v JOIN products p ON p.id = v.product_id) ON v.shop_id = $1 AND v.external_id = ANY ($3::bigint[])
 ORDER BY v.id`;

/** One posted variant (`id` null when none matched: the row still carries the cart's own). */
interface Row extends Omit<VariantRow, 'id'> {
  id: number | null;
  blackouts: Array<[string, string, BlackoutScope]>;
  usage: Array<[PlainDate, PlainDate, number, number | null]>;
  own_id: number | null;
  own_expires_at: Date | string | null;
  own_variant_ids: number[] | null;
}

/** Reads the context of a post of `externalIds` for `cartToken` over `span`, holds expiring after `now` counted. */
export async function loadHoldContext(
  q: Queryable,
  shopId: number,
  cartToken: string,
  externalIds: readonly number[],
  span: Period,
  now: number,
): Promise<HoldContext> {
  const { rows } = await q.query<Row>(SQL, [
    shopId,
    cartToken,
    [...new Set(externalIds)],
    toIsoUtc(span.startAt),
    toIsoUtc(span.finishAt),
    span.startDay,
    span.finishDay,
    toIsoUtc(now),
  ], { prepare: true });
  const context: HoldContext = { rules: new Map(), blackouts: [], usage: [], own: undefined };
  const first = rows[0];
  if (first?.own_id != null) {
    context.own = { id: first.own_id, expiresAt: new Date(first.own_expires_at!).getTime(), variantIds: first.own_variant_ids ?? [] };
  }
  for (const r of rows) {
    if (r.id === null) continue;
    context.rules.set(r.external_id, variantRulesOf({ ...r, id: r.id }));
    for (const [startsAt, finishesAt, scope] of r.blackouts) {
      context.blackouts.push({ variantId: r.id, startsAt: Date.parse(startsAt), finishesAt: Date.parse(finishesAt), scope });
    }
    for (const [startDay, finishDay, quantity, reservationId] of r.usage) {
      context.usage.push({ variantId: r.id, startDay, finishDay, quantity, reservationId });
    }
  }
  return context;
}
