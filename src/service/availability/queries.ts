/**
 * What the availability engine judges, read from the database in three queries per write:
 * the variants with their rules (locked, for writes), the units in use, and the blackouts
 * (and, for the calendar, which reservation is the asking cart's own).
 *
 * Bookings call `loadVariantRules` with `lock: true` first in their transaction (holds have
 * their own, shorter sequence in `reservations/hold-queries.ts`: the reads first, the lock later). The row locks are
 * taken in variant id order, so two writes never wait on each other in a cycle; every later
 * statement of the transaction sees what the previous lock holder committed (PostgreSQL's READ
 * COMMITTED takes a new snapshot per statement), so a day's use is never read stale.
 * @module
 */
import type { Schedule } from '../../shared/schedule.ts';
import type { Queryable } from '../db/types.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { WidgetSettings, WidgetType } from '../../shared/records.ts';
import { resolveSettings } from '../../shared/settings.ts';
import type { BlackoutScope } from '../../shared/records.ts';
import { appliesToVariantSql } from '../blackouts/target-queries.ts';
import type { BlackoutSpan, Period, UsageRow, VariantRules } from './types.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import { requirementsOf, requirementsSql } from './requirement-queries.ts';

// A product on no widget is bookable by the API with a range widget's defaults; one on several
// widgets follows its oldest widget.
const NO_WIDGET: WidgetType = 'range';

/**
 * The shop's variants with these external ids, keyed by external id, with capacity and their
 * product's widget settings. `lock`: take their row locks in id order. NO KEY UPDATE excludes
 * every other writer of these variants but not the key-share locks of foreign keys (a blackout
 * or an item referencing the variant), which need not wait.
 */
export async function loadVariantRules(
  q: Queryable,
  shopId: number,
  externalIds: readonly number[],
  options: { lock: boolean; span?: { startAt: number; finishAt: number } },
): Promise<Map<number, VariantRules>> {
  const { rows } = await q.query<VariantRow & { requirements: unknown }>(
    `SELECT v.id, v.external_id, v.product_id, v.title, p.title AS product_title, v.capacity, v.schedule,
            (SELECT jsonb_build_object('type', w.type, 'settings', w.settings)
               FROM widget_products wp JOIN widgets w ON w.id = wp.widget_id
              WHERE wp.product_id = p.id ORDER BY w.id LIMIT 1) AS widget,
            ${requirementsSql('v', '$3::timestamptz', '$4::timestamptz')} AS requirements
       FROM variants v JOIN products p ON p.id = v.product_id
      WHERE v.shop_id = $1 AND v.external_id = ANY($2::bigint[])
      ORDER BY v.id
      ${options.lock ? 'FOR NO KEY UPDATE OF v' : ''}`,
    [
      shopId,
      [...new Set(externalIds)],
      // Without a span, a resource's blackouts are not read (none is closed).
      options.span ? toIsoUtc(options.span.startAt) : null,
      options.span ? toIsoUtc(options.span.finishAt) : null,
    ],
  );
  const found = new Map<number, VariantRules>();
  for (const r of rows) {
    const requirements = requirementsOf(r.requirements);
    found.set(r.external_id, { ...variantRulesOf(r), ...(requirements && { requirements }) });
  }
  return found;
}

/** A variant as the rule-loading queries select it (with its product's oldest widget). */
export interface VariantRow {
  id: number;
  external_id: number;
  product_id: number;
  title: string;
  product_title: string;
  capacity: number;
  /** Null for a variant booked by days. */
  schedule: Schedule | null;
  widget: { type: WidgetType; settings: Partial<WidgetSettings> } | null;
}

/** The rules of one selected variant: its ids, titles, capacity, schedule and its widget's settings. */
export function variantRulesOf(r: VariantRow): VariantRules {
  return {
    variantId: r.id,
    externalId: r.external_id,
    productId: r.product_id,
    title: r.title,
    productTitle: r.product_title,
    capacity: r.capacity,
    schedule: r.schedule ?? null,
    settings: resolveSettings(r.widget?.type ?? NO_WIDGET, r.widget?.settings ?? {}),
  };
}

/**
 * Every unexpired hold item (expiring after `now`, a reading of the database's clock or a test clock's) and
 * every pending or confirmed booking item of these variants touching a day of the span.
 */
export async function loadUsage(
  q: Queryable,
  variantIds: readonly number[],
  span: { startDay: PlainDate; finishDay: PlainDate },
  now: number,
): Promise<UsageRow[]> {
  if (variantIds.length === 0) return [];
  const { rows } = await q.query<{
    variant_id: number;
    start_day: string;
    finish_day: string;
    quantity: number;
    reservation_id: number | null;
  }>(
    `SELECT ri.variant_id, ri.start_day::text AS start_day, ri.finish_day::text AS finish_day, ri.quantity, ri.reservation_id
       FROM reservation_items ri JOIN reservations r ON r.id = ri.reservation_id
      WHERE ri.variant_id = ANY($1::bigint[]) AND ri.start_day < $3::date AND ri.finish_day > $2::date
        AND r.expires_at > $4::timestamptz
     UNION ALL
     SELECT bi.variant_id, b.start_day::text, b.finish_day::text, bi.quantity, NULL::bigint
       FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
      WHERE bi.variant_id = ANY($1::bigint[]) AND b.start_day < $3::date AND b.finish_day > $2::date
        AND b.status IN ('pending', 'confirmed')`,
    [[...new Set(variantIds)], span.startDay, span.finishDay, new Date(now).toISOString()],
  );
  return rows.map((r) => ({
    variantId: r.variant_id,
    startDay: r.start_day as PlainDate,
    finishDay: r.finish_day as PlainDate,
    quantity: r.quantity,
    reservationId: r.reservation_id,
  }));
}

/** The blackouts that apply to these variants (shop, location, product or variant level) and overlap the span. */
export async function loadBlackouts(
  q: Queryable,
  shopId: number,
  variantIds: readonly number[],
  span: Pick<Period, 'startAt' | 'finishAt'>,
): Promise<BlackoutSpan[]> {
  if (variantIds.length === 0) return [];
  const { rows } = await q.query<{
    variant_id: number;
    starts_at: Date | string;
    finishes_at: Date | string;
    scope: BlackoutScope;
  }>(
    `SELECT v.id AS variant_id, b.starts_at, b.finishes_at, b.scope
       FROM blackouts b
       JOIN variants v ON v.id = ANY($2::bigint[])
       JOIN products p ON p.id = v.product_id
      WHERE b.shop_id = $1 AND b.starts_at < $4::timestamptz AND b.finishes_at > $3::timestamptz
        AND ${appliesToVariantSql('b', 'v', 'p')}`,
    [shopId, [...new Set(variantIds)], new Date(span.startAt).toISOString(), new Date(span.finishAt).toISOString()],
  );
  return rows.map((r) => ({
    variantId: r.variant_id,
    startsAt: new Date(r.starts_at).getTime(),
    finishesAt: new Date(r.finishes_at).getTime(),
    scope: r.scope,
  }));
}

/** The id of the cart's reservation in the shop, if it has one (its own holds do not count against it). */
export async function cartReservationId(q: Queryable, shopId: number, cartToken: string): Promise<number | undefined> {
  const { rows } = await q.query<{ id: number }>('SELECT id FROM reservations WHERE shop_id = $1 AND cart_token = $2', [
    shopId,
    cartToken,
  ]);
  return rows[0]?.id;
}
