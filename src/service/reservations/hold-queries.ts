/**
 * The statements of POST /v1/reservations besides `hold_items` (see `holds.ts` for the order
 * they run in and why): the hold lengths and allowances the context read and `hold_items` fall
 * back on, and `writeHold`, the one statement a post that only removes runs (no variant lock).
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import { defaultSettings } from '../../shared/settings.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import type { Demand } from '../availability/types.ts';
import type { ReservationRow } from './queries.ts';

/** The cart's reservation as it stands. */
export interface OwnReservation {
  id: number;
  expiresAt: number;
  /** The variants it holds items of. */
  variantIds: number[];
  /** The most units × days of one full booking of the products of its items of variants not posted (null: none). */
  otherAllowance: number | null;
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

/** `otherItemsSettingSql`'s `of` for one full booking's units × days. */
export const ALLOWANCE_OF = "(w.settings->>'quantity_max')::int * (w.settings->>'max_days')::int";

/** The cart a hold writes, and how: what `writeHold` and `holdLocked` (hold-call-queries.ts) share. */
export interface HoldTarget {
  shopId: number;
  cartToken: string;
  /** Undefined: the cart keeps its guests. */
  guests: unknown[] | undefined;
  /** "Now" as already read from the database, or a test clock's override; null: the database's clock at the write. */
  now: number | null;
  /** `expires_at` = now + this (or less, for a renewed item's, under `holdLocked`). */
  holdMinutes: number;
  /** The posted variants: the cart's items for them are replaced. */
  variantIds: readonly number[];
}

/** What `writeHold` stores. */
export interface HoldWrite extends HoldTarget {
  /** The posted items with a quantity above 0, each with its position in the post. */
  items: ReadonlyArray<{ demand: Demand; position: number }>;
}

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

/** `writeHold`'s parameters $1-$14. */
function holdWriteParams(w: HoldWrite): unknown[] {
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
