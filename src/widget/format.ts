/**
 * Dates, times and numbers in the shopper's language, all through `Intl`. Calendar days are
 * formatted at UTC midnight with `timeZone: "UTC"` so the shopper's own zone can never move them.
 * @module
 */
import { type PlainDate, addDays, isPlainDate } from '../shared/plain-date.ts';
import type { EndProblem, Reason } from './calendar/rules.ts';
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
  /** "November – December 2026": two months side by side, as the locale writes a range (`formatRange`). */
  monthRange(first: PlainDate, last: PlainDate): string;
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
  /** An amount of money ("$195.00"); the plain number when the currency is not one Intl knows. */
  money(amount: number, currency: string): string;
  /** A whole number of days ("3 days"). */
  days(n: number): string;
  /** Items joined as the locale joins a list ("a, b and c"; Arabic's own comma). */
  list(items: string[]): string;
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
    monthRange: (a, b) => month.formatRange(utc(a), utc(b)),
    weekday: (d, style) => lazy(style, () => dtf({ weekday: style })).format(utc(d)),
    dayNumber: (d) => num.format(utc(d)),
    time: (instant) => lazy('t', () => new Intl.DateTimeFormat(locale, { timeStyle: 'short' })).format(instant),
    minutes: (n) =>
      lazy('m', () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' })).format(n),
    number: (n, digits = 1) => new Intl.NumberFormat(locale, { minimumIntegerDigits: digits }).format(n),
    money: (amount, currency) => {
      try {
        return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
      } catch {
        return new Intl.NumberFormat(locale).format(amount);
      }
    },
    days: (n) =>
      lazy<Intl.NumberFormat>(
        'd',
        () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }),
      ).format(n),
    list: (items) =>
      lazy<Intl.ListFormat>('l', () => new Intl.ListFormat(locale, { type: 'conjunction' })).format(items),
  };
}

/** What a day's name says beyond its date: its place in the choice, units left, a closing's title. */
export interface DayNote {
  /** Start, end, or a day in between of the chosen or previewed range. */
  role?: 'start' | 'end' | 'in' | 'one' | undefined;
  /** Units left, when few (or fewer than asked for). */
  left?: number | undefined;
  /** The merchant's title of the blackout that closes the day. */
  title?: string | undefined;
  /** Why the chosen start's range cannot end on the day. */
  noEnd?: EndProblem | undefined;
}

/** Why a day cannot end the range being chosen: "cannot end your dates: too long". */
export const noEndWhy = (t: Translate, p: EndProblem): string => t('labelled', t('noEnd'), t(p));

/**
 * Why a day cannot be chosen, in words: "unavailable: Christmas Day" (the merchant's title
 * isolated for bidi, so a Latin title keeps its place in an Arabic sentence), "only 1 left",
 * "Loading…". A day's name ends with it, and its hover `title` is it alone.
 */
export function whyNot(f: Formats, t: Translate, reason: Reason | 'loading', note: DayNote = {}): string {
  return reason === 'loading'
    ? t('loading')
    : reason === 'short'
      ? t('onlyN', f.number(note.left ?? 0))
      : t('labelled', t('unavailable'), reason === 'closed' && note.title ? isolate(note.title) : t(reason));
}

/**
 * A day's accessible name with its state: "Friday, December 25, 2026", "…, start, 2 left",
 * "…, unavailable: Christmas Day", "…, only 1 left", "…, cannot end your dates: too long", or
 * "…, Loading…" while its month is not in.
 * Joined with the language's own separator ("، " in Arabic, "、" in Japanese), never an ASCII comma.
 */
export function dayLabel(
  f: Formats,
  t: Translate,
  date: PlainDate,
  reason?: Reason | 'loading',
  note: DayNote = {},
): string {
  const role =
    note.role &&
    note.role !== 'one' &&
    t(note.role === 'start' ? 'dayStart' : note.role === 'end' ? 'dayEnd' : 'dayIn');
  const left = note.left !== undefined ? t('unitsLeft', f.number(note.left)) : undefined;
  const why = reason ? whyNot(f, t, reason, note) : note.noEnd && noEndWhy(t, note.noEnd);
  return [f.day(date), ...(why ? [why] : [role, left])].filter(Boolean).join(t('sep'));
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

/** `text` isolated for bidi: its direction never reorders the sentence around it. */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
