/**
 * A booking's shared resources (RESOURCES.md §2), judged and assigned by the same SQL as a hold
 * (`resource_judgement`, migration 35) under the same lock order: the variants' locks first
 * (taken by the caller), then the pools' in id order. A booking made from a cart's hold keeps the
 * resources the hold was assigned; a change keeps the booking's own where they still fit.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { UnavailableItem } from '../../shared/errors.ts';
import { ITEM_STATUS } from '../../shared/status.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import type { Demand } from '../availability/types.ts';
import { ConflictError } from '../shared/errors.ts';
import { type RequirementRow, requirementRows, type ShortRow } from '../reservations/hold-resources.ts';
import { shortagesOf } from '../reservations/resource-shortage.ts';

/** Resources already assigned, by `variantId:requirementId`: what a booking keeps. */
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

interface Grant {
  item: number;
  requirement: number;
  resource: number;
  units: number;
  start_at: string;
  finish_at: string;
  share: string | null;
}

/**
 * Assigns the resources of booking `bookingId`'s items (ids `itemIds`, in the demands' order) at
 * the database's `now`, or throws the 409 naming the resource that ran out. Answers each item's
 * assigned resource of its first requirement (its `resource_id`), undefined for an item without.
 * A pick (`picks[i]`, the item's `resource_id`) may name any member of the item's pools: the
 * merchant assigns.
 */
export async function assignBookingResources(
  tx: Queryable,
  booking: { id: number; tz: string; now: number },
  demands: readonly Demand[],
  itemIds: readonly number[],
  picks: ReadonlyArray<string | null>,
  keep: Assignments,
): Promise<Array<number | undefined>> {
  const allDay = demands.map((d) => !d.variant?.schedule);
  const rows = requirementRows(demands, picks.map((p) => p ?? undefined), allDay, booking.tz, {
    anyChoice: true,
    keep,
  });
  if (rows.length === 0) return demands.map(() => undefined);
  const pools = [...new Set(rows.flatMap((r) => r.pool))].sort((a, b) => a - b);
  await tx.query('SELECT id FROM resources WHERE id = ANY ($1::bigint[]) ORDER BY id FOR NO KEY UPDATE', [pools]);
  const { rows: answer } = await tx.query<{ fits: boolean; grants: Grant[]; short: ShortRow[] }>(
    'SELECT fits, grants, short FROM resource_judgement($1::jsonb, $2, $3::timestamptz, NULL, $4)',
    [JSON.stringify(rows satisfies RequirementRow[]), demands.length, toIsoUtc(booking.now), booking.id],
  );
  const { fits, grants, short } = answer[0]!;
  if (!fits) throw refusal(demands, short);
  await tx.query(
    `INSERT INTO resource_allocations (resource_id, requirement_id, booking_item_id, start_at, finish_at, units, share_key)
     SELECT g.resource, g.requirement, ($2::bigint[])[g.item], g.start_at, g.finish_at, g.units,
            CASE WHEN g.share LIKE 'group:%' THEN 'booking:' || $3 || ':' || g.share ELSE g.share END
       FROM jsonb_to_recordset($1::jsonb) AS g (item integer, requirement bigint, resource bigint, units integer,
                                                start_at timestamptz, finish_at timestamptz, share text)`,
    [JSON.stringify(grants), [...itemIds], booking.id],
  );
  const first = demands.map((d, i) => {
    const id = d.variant?.requirements?.[0]?.id;
    return grants.find((g) => g.item === i + 1 && Number(g.requirement) === id)?.resource;
  });
  // The seed's resource_id names the assigned resource of a variant with requirements.
  await tx.query(
    `UPDATE booking_items bi SET resource_id = t.resource::text
       FROM unnest($1::bigint[], $2::bigint[]) AS t (id, resource) WHERE bi.id = t.id AND t.resource IS NOT NULL`,
    [[...itemIds], first.map((r) => (r === undefined ? null : Number(r)))],
  );
  return first.map((r) => (r === undefined ? undefined : Number(r)));
}

function refusal(demands: readonly Demand[], short: readonly ShortRow[]): ConflictError {
  const shortages = shortagesOf(short, demands);
  const items: UnavailableItem[] = demands.map((d, i) => {
    const status = shortages.has(i) ? 'sold_out' : 'ok';
    return {
      external_id: d.variant!.externalId,
      start: toIsoUtc(d.period.startAt),
      finish: toIsoUtc(d.period.finishAt),
      quantity: d.quantity,
      quantity_available: status === 'ok' ? d.quantity : 0,
      status,
      status_code: ITEM_STATUS[status],
      ...(shortages.has(i) && { resource_shortage: shortages.get(i)! }),
    };
  });
  const words = [...shortages.values()].map((s) => s.message).join(' ');
  return new ConflictError(`Nothing was booked: ${words}`, items);
}
