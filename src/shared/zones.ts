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
import { toZonedTime } from 'date-fns-tz';
import { type PlainDate, fromDate, isPlainDate } from './plain-date.ts';

const DAY_MS = 86_400_000;

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

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock time of `instant` in `tz`, `YYYY-MM-DDTHH:MM:SS`, read from `Intl` itself:
 * date-fns-tz's `formatInTimeZone` goes through a `Date` of the process's zone, which shows a
 * wall time that zone skips an hour late (00:30 as 01:30 on a Santiago spring-forward day).
 */
function wallClock(instant: Date | number, tz: string): string {
  let format = wallFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      ...{ year: 'numeric', month: '2-digit', day: '2-digit' },
      ...{ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
    });
    wallFormats.set(tz, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.year!.padStart(4, '0')}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

/**
 * The UTC instant of a local wall-clock time in `tz`, or `undefined` when that local time does
 * not exist (skipped by a DST change). A time that occurs twice (clocks go back) resolves to the
 * earlier instant, as a shopper reading the first "02:30" would expect.
 */
export function localTimeToInstant(date: PlainDate, hour: number, minute: number, tz: string): Date | undefined {
  const wall = `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
  // Not date-fns-tz's `fromZonedTime(wall, tz)`: it reads a wall time without an offset in the
  // process's zone, so a time that zone skips (00:30 on a Santiago spring-forward day) came out
  // an hour off and was refused as not existing in every shop's zone. Here the wall time is read
  // as UTC and moved by the zone's offset a day before and a day after (a DST change lies
  // between them at most); the candidates whose wall time in `tz` is the one asked for are the
  // answers, the earlier first where the clocks went back.
  const asUtc = Date.parse(`${wall}Z`);
  const offsetAt = (instant: number) => Date.parse(`${wallClock(instant, tz)}Z`) - instant;
  const instant = [asUtc - offsetAt(asUtc - DAY_MS), asUtc - offsetAt(asUtc + DAY_MS)]
    .filter((t) => wallClock(t, tz) === wall)
    .sort((a, b) => a - b)[0];
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

/**
 * The wall-clock time of `instant` in `tz` as the API writes it beside a UTC instant:
 * `YYYY-MM-DDTHH:MM`, with `:SS` only when the seconds are not 0. No offset: the UTC instant
 * beside it tells apart a time that occurs twice when the clocks go back.
 */
export function localDateTime(instant: Date | number, tz: string): string {
  const wall = wallClock(instant, tz);
  return wall.endsWith(':00') ? wall.slice(0, 16) : wall;
}

/** Whether both instants fall on midnight in `tz`: a booking of whole days, shown as dates. */
export function isWholeDays(startsAt: Date | number, finishesAt: Date | number, tz: string): boolean {
  return localDateTime(startsAt, tz).endsWith('T00:00') && localDateTime(finishesAt, tz).endsWith('T00:00');
}

/**
 * An item's period `[startAt, finishAt)` as the shop reads it (`start_local`, `finish_local`):
 * the days of a whole-day item (`finish_local` is the day after the last, exclusive like the
 * instant), or the wall-clock times of a timed one.
 */
export function localPeriod(
  startAt: Date | number,
  finishAt: Date | number,
  allDay: boolean,
  tz: string,
): { start_local: string; finish_local: string } {
  const local = allDay ? plainDateInZone : localDateTime;
  return { start_local: local(startAt, tz), finish_local: local(finishAt, tz) };
}

/** An instant as the API writes it: ISO 8601 UTC with milliseconds, `2026-05-18T02:05:00.000Z`. */
export function toIsoUtc(instant: Date | number): string {
  return new Date(instant).toISOString();
}
