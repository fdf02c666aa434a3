/**
 * Periods of items in a shop's zone: whole days for holds and the availability calendar,
 * timed instants for bookings. The only place the engine meets time zones.
 * @module
 */
import { type PlainDate, addDays } from '../../shared/plain-date.ts';
import { plainDateInZone, startOfDayInZone } from '../../shared/zones.ts';
import type { Period } from './types.ts';

// When each day starts in each zone, as computed: a zone's rules do not change while the
// process runs, and each computation formats several instants through Intl (the largest part of
// a hold's own CPU). Bounded: emptied when full.
const dayStarts = new Map<string, number>();
const DAY_STARTS_MAX = 20_000;

/** `startOfDayInZone` in epoch ms, remembered. */
function dayStart(day: PlainDate, tz: string): number {
  const key = `${tz} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = startOfDayInZone(day, tz).getTime();
    if (dayStarts.size >= DAY_STARTS_MAX) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

/** The whole shop-local days `[startDay, finishDay)`: from one local midnight to another. */
export function dayPeriod(startDay: PlainDate, finishDay: PlainDate, tz: string): Period {
  return { startAt: dayStart(startDay, tz), finishAt: dayStart(finishDay, tz), startDay, finishDay };
}

/**
 * The instants `[startAt, finishAt)` with every shop-local day they touch: from the day of the
 * start to the day holding the last millisecond, so 09:00-17:00 uses one day and a booking
 * ending at midnight does not use the next.
 */
export function timedPeriod(startAt: number, finishAt: number, tz: string): Period {
  return {
    startAt,
    finishAt,
    startDay: plainDateInZone(startAt, tz),
    finishDay: addDays(plainDateInZone(finishAt - 1, tz), 1),
  };
}

/** The smallest span of days and instants covering every period (for one query per write). */
export function spanOf(periods: readonly Period[]): Period | undefined {
  if (periods.length === 0) return undefined;
  const span = { ...periods[0]! };
  for (const p of periods) {
    if (p.startAt < span.startAt) span.startAt = p.startAt;
    if (p.finishAt > span.finishAt) span.finishAt = p.finishAt;
    if (p.startDay < span.startDay) span.startDay = p.startDay;
    if (p.finishDay > span.finishDay) span.finishDay = p.finishDay;
  }
  return span;
}
