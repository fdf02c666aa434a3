/**
 * A booking of slot variants (SLOTS.md §2): its period must be a slot of each such variant (or,
 * for `units`, a run of consecutive ones), as a hold's must; and each such item is judged by its
 * slot, under the variants' locks: blackouts overlapping the period, then seats at its start or
 * units at its busiest instant with the buffers, counted by the database as a hold counts them.
 * A booking comes from a paid order or the merchant: notice and horizon do not apply.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { blocks, type Judgement } from '../availability/engine.ts';
import type { BlackoutSpan, Demand, VariantRules } from '../availability/types.ts';
import { InvalidError } from '../shared/errors.ts';
import { slotPeriodOf } from '../slots/slot-period.ts';
import { slotUnitsInUse } from '../slots/units-in-use-queries.ts';
import type { BookingInput } from './input.ts';

/** Throws the 422 naming `starts_at` or `finishes_at` when the period is no slot of an item's variant. */
export function checkSlotPeriods(
  rules: ReadonlyMap<number, VariantRules>,
  input: Pick<BookingInput, 'items' | 'startAt' | 'finishAt'>,
  tz: string,
): void {
  const fields: Record<string, string[]> = {};
  for (const item of input.items) {
    const schedule = rules.get(item.externalId)?.schedule;
    if (!schedule) continue;
    const found = slotPeriodOf(schedule, tz, input.startAt, input.finishAt);
    if (!('problem' in found)) continue;
    const field = found.field === 'start' ? 'starts_at' : 'finishes_at';
    const message = `${found.problem} (variant ${item.externalId} is booked by times of day)`;
    fields[field] = [...(fields[field] ?? []), message];
  }
  if (Object.keys(fields).length > 0) throw new InvalidError(fields);
}

/**
 * Judges, in place, the items of slot variants among `demands` (the others' judgements stand).
 * Two items of one variant share its units: each counts the ones before it that fit.
 */
export async function judgeSlotItems(
  q: Queryable,
  demands: readonly Demand[],
  blackouts: readonly BlackoutSpan[],
  now: number,
  judgements: Judgement[],
): Promise<void> {
  const taken = new Map<number, number>();
  for (const [i, demand] of demands.entries()) {
    const v = demand.variant;
    if (!v?.schedule) continue;
    if (blackouts.some((b) => b.variantId === v.variantId && blocks(b, demand.period))) {
      judgements[i] = { status: 'blacked_out', quantityAvailable: 0 };
      continue;
    }
    const used = await slotUnitsInUse(q, v.variantId, demand.period.startAt, demand.period.finishAt, now);
    const left = Math.max(0, v.capacity - used - (taken.get(v.variantId) ?? 0));
    const fits = demand.quantity <= left;
    if (fits) taken.set(v.variantId, (taken.get(v.variantId) ?? 0) + demand.quantity);
    judgements[i] = { status: fits ? 'ok' : 'sold_out', quantityAvailable: left };
  }
}
