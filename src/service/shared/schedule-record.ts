/**
 * A stored schedule (`variants.schedule`, jsonb) as records show it. jsonb keeps an object's
 * keys in its own order (shortest first), so the record is rebuilt in the order API.md lists
 * the fields, the weekdays from Monday: the same schedule is always the same bytes.
 * @module
 */
import { type Schedule, WEEKDAYS, type Weekday } from '../../shared/schedule.ts';

function inWeekOrder<T>(days: Partial<Record<Weekday, T>> | undefined): Partial<Record<Weekday, T>> | undefined {
  if (days === undefined || days === null) return undefined;
  const out: Partial<Record<Weekday, T>> = {};
  for (const day of WEEKDAYS) if (days[day] !== undefined) out[day] = days[day];
  return out;
}

/** The stored value (checked when it was written) as the record's schedule; null when none. */
export function scheduleRecord(stored: unknown): Schedule | null {
  if (stored === null || stored === undefined) return null;
  // pg and PGlite parse jsonb; a value read through json text arrives as a string.
  const s = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Schedule;
  const hours = inWeekOrder(s.hours);
  const departures = inWeekOrder(s.departures);
  return {
    counting: s.counting,
    ...(hours && { hours }),
    ...(departures && { departures }),
    duration_minutes: s.duration_minutes,
    interval_minutes: s.interval_minutes,
    buffer_before_minutes: s.buffer_before_minutes,
    buffer_after_minutes: s.buffer_after_minutes,
    min_notice_minutes: s.min_notice_minutes,
    horizon_days: s.horizon_days,
    max_slots: s.max_slots,
  };
}
