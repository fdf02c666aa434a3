/**
 * A variant's schedule of times of day (../shared/spec/SLOTS.md §1, issue 28): the shape the
 * merchant API, the fixture format, the database (`variants.schedule`), the slot generator and
 * the widget share. A variant without one is booked by whole days.
 *
 * Every time here is a wall-clock time `HH:MM` in the shop's zone; `24:00` only closes an
 * interval (the day's end). Durations are elapsed minutes.
 * @module
 */

/** The days of the week as schedules name them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A day of the week: `mon` … `sun`. */
export type Weekday = (typeof WEEKDAYS)[number];

/** How a slot variant counts its capacity. */
export type Counting = 'seats' | 'units';

/** A local wall-clock time `HH:MM`. */
export type LocalTime = string;

/** A variant's schedule (`booking: "slots"`). */
export interface Schedule {
  /**
   * `seats`: each start has the variant's capacity (tours, classes). `units`: capacity counts
   * units in use at the same instant, buffers included (hourly hire, appointments).
   */
  counting: Counting;
  /** Weekly opening intervals `[open, close)`; slots are generated inside them. One of hours or departures. */
  hours?: Partial<Record<Weekday, Array<[LocalTime, LocalTime]>>>;
  /** Fixed local start times by weekday, instead of hours. */
  departures?: Partial<Record<Weekday, LocalTime[]>>;
  /** Elapsed minutes of one slot. */
  duration_minutes: number;
  /** Minutes between generated starts (hours only); default `duration_minutes`. */
  interval_minutes: number;
  /** `units` only: minutes kept free before and after each hold and booking. */
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  /** A slot starting sooner than this from now is `outside_window`. */
  min_notice_minutes: number;
  /** The last bookable day, counted from today in the shop's zone. */
  horizon_days: number;
  /** `units` only: how many consecutive slots one item may book (1 for seats). */
  max_slots: number;
}

/** One slot of a schedule on one local date. */
export interface Slot {
  /** The UTC instants the slot starts and finishes (epoch ms). */
  startsAt: number;
  finishesAt: number;
  /** Wall-clock `HH:MM` in the shop's zone at the start and at the finish. */
  localStart: LocalTime;
  localFinish: LocalTime;
}
