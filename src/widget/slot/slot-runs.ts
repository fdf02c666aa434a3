/**
 * Runs of consecutive slots (issue 29, API.md §4.13): a `units` variant may be held for 1 to
 * `max_slots` slots in a row, each starting where the one before finishes. The slot list offers
 * a run as one time, from its first slot's start to its last slot's finish, with the least any
 * of its slots has left: exactly how the service judges a hold of the run (its period widened
 * by the buffers is its slots' widened periods joined).
 * @module
 */
import type { AvailableSlot } from '../../shared/records.ts';

/** A time the list offers: one slot, or a run of `slots` of them as one. */
export interface SlotRun extends AvailableSlot {
  /** How many slots it spans. */
  slots: number;
}

/**
 * The run of `n` slots of `list` from `first` as one time: the first's start, the last's finish,
 * the least left among them, and the first status other than `ok` (a later slot closed or sold
 * out closes the run). Undefined when fewer than `n` slots follow each other from `first` in
 * `list` (the end of the day's opening, or a slot the schedule skips).
 */
export function runOf(list: readonly AvailableSlot[], first: AvailableSlot, n: number): SlotRun | undefined {
  let run: SlotRun = { ...first, slots: 1 };
  while (run.slots < n) {
    const next = list.find((s) => Date.parse(s.starts_at) === Date.parse(run.finishes_at));
    if (!next) return undefined;
    const closed = run.status === 'ok' && next.status !== 'ok';
    run = {
      ...run,
      finishes_at: next.finishes_at,
      local_finish: next.local_finish,
      quantity_available: Math.min(run.quantity_available, next.quantity_available),
      ...(closed && { status: next.status, status_code: next.status_code }),
      slots: run.slots + 1,
    };
  }
  return run;
}

/** The longest run the shopper may choose: the widget's `max_slots` within the variant's (1: no choice). */
export function longestRun(settingMax: number | undefined, list: readonly AvailableSlot[] | undefined): number {
  return Math.max(1, Math.min(settingMax ?? 1, list?.[0]?.max_slots ?? 1));
}

/** A slot's elapsed minutes (a run's length is a whole number of them). */
export function slotMinutes(slot: AvailableSlot): number {
  return Math.round((Date.parse(slot.finishes_at) - Date.parse(slot.starts_at)) / 60_000);
}
