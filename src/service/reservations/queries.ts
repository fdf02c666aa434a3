/**
 * The reservation reads (seed §4, API.md §3): the list with its filters, one reservation, and
 * the items of a page of them. The statements of a hold are in `hold-queries.ts`.
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { Page } from '../shared/page.ts';

/** A reservations row as the record needs it. */
export interface ReservationRow {
  id: number;
  cart_token: string;
  created_at: Date | string;
  expires_at: Date | string;
}

/** The columns to select (alias `r`) for `ReservationRow`. */
export const RESERVATION_COLUMNS = 'r.id, r.cart_token, r.created_at, r.expires_at';

/** A reservation item with its variant, as a record shows it. */
export interface ItemRow {
  reservation_id: number;
  variant_id: number;
  external_id: number;
  capacity: number;
  start_at: Date | string;
  finish_at: Date | string;
  start_day: PlainDate;
  finish_day: PlainDate;
  quantity: number;
  all_day: 0 | 1;
  variant_title: string;
  product_title: string;
  /** A timed item's units left for its slot (others' use counted by the database), else null. */
  slot_available: number | null;
  /** The shared resources assigned to it, or null without. */
  resources: Array<{ id: number | string; name: string }> | null;
}

/** Filters of GET /v1/reservations, already checked; all given ones must hold (AND). */
export interface ReservationFilters {
  cartToken?: string | undefined;
  /** true: not expired at `now` and holding at least one item; false: expired. */
  active?: boolean | undefined;
  productId?: number | undefined;
  externalProductId?: number | undefined;
  variantId?: number | undefined;
  externalVariantId?: number | undefined;
}

/** One page of the shop's reservations matching `filters` at the clock's `now`, newest first, and the total. */
export async function listReservations(
  db: Queryable,
  shopId: number,
  filters: ReservationFilters,
  page: Page,
  now: number,
): Promise<{ rows: ReservationRow[]; total: number }> {
  const { cartToken, active, productId, externalProductId, variantId, externalVariantId } = filters;
  const where = ['r.shop_id = $1'];
  const params: unknown[] = [shopId];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (cartToken !== undefined) where.push(`r.cart_token = ${param(cartToken)}`);
  if (active === true) {
    where.push(`r.expires_at > ${param(new Date(now).toISOString())}::timestamptz`);
    // A reservation whose items were all released or booked holds nothing: it is not a live hold.
    where.push('EXISTS (SELECT 1 FROM reservation_items ri WHERE ri.reservation_id = r.id)');
  }
  if (active === false) where.push(`r.expires_at <= ${param(new Date(now).toISOString())}::timestamptz`);
  const itemFilters: string[] = [];
  if (productId !== undefined) itemFilters.push(`p.id = ${param(productId)}`);
  if (externalProductId !== undefined) itemFilters.push(`p.external_id = ${param(externalProductId)}`);
  if (variantId !== undefined) itemFilters.push(`v.id = ${param(variantId)}`);
  if (externalVariantId !== undefined) itemFilters.push(`v.external_id = ${param(externalVariantId)}`);
  if (itemFilters.length > 0) {
    // A reservation matches when one of its items is of that product or variant.
    where.push(`EXISTS (SELECT 1 FROM reservation_items ri JOIN variants v ON v.id = ri.variant_id
      JOIN products p ON p.id = v.product_id WHERE ri.reservation_id = r.id AND ${itemFilters.join(' AND ')})`);
  }
  const filter = where.join(' AND ');
  const { rows: counted } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM reservations r WHERE ${filter}`,
    params,
  );
  const { rows } = await db.query<ReservationRow>(
    `SELECT ${RESERVATION_COLUMNS} FROM reservations r WHERE ${filter}
      ORDER BY r.created_at DESC, r.id DESC LIMIT ${param(page.per)} OFFSET ${param(page.offset)}`,
    params,
  );
  return { rows, total: counted[0]!.n };
}

/** The shop's reservation `id` (only if it is `cartToken`'s, when given), or undefined. */
export async function findReservation(
  db: Queryable,
  shopId: number,
  id: number,
  cartToken: string | undefined,
): Promise<ReservationRow | undefined> {
  const params: unknown[] = [shopId, id];
  const { rows } = await db.query<ReservationRow>(
    `SELECT ${RESERVATION_COLUMNS} FROM reservations r WHERE r.shop_id = $1 AND r.id = $2
      ${cartToken !== undefined ? 'AND r.cart_token = $3' : ''}`,
    cartToken !== undefined ? [...params, cartToken] : params,
  );
  return rows[0];
}

/**
 * Every item of these reservations with its variant, in the order they were written; a timed
 * item with the units its slot has left at `now` (epoch ms), counted as `hold_items` counts them.
 */
export async function reservationItemRows(
  q: Queryable,
  reservationIds: readonly number[],
  now: number,
): Promise<ItemRow[]> {
  const { rows } = await q.query<ItemRow>(
    `SELECT ri.reservation_id, ri.variant_id, v.external_id, v.capacity, ri.start_at, ri.finish_at,
            ri.start_day::text AS start_day, ri.finish_day::text AS finish_day, ri.quantity, ri.all_day,
            v.title AS variant_title, p.title AS product_title,
            (SELECT jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) ORDER BY q.position, s.id)
               FROM resource_allocations a JOIN resources s ON s.id = a.resource_id
               LEFT JOIN variant_requirements q ON q.id = a.requirement_id
              WHERE a.reservation_item_id = ri.id) AS resources,
            CASE WHEN ri.all_day = 0
                 THEN greatest(0, v.capacity - slot_units_in_use(ri.variant_id, ri.start_at, ri.finish_at, $2::timestamptz, ri.reservation_id))
            END AS slot_available
       FROM reservation_items ri JOIN variants v ON v.id = ri.variant_id JOIN products p ON p.id = v.product_id
      WHERE ri.reservation_id = ANY($1::bigint[])
      ORDER BY ri.id`,
    [[...reservationIds], new Date(now).toISOString()],
  );
  return rows;
}

/**
 * Deletes every shop's reservations (their items cascade) that expired more than `afterMs`
 * before the database's "now" (or a test clock's `override`); resolves to how many. Bookings
 * are separate rows and are never touched.
 */
export async function deleteReservationsExpiredBefore(
  q: Queryable,
  afterMs: number,
  override: number | null,
): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `WITH gone AS (DELETE FROM reservations
                    WHERE expires_at < ${nowSql('$1')} - make_interval(secs => $2::double precision / 1000) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [nowParam(override), afterMs],
  );
  return rows[0]!.n;
}
