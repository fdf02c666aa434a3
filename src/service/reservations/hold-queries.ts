/**
 * The statements of POST /v1/reservations (see `holds.ts` for the order they run in and why).
 *
 * Outside the variants' row locks: `loadHoldContext` (hold-context-queries.ts, one statement). Under
 * the locks, on the transaction path (a cart renewing variants it does not post):
 * `lockVariants`, `loadCartUsage` (a NEW statement, so it sees what the previous lock holder
 * committed) and `writeHold` (one statement), then COMMIT. The usual path runs the same steps
 * inside the server (`hold-call-queries.ts`), with `writeHold`'s parameters.
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import { defaultSettings } from '../../shared/settings.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import type { Demand, UsageRow } from '../availability/types.ts';
import type { ReservationRow } from './queries.ts';

/**
 * Takes the row locks of these variants (in id order, so two writes never wait on each other in
 * a cycle) and answers their capacities as now committed. NO KEY UPDATE excludes every other
 * writer of these variants but not the key-share locks of foreign keys.
 *
 * Never merge this with the usage read: a statement's snapshot is taken before it waits for the
 * lock, so a usage read in the same statement would miss the rows of the transaction it waited
 * for, and oversell. `loadCartUsage` must be the next, separate statement.
 */
export async function lockVariants(q: Queryable, variantIds: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await q.query<{ id: number; capacity: number }>(
    'SELECT id, capacity FROM variants WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE',
    [[...new Set(variantIds)].sort((a, b) => a - b)],
    { prepare: true },
  );
  return new Map(rows.map((r) => [r.id, r.capacity]));
}

/** The cart's reservation as it stands. */
export interface OwnReservation {
  id: number;
  expiresAt: number;
  /** The variants it holds items of. */
  variantIds: number[];
  /** The least `hold_minutes` of the products of its items of variants not posted (null: none). */
  otherHoldMinutes: number | null;
  /** The most units × days of one full booking of those products (null: none; context read only). */
  otherAllowance?: number | null;
}

/** A product on no widget follows the `range` defaults (as `variantRulesOf`). */
const DEFAULTS = defaultSettings('range');
/** Its hold length, in minutes. */
export const DEFAULT_HOLD_MINUTES = DEFAULTS.hold_minutes;
/** Its units × days of one full booking (`quantity_max` × `max_days`). */
export const DEFAULT_ALLOWANCE = DEFAULTS.quantity_max * DEFAULTS.max_days;

/**
 * SQL aggregating (`min` or `max`) one integer setting expression `of` (over `w.settings`, the
 * product's oldest widget, else `$default`) across the items `oi` of reservation `r` for which
 * `notPosted` holds (variants not posted): e.g. the least hold length among the items a post
 * renews without posting them. A renewed item keeps its own product's hold length.
 */
export function otherItemsSettingSql(agg: 'min' | 'max', of: string, notPosted: string, $default: string): string {
  return `(SELECT ${agg}(coalesce((SELECT ${of}
                                  FROM widget_products wp JOIN widgets w ON w.id = wp.widget_id
                                 WHERE wp.product_id = ov.product_id ORDER BY w.id LIMIT 1), ${$default}::int))
             FROM reservation_items oi JOIN variants ov ON ov.id = oi.variant_id
            WHERE oi.reservation_id = r.id AND ${notPosted})`;
}

/** `otherItemsSettingSql`'s `of` for the hold length. */
export const HOLD_MINUTES_OF = "(w.settings->>'hold_minutes')::int";
/** `otherItemsSettingSql`'s `of` for one full booking's units × days. */
export const ALLOWANCE_OF = "(w.settings->>'quantity_max')::int * (w.settings->>'max_days')::int";

/**
 * The database's "now" (the override when a test clock sets one), every hold item unexpired then
 * and every pending or confirmed booking item of the shop's variants with these external ids
 * touching a day of the span, and the cart's own reservation, in one statement (so from one
 * snapshot, and with the clock read after the locks the caller took).
 */
