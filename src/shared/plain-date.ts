/**
 * A calendar day without a time or a zone, written `YYYY-MM-DD`.
 *
 * Every boundary of the project (API payloads, widget attributes, the calendar's cells) carries
 * days as these strings. Arithmetic is done on UTC midnights, where every day is 24 hours long,
 * so the process's own time zone can never shift a day.
 * @module
 */

/** A `YYYY-MM-DD` string that names a real calendar day. */
export type PlainDate = string & { readonly __plainDate: unique symbol };

const PLAIN_DATE = /^\d{4}-\d\d-\d\d$/;
const DAY_MS = 86_400_000;

/**
 * The years every boundary accepts. A booking system has no use for days outside them, and
 * inside them every `YYYY-MM-DD` plus a year of arithmetic stays a four-digit year (9999-12-31
 * plus one day would not) and a day that JavaScript, Intl and PostgreSQL all handle alike.
 */
export const FIRST_YEAR = 1000;
export const LAST_YEAR = 9998;

/**
 * True when `value` is a `YYYY-MM-DD` string naming a day that exists (no 31 April), in the
 * years `FIRST_YEAR` to `LAST_YEAR`.
 */
export function isPlainDate(value: unknown): value is PlainDate {
  if (typeof value !== 'string' || !PLAIN_DATE.test(value) || value < `${FIRST_YEAR}` || value >= `${LAST_YEAR + 1}`) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  // An impossible day (31 April) is refused by the engine, or rolled over to another day.
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
}

/** Parses a `YYYY-MM-DD` string, or returns `undefined` when it is not a real day. */
export function parsePlainDate(value: unknown): PlainDate | undefined {
  return isPlainDate(value) ? value : undefined;
}

/** Number of days in month `month` (1-12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The UTC-midnight epoch milliseconds of a day: a stable number to do arithmetic on. */
export function toEpochDay(date: PlainDate): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** The day `n` days after epoch (1970-01-01). */
export function fromEpochDay(n: number): PlainDate {
  return new Date(n * DAY_MS).toISOString().slice(0, 10) as PlainDate;
}

/** `date` moved by `days` (negative moves back). */
export function addDays(date: PlainDate, days: number): PlainDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `from` to `to` (`to - from`): 1 for consecutive days. */
export function diffDays(from: PlainDate, to: PlainDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** Negative, zero or positive as `a` is before, equal to or after `b`. */
export function compareDates(a: PlainDate, b: PlainDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Day of the week, 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: PlainDate): number {
  // 1970-01-01 was a Thursday (4).
  return (((toEpochDay(date) + 4) % 7) + 7) % 7;
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
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // The last day of the target month (day 0 of the month after it), then back to `d` if it has one.
  const last = new Date(Date.UTC(y, m + months, 0));
  return fromEpochDay(+last / DAY_MS - Math.max(0, last.getUTCDate() - d));
}

/** Every day from `start` up to but not including `finish`. */
export function eachDay(start: PlainDate, finish: PlainDate): PlainDate[] {
  const days: PlainDate[] = [];
  for (let n = toEpochDay(start), end = toEpochDay(finish); n < end; n++) days.push(fromEpochDay(n));
  return days;
}
