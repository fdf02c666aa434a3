/**
 * Conversions between instants and a shop's local days and times, in any IANA zone, through
 * date-fns-tz (its zone data is the runtime's own `Intl`, so nothing ships a zone database).
 * DST-correct: a day may be 23 or 25 hours long, and a local time that a DST change skips is
 * reported as not existing.
 *
 * Two date-fns-tz calls are avoided on purpose, each shown wrong by a test in
 * `test/shared/zones.test.ts`: `getTimezoneOffset(tz, date)` reads the date's fields in the
 * process's zone, so near a DST change it gives the offset of another instant; and
 * `toZonedTime` returns the wall time as a `Date` of the process's zone, which shifts an hour
 * where that zone skips it. Only its calendar day is read here, which that shift cannot move.
 * @module
 */
import { formatInTimeZone, fromZonedTime, toZonedTime } from 'date-fns-tz';
import { type PlainDate, fromDate, isPlainDate } from './plain-date.ts';

/** True when `tz` is an IANA zone name this runtime knows (`Australia/Melbourne`, `UTC`). */
export function isTimeZone(tz: unknown): tz is string {
  // date-fns-tz also takes offsets such as "+02:00" for zones; a shop's zone must be a name.
  if (typeof tz !== 'string' || tz.length > 64 || !/^[A-Za-z]/.test(tz)) return false;
  return !Number.isNaN(+toZonedTime(0, tz));
}

/** The day that `instant` falls on in `tz`. */
export function plainDateInZone(instant: Date | number, tz: string): PlainDate {
  const day = fromDate(toZonedTime(instant, tz));
  if (!isPlainDate(day)) throw new RangeError(`Unknown time zone: ${tz}`);
  return day;
}

/** The wall-clock time of `instant` in `tz`, `YYYY-MM-DDTHH:MM:SS`. */
function wallClock(instant: Date | number, tz: string): string {
  return formatInTimeZone(instant, tz, "yyyy-MM-dd'T'HH:mm:ss");
}

/**
 * The UTC instant of a local wall-clock time in `tz`, or `undefined` when that local time does
 * not exist (skipped by a DST change). A time that occurs twice (clocks go back) resolves to the
 * earlier instant, as a shopper reading the first "02:30" would expect.
 */
export function localTimeToInstant(date: PlainDate, hour: number, minute: number, tz: string): Date | undefined {
  const wall = `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
  const found = +fromZonedTime(wall, tz);
  // date-fns-tz moves a skipped time to an instant with another wall time, and may pick either
  // side of a repeated hour: check the wall time, and prefer the earlier of two that match.
  const instant = [found - 3_600_000, found].find((t) => wallClock(t, tz) === wall);
  return instant === undefined ? undefined : new Date(instant);
}

/**
 * The instant a day starts in `tz`. Nearly always local midnight; on the rare day whose midnight
 * is skipped by DST (America/Santiago, America/Asuncion) it is the first instant that exists.
 */
export function startOfDayInZone(date: PlainDate, tz: string): Date {
  const midnight = localTimeToInstant(date, 0, 0, tz);
  if (midnight) return midnight;
  for (let minute = 15; minute <= 180; minute += 15) {
    const t = localTimeToInstant(date, Math.floor(minute / 60), minute % 60, tz);
    if (t) return t;
  }
  throw new RangeError(`No start found for ${date} in ${tz}`);
}

/**
 * Parses a shop-local `YYYY-MM-DD HH:MM` string. Returns `{ error }` naming what is wrong, so a
 * caller can turn it into a field error: a bad shape, or a time that DST skips on that day.
 */
export function parseLocalDateTime(value: unknown, tz: string): { instant: Date } | { error: string } {
  if (typeof value !== 'string') return { error: 'must be a string "YYYY-MM-DD HH:MM"' };
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})$/.exec(value);
  if (!m || !isPlainDate(m[1])) return { error: 'must be a local date and time "YYYY-MM-DD HH:MM"' };
  const hour = Number(m[2]);
  const minute = Number(m[3]);
  if (hour > 23 || minute > 59) return { error: 'must be a local date and time "YYYY-MM-DD HH:MM"' };
  const instant = localTimeToInstant(m[1], hour, minute, tz);
  if (!instant) return { error: `does not exist in ${tz} (skipped by a daylight-saving change)` };
  return { instant };
}

/** An instant as the API writes it: ISO 8601 UTC with milliseconds, `2026-05-18T02:05:00.000Z`. */
export function toIsoUtc(instant: Date | number): string {
  return new Date(instant).toISOString();
}