export async function loadCartUsage(
  q: Queryable,
  shopId: number,
  cartToken: string,
  externalIds: readonly number[],
  span: { startDay: PlainDate; finishDay: PlainDate },
  override: number | null,
): Promise<{ usage: UsageRow[]; own: OwnReservation | undefined; now: number }> {
  const { rows } = await q.query<{
    variant_id: number | null;
    start_day: string | null;
    finish_day: string | null;
    quantity: number | null;
    reservation_id: number | null;
    expires_at: Date | string | null;
    variant_ids: number[] | null;
    other_hold_minutes: number | null;
  }>(
    // t is read once (a CTE with a volatile function is not inlined): one "now" for the statement.
    `WITH t AS (SELECT ${nowSql('$6')} AS now),
          vs AS (SELECT id FROM variants WHERE shop_id = $1 AND external_id = ANY($3::bigint[]))
     SELECT ri.variant_id, ri.start_day::text AS start_day, ri.finish_day::text AS finish_day, ri.quantity, ri.reservation_id,
            NULL::timestamptz AS expires_at, NULL::bigint[] AS variant_ids, NULL::int AS other_hold_minutes
       FROM reservation_items ri JOIN reservations r ON r.id = ri.reservation_id
      WHERE ri.variant_id IN (SELECT id FROM vs) AND ri.start_day < $5::date AND ri.finish_day > $4::date
        AND r.expires_at > (SELECT now FROM t)
     UNION ALL
     SELECT bi.variant_id, b.start_day::text, b.finish_day::text, bi.quantity, NULL, NULL, NULL, NULL
       FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
      WHERE bi.variant_id IN (SELECT id FROM vs) AND b.start_day < $5::date AND b.finish_day > $4::date
        AND b.status IN ('pending', 'confirmed')
     UNION ALL
     SELECT NULL, NULL, NULL, NULL, r.id, r.expires_at,
            ARRAY(SELECT DISTINCT ri.variant_id FROM reservation_items ri WHERE ri.reservation_id = r.id),
            ${otherItemsSettingSql('min', HOLD_MINUTES_OF, 'oi.variant_id NOT IN (SELECT id FROM vs)', '$7')}
       FROM reservations r WHERE r.shop_id = $1 AND r.cart_token = $2
     UNION ALL
     SELECT NULL, NULL, NULL, NULL, NULL, now, NULL, NULL FROM t`,
    [
      shopId,
      cartToken,
      [...new Set(externalIds)],
      span.startDay,
      span.finishDay,
      nowParam(override),
      DEFAULT_HOLD_MINUTES,
    ],
    { prepare: true },
  );
  const usage: UsageRow[] = [];
  let own: OwnReservation | undefined;
  let now = NaN;
  for (const r of rows) {
    if (r.variant_id === null && r.reservation_id === null) {
      now = new Date(r.expires_at!).getTime();
    } else if (r.variant_id === null) {
      own = {
        id: r.reservation_id!,
        expiresAt: new Date(r.expires_at!).getTime(),
        variantIds: r.variant_ids ?? [],
        otherHoldMinutes: r.other_hold_minutes,
      };
    } else {
      usage.push({
        variantId: r.variant_id,
        startDay: r.start_day as PlainDate,
        finishDay: r.finish_day as PlainDate,
        quantity: r.quantity!,
        reservationId: r.reservation_id,
      });
    }
  }
  return { usage, own, now };
}

/** What `writeHold` stores. */
export interface HoldWrite {
  shopId: number;
  cartToken: string;
  /** Undefined: the cart keeps its guests. */
  guests: unknown[] | undefined;
  /** "Now" as already read from the database, or a test clock's override; null: the database's clock at the write. */
  now: number | null;
  /** `expires_at` = now + this. */
  holdMinutes: number;
  /** The posted variants: the cart's items for them are replaced. */
  variantIds: readonly number[];
  /** The posted items with a quantity above 0, each with its position in the post. */
  items: ReadonlyArray<{ demand: Demand; position: number }>;
}

/**
 * Upserts the cart's reservation (renewing `expires_at` from the database's "now"), deletes its
 * items for the posted variants (all of them when the reservation had lapsed: renewing it must
 * not revive items that were never judged again) and inserts the posted ones: one statement. Its
 * sub-statements share one snapshot, so the DELETE never sees the rows the INSERT adds, and
 * "lapsed" is the stored `expires_at` before this statement's renewal.
 */
export async function writeHold(q: Queryable, w: HoldWrite): Promise<ReservationRow & { created: boolean }> {
  const { rows } = await q.query<ReservationRow & { created: boolean }>(
    `WITH t AS (SELECT ${nowSql('$4')} AS now),
     r AS (
       INSERT INTO reservations AS r (shop_id, cart_token, guests, created_at, updated_at, expires_at)
       SELECT $1, $2, $3::jsonb, t.now, t.now, t.now + make_interval(mins => $5::int) FROM t
       ON CONFLICT (shop_id, cart_token) DO UPDATE
          SET updated_at = EXCLUDED.updated_at, expires_at = EXCLUDED.expires_at,
              guests = CASE WHEN $6::boolean THEN EXCLUDED.guests ELSE r.guests END
       RETURNING r.id, r.cart_token, r.created_at, r.expires_at, (r.xmax = 0) AS created
     ), gone AS (
       DELETE FROM reservation_items ri USING r, reservations old_r
        WHERE ri.reservation_id = r.id AND old_r.id = r.id
          AND (ri.variant_id = ANY($7::bigint[]) OR old_r.expires_at <= (SELECT now FROM t))
     ), added AS (
       INSERT INTO reservation_items (reservation_id, variant_id, start_at, finish_at, start_day, finish_day, quantity, all_day, position)
       SELECT r.id, t.variant_id, t.start_at, t.finish_at, t.start_day, t.finish_day, t.quantity, 1, t.position
         FROM r, unnest($8::bigint[], $9::timestamptz[], $10::timestamptz[], $11::date[], $12::date[], $13::int[], $14::int[])
                   AS t (variant_id, start_at, finish_at, start_day, finish_day, quantity, position)
     )
     SELECT id, cart_token, created_at, expires_at, created FROM r`,
    holdWriteParams(w),
    { prepare: true },
  );
  return rows[0]!;
}

/** `writeHold`'s parameters $1-$14 (`hold_items` takes the same, in the same order). */
export function holdWriteParams(w: HoldWrite): unknown[] {
  return [
    w.shopId,
    w.cartToken,
    JSON.stringify(w.guests ?? []),
    nowParam(w.now),
    w.holdMinutes,
    w.guests !== undefined,
    [...w.variantIds],
    w.items.map(({ demand }) => demand.variant!.variantId),
    w.items.map(({ demand }) => toIsoUtc(demand.period.startAt)),
    w.items.map(({ demand }) => toIsoUtc(demand.period.finishAt)),
    w.items.map(({ demand }) => demand.period.startDay),
    w.items.map(({ demand }) => demand.period.finishDay),
    w.items.map(({ demand }) => demand.quantity),
    w.items.map(({ position }) => position),
  ];
}
