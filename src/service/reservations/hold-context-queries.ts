/**
 * What a hold's rules are judged on before any lock, in ONE statement (so from one snapshot, in
 * one round trip): the posted variants with their widget rules and schedules, the blackouts that
 * apply to them, and the cart's own reservation. No units in use: capacity is judged by
 * `hold_items` alone, under the variants' locks.
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { BlackoutScope } from '../../shared/records.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import type { BlackoutSpan, Period, VariantRules } from '../availability/types.ts';
import { appliesToVariantSql } from '../blackouts/target-queries.ts';
import { type VariantRow, variantRulesOf } from '../availability/queries.ts';
import { requirementsOf, requirementsSql } from '../availability/requirement-queries.ts';
import { ALLOWANCE_OF, DEFAULT_ALLOWANCE, type OwnReservation, otherItemsSettingSql } from './hold-queries.ts';

/** Everything `loadHoldContext` reads. */
export interface HoldContext {
  /** The shop's posted variants, keyed by external id. */
  rules: Map<number, VariantRules>;
  blackouts: BlackoutSpan[];
  own: OwnReservation | undefined;
  /** Units × days of the cart's items of variants not posted (what a post leaves in the cart). */
  ownOtherUnitDays: number;
  /** The database's "now" (epoch ms) the rules were judged at. */
  now: number;
}

// One row per variant found (one row of NULL variant columns when none is), each carrying the
// cart's reservation: a LEFT JOIN from a single row, so the reservation comes back either way.
// t is read once (a CTE with a volatile function is not inlined): one "now" for the statement.
const NOT_POSTED = 'ov.external_id <> ALL ($3::bigint[])';
const SQL = `
WITH t AS (SELECT ${nowSql('$6')} AS now)
SELECT (SELECT now FROM t) AS db_now, v.id, v.external_id, v.product_id, v.title, p.title AS product_title, v.capacity, v.schedule,
       (SELECT jsonb_build_object('type', w.type, 'settings', w.settings)
          FROM widget_products wp JOIN widgets w ON w.id = wp.widget_id
         WHERE wp.product_id = p.id ORDER BY w.id LIMIT 1) AS widget,
       (SELECT coalesce(jsonb_agg(jsonb_build_array(b.starts_at, b.finishes_at, b.scope)), '[]'::jsonb)
          FROM blackouts b
         WHERE b.shop_id = $1 AND b.starts_at < $5::timestamptz AND b.finishes_at > $4::timestamptz
           AND ${appliesToVariantSql('b', 'v', 'p')}) AS blackouts,
       ${requirementsSql('v', '$4::timestamptz', '$5::timestamptz')} AS requirements,
       own.id AS own_id, own.expires_at AS own_expires_at, own.variant_ids AS own_variant_ids,
       own.other_allowance AS own_other_allowance,
       own.other_unit_days AS own_other_unit_days
  FROM (SELECT 1) AS one
  LEFT JOIN (SELECT r.id, r.expires_at,
                    ARRAY(SELECT DISTINCT ri.variant_id FROM reservation_items ri WHERE ri.reservation_id = r.id) AS variant_ids,
                    ${otherItemsSettingSql('max', ALLOWANCE_OF, NOT_POSTED, '$7')} AS other_allowance,
                    (SELECT coalesce(sum(oi.quantity * (oi.finish_day - oi.start_day)), 0)::int
                       FROM reservation_items oi JOIN variants ov ON ov.id = oi.variant_id
                      WHERE oi.reservation_id = r.id AND ${NOT_POSTED}) AS other_unit_days
               FROM reservations r WHERE r.shop_id = $1 AND r.cart_token = $2) AS own ON true
  LEFT JOIN (variants v JOIN products p ON p.id = v.product_id) ON v.shop_id = $1 AND v.external_id = ANY ($3::bigint[])
 ORDER BY v.id`;

/** One posted variant (`id` null when none matched: the row still carries the cart's own). */
interface Row extends Omit<VariantRow, 'id'> {
  db_now: Date | string;
  id: number | null;
  blackouts: Array<[string, string, BlackoutScope]>;
  requirements: unknown;
  own_id: number | null;
  own_expires_at: Date | string | null;
  own_variant_ids: number[] | null;
  own_other_allowance: number | null;
  own_other_unit_days: number | null;
}

/**
 * Reads the context of a post of `externalIds` for `cartToken` over `span`, counting the holds
 * that expire after the database's "now" (or `override`, a test clock's).
 */
export async function loadHoldContext(
  q: Queryable,
  shopId: number,
  cartToken: string,
  externalIds: readonly number[],
  span: Pick<Period, 'startAt' | 'finishAt'>,
  override: number | null,
): Promise<HoldContext> {
  const { rows } = await q.query<Row>(
    SQL,
    [
      shopId,
      cartToken,
      [...new Set(externalIds)],
      toIsoUtc(span.startAt),
      toIsoUtc(span.finishAt),
      nowParam(override),
      DEFAULT_ALLOWANCE,
    ],
    { prepare: true },
  );
  const first = rows[0]!;
  const context: HoldContext = {
    rules: new Map(),
    blackouts: [],
    own: undefined,
    ownOtherUnitDays: 0,
    now: new Date(first.db_now).getTime(),
  };
  if (first.own_id != null) {
    context.own = {
      id: first.own_id,
      expiresAt: new Date(first.own_expires_at!).getTime(),
      variantIds: first.own_variant_ids ?? [],
      otherAllowance: first.own_other_allowance,
    };
    context.ownOtherUnitDays = first.own_other_unit_days ?? 0;
  }
  for (const r of rows) {
    if (r.id === null) continue;
    const requirements = requirementsOf(r.requirements);
    context.rules.set(r.external_id, { ...variantRulesOf({ ...r, id: r.id }), ...(requirements && { requirements }) });
    for (const [startsAt, finishesAt, scope] of r.blackouts) {
      context.blackouts.push({
        variantId: r.id,
        startsAt: Date.parse(startsAt),
        finishesAt: Date.parse(finishesAt),
        scope,
      });
    }
  }
  return context;
}
