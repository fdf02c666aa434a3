/**
 * Dates, times and numbers in the shopper's language, all through `Intl`. Calendar days are
 * formatted at UTC midnight with `timeZone: "UTC"` so the shopper's own zone can never move them.
 * @module
 */
import { type PlainDate, addDays, isPlainDate } from '../shared/plain-date.ts';
import type { Reason } from './calendar/rules.ts';
import type { Translate } from './i18n.ts';
import { plainDateInZone as dayInZone } from '../shared/zones.ts';

/** The formatters a widget needs for one locale. */
export interface Formats {
  /** "Saturday 14 November 2026": a day's accessible name. */
  day(date: PlainDate): string;
  /** "14 Nov 2026": a day in a held period. */
  short(date: PlainDate): string;
  /** "November 2026": the month heading. */
  month(date: PlainDate): string;
  /** The weekday's name: "Mon", "M" or "Monday". */
  weekday(date: PlainDate, style: 'short' | 'narrow' | 'long'): string;
  /** The day-of-month number in the locale's digits. */
  dayNumber(date: PlainDate): string;
  /** An instant as a time in the shopper's zone ("10:42"). */
  time(instant: number): string;
  /** A whole number of minutes ("5 minutes"). */
  minutes(n: number): string;
  /** A number in the locale's digits, zero-padded to `minimumIntegerDigits`. */
  number(n: number, minimumIntegerDigits?: number): string;
}

const utc = (date: PlainDate) => Date.parse(`${date}T00:00:00Z`);

/** The formatters for `locale`; build once per locale and reuse, `Intl` objects are costly. */
export function createFormats(locale: string): Formats {
  const dtf = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...o });
  const day = dtf({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const month = dtf({ month: 'long', year: 'numeric' });
  const num = dtf({ day: 'numeric' });
  // Built on first use: the first render needs only the ones above, and each constructor costs
  // main-thread time while the page loads (about 1 ms each unthrottled, more on a slow phone).
  const later: Record<string, Intl.DateTimeFormat | Intl.NumberFormat> = {};
  const lazy = <F>(key: string, make: () => F): F => (later[key] ??= make() as never) as F;
  return {
    day: (d) => day.format(utc(d)),
    short: (d) => lazy('s', () => dtf({ dateStyle: 'medium' })).format(utc(d)),
    month: (d) => month.format(utc(d)),
    weekday: (d, style) => lazy(style, () => dtf({ weekday: style })).format(utc(d)),
    dayNumber: (d) => num.format(utc(d)),
    time: (instant) => lazy('t', () => new Intl.DateTimeFormat(locale, { timeStyle: 'short' })).format(instant),
    minutes: (n) => lazy('m', () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' })).format(n),
    number: (n, digits = 1) => new Intl.NumberFormat(locale, { minimumIntegerDigits: digits }).format(n),
  };
}

/**
 * A day's accessible name with its state: "Friday, December 25, 2026", "…, unavailable: closed",
 * or "…, Loading…" while its month's data is not in.
 */
export function dayLabel(f: Formats, t: Translate, date: PlainDate, reason?: Reason | 'loading'): string {
  const day = f.day(date);
  return !reason ? day : reason === 'loading' ? `${day}, ${t(reason)}` : `${day}, ${t('unavailable')}: ${t(reason)}`;
}

/** The shop-zone day of an API value: a `YYYY-MM-DD` as is, an instant as its day in `tz`. */
export function shopDay(value: string, tz: string): PlainDate {
  return isPlainDate(value) ? value : dayInZone(Date.parse(value), tz);
}

/** A period as the API writes it: days or instants, `finish` exclusive. */
export interface Period {
  start: string;
  finish: string;
}

/**
 * The first and last day a period covers in the shop's zone `tz`. With `nights` the last is the
 * check-out day (the finish itself), else the last day held.
 */
export function periodDays(p: Period, tz: string, nights: boolean): [PlainDate, PlainDate] {
  const finish = shopDay(p.finish, tz);
  return [shopDay(p.start, tz), nights ? finish : addDays(finish, -1)];
}

/** "14 Nov 2026 – 16 Nov 2026" (see `periodDays`); one day is shown once. */
export function formatPeriod(f: Formats, p: Period, tz: string, nights: boolean): string {
  const [first, last] = periodDays(p, tz, nights);
  return last <= first ? f.short(first) : `${f.short(first)} – ${f.short(last)}`;
}

/** The shopper's own zone, e.g. "Europe/Berlin". */
export function shopperZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * `text` (days or a time in `zone`) with `zone` named, "… (Australia/Melbourne)", when the
 * shop's zone `tz` is not the shopper's: then the hold's days (in the shop's zone) and its end
 * (in the shopper's) could be misread. Nothing is added when both are one zone.
 */
export function named(text: string, zone: string, tz: string): string {
  return shopperZone() === tz ? text : `${text} (${zone.replace(/_/g, ' ')})`;
}

/** A held item's period in the shop's zone, the zone named when it is not the shopper's. */
export function heldPeriod(f: Formats, item: Period, tz: string, nights: boolean): string {
  return named(formatPeriod(f, item, tz, nights), tz, tz);
}
