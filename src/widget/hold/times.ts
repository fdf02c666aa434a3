/**
 * A held time of day (SLOTS.md §3) as the shopper reads it, in the hold's file: the day and the
 * slot's span on the shop's wall clock, all by `Intl` ("Sat 5 Dec, 09:00–11:00", "Sat, Dec 5,
 * 9:00 – 11:00 AM"), whatever the shopper's own zone. Whole days read as before (`formatPeriod`).
 * @module
 */
import { type Formats, type Period, formatPeriod } from '../format.ts';

/** A period that may be a time of day: `all_day` 0 (a reservation's item says so). */
export interface HeldPeriod extends Period {
  all_day?: 0 | 1;
}

/** "Sat 5 Dec, 09:00–11:00": a time of day in the shop's zone `tz`, in `locale`. */
export function formatTimeSpan(p: Period, tz: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: tz,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).formatRange(Date.parse(p.start), Date.parse(p.finish));
}

/** "2 hours", "90 minutes": how long a time of day lasts (elapsed time, as the service counts it), by Intl. */
export function formatDuration(p: Period, locale: string): string {
  return minutesText(Math.round((Date.parse(p.finish) - Date.parse(p.start)) / 60_000), locale);
}

/** "1 hour", "2 hours", "90 minutes": `minutes` in words of `locale`, by Intl (whole hours as hours). */
export function minutesText(minutes: number, locale: string): string {
  const unit = minutes % 60 ? 'minute' : 'hour';
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(
    unit === 'hour' ? minutes / 60 : minutes,
  );
}

/** A held item's period: its time of day when it is one (or `timed`: a 409's items carry no `all_day`), else its days. */
export function heldText(
  f: Formats,
  p: HeldPeriod,
  tz: string,
  nights: boolean,
  locale: string,
  timed = false,
): string {
  return p.all_day === 0 || timed ? formatTimeSpan(p, tz, locale) : formatPeriod(f, p, tz, nights);
}
