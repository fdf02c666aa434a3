/**
 * A booking's shared resources (RESOURCES.md §2), judged and assigned by the same SQL as a hold
 * (`resource_judgement`, migration 35) under the same lock order: the variants' locks first
 * (taken by the caller), then the pools' in id order. A booking made from a cart's hold prefers
 * the resources the hold was assigned; a change prefers the booking's own.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { UnavailableItem } from '../../shared/errors.ts';
import { ITEM_STATUS } from '../../shared/status.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import { requirementRows } from '../availability/requirement-rows.ts';
import { shortagesOf } from '../availability/resource-shortage.ts';
import type { Demand, ShortRow } from '../availability/types.ts';
import { ConflictError } from '../shared/errors.ts';
import { type Assignments, insertAllocations, judgeResources, lockPools } from './resource-queries.ts';

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
  const rows = requirementRows(
    demands,
    picks.map((p) => p ?? undefined),
    allDay,
    booking.tz,
    {
      anyChoice: true,
      keep,
    },
  );
  if (rows.length === 0) return demands.map(() => undefined);
  await lockPools(tx, rows);
  const { fits, grants, short } = await judgeResources(tx, rows, demands.length, booking.now, booking.id);
  if (!fits) throw refusal(demands, short);
  const first = demands.map((d, i) => {
    const id = d.variant?.requirements?.[0]?.id;
    return grants.find((g) => g.item === i + 1 && Number(g.requirement) === id)?.resource;
  });
  await insertAllocations(
    tx,
    booking.id,
    itemIds,
    grants,
    first.map((r) => (r === undefined ? null : Number(r))),
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
