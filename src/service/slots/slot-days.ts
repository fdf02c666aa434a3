/**
 * GET /v1/availability for a variant booked by times of day (SLOTS.md §2): the same shape as
 * for days, each day summing up its slots, plus `slots_available`, so a month view greys out
 * days in its first request.
 *
 * - `quantity_available`: the most any one open slot of the day has left (0 when none is open);
 * - `quantity_free`: the most any one slot has free, whatever the rules;
 * - `slots_available`: how many slots can take the quantity asked;
 * - `status`: `ok` when a slot can take the quantity; else `sold_out` when a slot is open by
 *   every rule but short of room; else `blacked_out` when a blackout closes a slot (the others
 *   being past or inside the notice); else `outside_window` (every slot past, inside the
 *   notice or beyond the horizon, and a day the schedule opens no slot on).
 * @module
 */
import type { PlainDate } from '../../shared/plain-date.ts';
import type { AvailabilityDay } from '../../shared/records.ts';
import { ITEM_STATUS, type ItemStatus } from '../../shared/status.ts';
import type { JudgedSlot } from './slot-list.ts';

/** The day's status from its slots' (see the module's rules). */
function dayStatus(slots: readonly JudgedSlot[]): ItemStatus {
  for (const status of ['ok', 'sold_out', 'blacked_out'] as const)
    if (slots.some((s) => s.status === status)) return status;
  return 'outside_window';
}

/** One availability entry per date, from the judged slots of each. */
export function slotDays(days: ReadonlyMap<PlainDate, readonly JudgedSlot[]>): AvailabilityDay[] {
  const answer: AvailabilityDay[] = [];
  for (const [date, slots] of days) {
    const status = dayStatus(slots);
    answer.push({
      date,
      quantity_available: Math.max(0, ...slots.map((s) => s.quantity_available)),
      quantity_free: Math.max(0, ...slots.map((s) => s.quantityFree)),
      status,
      status_code: ITEM_STATUS[status],
      slots_available: slots.filter((s) => s.status === 'ok').length,
    });
  }
  return answer;
}
