/**
 * Conversions between instants and a shop's local days and times, in any IANA zone.
 *
 * Built on `Intl.DateTimeFormat` only, so the widget pays no bytes for a zone database and the
 * result never depends on the zone of the process that runs it. DST-correct: a day may be 23 or
 * 25 hours long, and a local time that a DST change skips is reported as not existing.
 * @module
 */
import { type PlainDate, isPlainDate } from './plain-date.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** True when `tz` is an IANA zone name this runtime knows (`Australia/Melbourne`, `UTC`). */
export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz === '' || tz.length > 64) return false;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of `instant` as seen in `tz`. */
export function wallClock(instant: Date | number, tz: string) {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(tz).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const year = parts.year ?? 0;
  return {
    year,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of `tz` from UTC at `instant`, in milliseconds (Melbourne in summer: +11 h). */
export function zoneOffsetMs(instant: number, tz: string): number {
  const w = wallClock(instant, tz);
  const at = new Date(0);
  at.setUTCFullYear(w.year, w.month - 1, w.day);
  const asUtc = at.getTime() + ((w.hour * 60 + w.minute) * 60 + w.second) * 1000;
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The day that `instant` falls on in `tz`. */
export function plainDateInZone(instant: Date | number, tz: string): PlainDate {
  const w = wallClock(instant, tz);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}` as PlainDate;
}

/**
 * The UTC instant of a local wall-clock time in `tz`, or `undefined` when that local time does
 * not exist (skipped by a DST change). A time that occurs twice (clocks go back) resolves to the
 * earlier instant, as a shopper reading the first "02:30" would expect.
 */
export function localTimeToInstant(
  date: PlainDate,
  hour: number,
  minute: number,
  tz: string,
): Date | undefined {
  const y = Number(date.slice(0, 4));
  const mo = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  // Not Date.UTC(y, …): it reads the years 0-99 as 1900-1999.
  const day = new Date(0);
  day.setUTCFullYear(y, mo - 1, d);
  const wall = day.getTime() + (hour * 60 + minute) * 60_000;
  // Two candidate offsets: the zone's offset a day before and a day after cover both sides of
  // any DST change on this day. Try the earlier instant first.
  const offsets = [...new Set([zoneOffsetMs(wall - 86_400_000, tz), zoneOffsetMs(wall + 86_400_000, tz)])];
  const candidates = offsets.map((o) => wall - o).sort((a, b) => a - b);
  for (const instant of candidates) {
    const w = wallClock(instant, tz);
    if (w.year === y && w.month === mo && w.day === d && w.hour === hour && w.minute === minute) {
      return new Date(instant);
    }
  }
  return undefined;
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
export function parseLocalDateTime(
  value: unknown,
  tz: string,
): { instant: Date } | { error: string } {
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
