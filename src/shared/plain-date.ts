/**
 * A calendar day without a time or a zone, written `YYYY-MM-DD`.
 *
 * Every boundary of the project (API payloads, widget attributes, the calendar's cells) carries
 * days as these strings. Arithmetic goes through date-fns on a `Date` at the day's local noon:
 * every zone's noon exists on every day (DST changes happen at night), so the process's own
 * zone can never shift a day, and date-fns's calendar rules (month lengths, clamping 31 March
 * + 1 month to 30 April) apply unchanged.
 * @module
 */
import {
  addDays as addDaysFns,
  addMonths as addMonthsFns,
  differenceInCalendarDays,
  eachDayOfInterval,
  getDay,
  subDays,
} from 'date-fns';

/** A `YYYY-MM-DD` string that names a real calendar day. */
export type PlainDate = string & { readonly __plainDate: unique symbol };

const PLAIN_DATE = /^\d{4}-\d\d-\d\d$/;

/**
 * The years every boundary accepts. A booking system has no use for days outside them, and
 * inside them every `YYYY-MM-DD` plus a year of arithmetic stays a four-digit year (9999-12-31
 * plus one day would not) and a day that JavaScript, Intl and PostgreSQL all handle alike.
 */
export const FIRST_YEAR = 1000;
export const LAST_YEAR = 9998;

/** The day's local noon, the `Date` date-fns computes on. */
export function toDate(date: PlainDate): Date {
  return new Date(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10), 12);
}

/** The day a `Date` falls on in the process's zone (the inverse of `toDate`). */
export function fromDate(date: Date): PlainDate {
  // Not date-fns's lightFormat: its token formatter is the largest part of the widget's date code.
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` as PlainDate;
}

/**
 * True when `value` is a `YYYY-MM-DD` string naming a day that exists (no 31 April), in the
 * years `FIRST_YEAR` to `LAST_YEAR`.
 */
export function isPlainDate(value: unknown): value is PlainDate {
  if (typeof value !== 'string' || !PLAIN_DATE.test(value) || value < `${FIRST_YEAR}` || value >= `${LAST_YEAR + 1}`)
    return false;
  // An impossible day (31 April) rolls over to another day.
  return fromDate(toDate(value as PlainDate)) === value;
}

/** Parses a `YYYY-MM-DD` string, or returns `undefined` when it is not a real day. */
export function parsePlainDate(value: unknown): PlainDate | undefined {
  return isPlainDate(value) ? value : undefined;
}

/** The number of whole days from 1970-01-01 to `date`: a stable key for per-day arrays. */
export function toEpochDay(date: PlainDate): number {
  return diffDays('1970-01-01' as PlainDate, date);
}

/** `date` moved by `days` (negative moves back). */
export function addDays(date: PlainDate, days: number): PlainDate {
  return fromDate(addDaysFns(toDate(date), days));
}

/** Whole days from `from` to `to` (`to - from`): 1 for consecutive days. */
export function diffDays(from: PlainDate, to: PlainDate): number {
  return differenceInCalendarDays(toDate(to), toDate(from));
}

/** Day of the week, 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: PlainDate): number {
  return getDay(toDate(date));
}

/** The first day of the month that `date` is in. */
export function startOfMonth(date: PlainDate): PlainDate {
  return `${date.slice(0, 8)}01` as PlainDate;
}

/**
 * `date` moved by whole months, the day clamped to the target month's length
 * (31 March + 1 month = 30 April).
 */
export function addMonths(date: PlainDate, months: number): PlainDate {
  return fromDate(addMonthsFns(toDate(date), months));
}

/** Every day from `start` up to but not including `finish`. */
export function eachDay(start: PlainDate, finish: PlainDate): PlainDate[] {
  if (finish <= start) return [];
  return eachDayOfInterval({ start: toDate(start), end: subDays(toDate(finish), 1) }).map(fromDate);
}

/** The UTC day of an epoch-ms instant, read off its ISO string (no zone arithmetic needed). */
export function plainDateOfInstant(instant: number): PlainDate {
  return new Date(instant).toISOString().slice(0, 10) as PlainDate;
}
