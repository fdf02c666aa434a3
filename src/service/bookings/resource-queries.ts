/**
 * The SQL of a booking's shared resources (`resources.ts` says what it does): the resources a
 * hold or a booking was assigned, the pools' row locks in id order, `resource_judgement`
 * (migration 35) and the allocations written for the booking's items.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { RequirementRow, ShortRow } from '../availability/types.ts';

/** Resources already assigned, by `variantId:requirementId`: what a booking prefers to keep. */
export type Assignments = ReadonlyMap<string, number>;

/** What the cart's live hold of these variants was assigned (read before the hold is released). */
export async function heldAssignments(
  q: Queryable,
  shopId: number,
  cartToken: string,
  variantIds: readonly number[],
): Promise<Assignments> {
  const { rows } = await q.query<{ variant_id: number; requirement_id: number; resource_id: number }>(
    `SELECT ri.variant_id, a.requirement_id, a.resource_id
       FROM resource_allocations a JOIN reservation_items ri ON ri.id = a.reservation_item_id
       JOIN reservations r ON r.id = ri.reservation_id
      WHERE r.shop_id = $1 AND r.cart_token = $2 AND ri.variant_id = ANY ($3::bigint[]) AND a.requirement_id IS NOT NULL`,
    [shopId, cartToken, [...variantIds]],
  );
  return new Map(rows.map((r) => [`${r.variant_id}:${r.requirement_id}`, Number(r.resource_id)]));
}

/** What a booking's items were assigned (read before a change replaces them). */
export async function bookingAssignments(q: Queryable, bookingId: number): Promise<Assignments> {
  const { rows } = await q.query<{ variant_id: number; requirement_id: number; resource_id: number }>(
    `SELECT bi.variant_id, a.requirement_id, a.resource_id
       FROM resource_allocations a JOIN booking_items bi ON bi.id = a.booking_item_id
      WHERE bi.booking_id = $1 AND a.requirement_id IS NOT NULL`,
    [bookingId],
  );
  return new Map(rows.map((r) => [`${r.variant_id}:${r.requirement_id}`, Number(r.resource_id)]));
}

/** One requirement granted by `resource_judgement`. */
export interface Grant {
  item: number;
  requirement: number;
  resource: number;
  units: number;
  start_at: string;
  finish_at: string;
  share: string | null;
}

/** Takes the row locks of these resources in id order (after the variants': the hold's order). */
export async function lockPools(tx: Queryable, rows: readonly RequirementRow[]): Promise<void> {
  const pools = [...new Set(rows.flatMap((r) => r.pool))].sort((a, b) => a - b);
  await tx.query('SELECT id FROM resources WHERE id = ANY ($1::bigint[]) ORDER BY id FOR NO KEY UPDATE', [pools]);
}

/** `resource_judgement` of `rows` for `items` items at `now` (epoch ms), booking `bookingId`'s own units left out. */
export async function judgeResources(
  tx: Queryable,
  rows: readonly RequirementRow[],
  items: number,
  now: number,
  bookingId: number,
): Promise<{ fits: boolean; grants: Grant[]; short: ShortRow[] }> {
  const { rows: answer } = await tx.query<{ fits: boolean; grants: Grant[]; short: ShortRow[] }>(
    'SELECT fits, grants, short FROM resource_judgement($1::jsonb, $2, $3::timestamptz, NULL, $4)',
    [JSON.stringify(rows), items, new Date(now).toISOString(), bookingId],
  );
  return answer[0]!;
}

/**
 * Writes the grants as allocations of the booking's items (`itemIds`, by item order: a post's
 * group becomes the booking's) and names the first requirement's resource in each item's
 * `resource_id` (`first`, null for an item without).
 */
export async function insertAllocations(
  tx: Queryable,
  bookingId: number,
  itemIds: readonly number[],
  grants: readonly Grant[],
  first: ReadonlyArray<number | null>,
): Promise<void> {
  await tx.query(
    `INSERT INTO resource_allocations (resource_id, requirement_id, booking_item_id, start_at, finish_at, units, share_key)
     SELECT g.resource, g.requirement, ($2::bigint[])[g.item], g.start_at, g.finish_at, g.units,
            CASE WHEN g.share LIKE 'group:%' THEN 'booking:' || $3 || ':' || g.share ELSE g.share END
       FROM jsonb_to_recordset($1::jsonb) AS g (item integer, requirement bigint, resource bigint, units integer,
                                                start_at timestamptz, finish_at timestamptz, share text)`,
    [JSON.stringify(grants), [...itemIds], bookingId],
  );
  await tx.query(
    `UPDATE booking_items bi SET resource_id = t.resource::text
       FROM unnest($1::bigint[], $2::bigint[]) AS t (id, resource) WHERE bi.id = t.id AND t.resource IS NOT NULL`,
    [[...itemIds], [...first]],
  );
}
