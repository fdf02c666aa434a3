/**
 * The capacity a slot has left (SLOTS.md §1), for what GET /v1/slots and the month view show.
 * Pure: the live holds and bookings it counts are loaded by `slot-queries.ts` (holds unexpired
 * by the database's clock, bookings pending or confirmed). A hold is decided by the database
 * (`hold_items`) by the same two rules:
 *
 * - **seats**: a slot has the variant's capacity minus the units of the holds and bookings that
 *   start at the same instant (each start is its own tour or class);
 * - **units**: every hold and booking occupies `[its start - buffer_before, its finish +
 *   buffer_after)`; a slot has the capacity minus the most units in use at any one instant of
 *   its own `[start - buffer_before, finish + buffer_after)`.
 *
 * One reservation (the asking cart's) may be left out: the shopper's own hold does not count
 * against itself.
 * @module
 */
import type { Schedule, Slot } from '../../shared/schedule.ts';
import type { SlotUsageRow } from './types.ts';

export type { SlotUsageRow };

const MINUTE = 60_000;

/** The parts of a schedule the count depends on. */
export type CountingRules = Pick<Schedule, 'counting' | 'buffer_before_minutes' | 'buffer_after_minutes'>;

/** The units of one variant's slots still free, leaving out reservation `except`'s own. */
export class SlotUsage {
  private readonly capacity: number;
  private readonly seats: boolean;
  private readonly before: number;
  private readonly after: number;
  /** seats: units per start instant. */
  private readonly byStart = new Map<number, number>();
  /** units: the instants the units in use change at, ascending, and the units in use from each to the next. */
  private readonly times: number[] = [];
  private readonly levels: number[] = [];

  constructor(rules: CountingRules, capacity: number, rows: Iterable<SlotUsageRow>, except?: number) {
    this.capacity = capacity;
    this.seats = rules.counting === 'seats';
    this.before = rules.counting === 'units' ? rules.buffer_before_minutes * MINUTE : 0;
    this.after = rules.counting === 'units' ? rules.buffer_after_minutes * MINUTE : 0;
    const counted = [...rows].filter((r) => except === undefined || r.reservationId !== except);
    if (this.seats) {
      for (const r of counted) this.byStart.set(r.startsAt, (this.byStart.get(r.startsAt) ?? 0) + r.quantity);
    } else {
      this.buildSteps(counted);
    }
  }

  /** The step function of units in use: +quantity where a row's occupied span opens, - where it closes. */
  private buildSteps(rows: readonly SlotUsageRow[]): void {
    const deltas = new Map<number, number>();
    for (const r of rows) {
      const open = r.startsAt - this.before;
      const close = r.finishesAt + this.after;
      deltas.set(open, (deltas.get(open) ?? 0) + r.quantity);
      deltas.set(close, (deltas.get(close) ?? 0) - r.quantity);
    }
    let level = 0;
    for (const t of [...deltas.keys()].sort((a, b) => a - b)) {
      level += deltas.get(t)!;
      this.times.push(t);
      this.levels.push(level);
    }
  }

  /** The most units in use at any instant of `[from, to)`. */
  private peak(from: number, to: number): number {
    // The last change at or before `from` gives the units in use at `from` (binary search).
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.times[mid]! <= from) lo = mid + 1;
      else hi = mid;
    }
    let most = lo > 0 ? this.levels[lo - 1]! : 0;
    for (let i = lo; i < this.times.length && this.times[i]! < to; i++) most = Math.max(most, this.levels[i]!);
    return most;
  }

  /** The units a hold of `slot` could still have, never below 0. */
  free(slot: Pick<Slot, 'startsAt' | 'finishesAt'>): number {
    const used = this.seats
      ? (this.byStart.get(slot.startsAt) ?? 0)
      : this.peak(slot.startsAt - this.before, slot.finishesAt + this.after);
    return Math.max(0, this.capacity - used);
  }
}
