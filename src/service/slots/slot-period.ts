/**
 * Whether `[startAt, finishAt)` is something a slot variant can be booked for (SLOTS.md §2): its
 * start a slot of the schedule, its finish that slot's own or, for `units`, the finish of a run
 * of up to `max_slots` slots that follow each other without a gap. Holds and bookings both ask
 * here, so a merchant's booking and a shopper's hold name slots alike; the answer names what is
 * wrong, with the nearest slots or the finishes allowed, for the caller's 422.
 * @module
 */
import { addDays } from '../../shared/plain-date.ts';
import type { Schedule, Slot } from '../../shared/schedule.ts';
import { localDateTime, toIsoUtc } from '../../shared/zones.ts';
import { findSlot, nearestSlots, slotDate, slotsOn } from './generate.ts';

/** The slot period asked for, or which end is wrong and why. */
export type SlotPeriod =
  | { startsAt: number; finishesAt: number; slots: number }
  | { field: 'start' | 'finish'; problem: string };

/** `YYYY-MM-DD HH:MM` (UTC instant) of a slot's start, as a message names it. */
function named(slot: Slot, tz: string): string {
  return `${localDateTime(slot.startsAt, tz).replace('T', ' ')} (${toIsoUtc(slot.startsAt)})`;
}

/** The period of the slot starting at `startAt` (a run of them up to `finishAt`), or the problem. */
export function slotPeriodOf(
  schedule: Schedule,
  tz: string,
  startAt: number,
  finishAt: number | undefined,
): SlotPeriod {
  const first = findSlot(schedule, tz, startAt);
  if (!first) {
    const near = nearestSlots(schedule, tz, startAt).map((s) => named(s, tz));
    const nearest = near.length > 0 ? `; the nearest: ${near.join(', ')}` : '; it has no slot within a day of it';
    return { field: 'start', problem: `is not a slot of this variant (invalid_duration)${nearest}` };
  }
  if (finishAt === undefined || finishAt === first.finishesAt) {
    return { startsAt: first.startsAt, finishesAt: first.finishesAt, slots: 1 };
  }
  const run = slotRun(schedule, tz, first);
  const last = run.findIndex((s) => s.finishesAt === finishAt);
  if (last >= 0) return { startsAt: first.startsAt, finishesAt: finishAt, slots: last + 1 };
  const ends = run.map((s) => localDateTime(s.finishesAt, tz).replace('T', ' ')).join(', ');
  const what =
    schedule.counting === 'seats'
      ? 'a seat is held for its slot only'
      : `at most ${schedule.max_slots} consecutive slots`;
  return { field: 'finish', problem: `must be the finish of the slot or of a consecutive one (${what}): ${ends}` };
}

/** `first` and the slots that follow it without a gap, up to `max_slots` (one for seats). */
export function slotRun(schedule: Schedule, tz: string, first: Slot): Slot[] {
  const most = schedule.counting === 'units' ? schedule.max_slots : 1;
  const date = slotDate(first.startsAt, tz);
  // A run may go on past midnight (an interval to 24:00, the next from 00:00).
  const days = Math.ceil((most * schedule.duration_minutes) / 1440) + 1;
  const run = [first];
  for (let d = 0; d < days && run.length < most; d++) {
    for (const slot of slotsOn(schedule, tz, addDays(date, d))) {
      if (run.length >= most) break;
      if (slot.startsAt === run[run.length - 1]!.finishesAt) run.push(slot);
    }
  }
  return run;
}
