/**
 * Schedules for the service's tests of times of day, stored as the service stores them (every
 * default filled), and the fixture's variants given them by SQL: 8001 (3 single kayaks) as a
 * tour, 8002 (2 double kayaks) hired by the hour.
 */
import type { Schedule, Weekday } from '../../src/shared/schedule.ts';
import { WEEKDAYS } from '../../src/shared/schedule.ts';
import type { Queryable } from '../../src/service/db/types.ts';

/** The same value on every day of the week. */
export function daily<T>(value: T): Record<Weekday, T> {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, value])) as Record<Weekday, T>;
}

const DEFAULTS = {
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  min_notice_minutes: 0,
  horizon_days: 365,
  max_slots: 1,
};

/** A tour: departures 09:00 and 13:00 daily (or `times`), two hours, seats. */
export function tourSchedule(times = ['09:00', '13:00'], extra: Partial<Schedule> = {}): Schedule {
  return {
    ...DEFAULTS,
    counting: 'seats',
    departures: daily(times),
    duration_minutes: 120,
    interval_minutes: 120,
    ...extra,
  };
}

/** Hire by the hour, 09:00-17:00, 30 minutes kept free after each hire, up to 3 hours at once. */
export function hourlySchedule(extra: Partial<Schedule> = {}): Schedule {
  return {
    ...DEFAULTS,
    counting: 'units',
    hours: daily([['09:00', '17:00'] as [string, string]]),
    duration_minutes: 60,
    interval_minutes: 60,
    buffer_after_minutes: 30,
    max_slots: 3,
    ...extra,
  };
}

/** Gives the fixture's variant `externalId` this schedule (null: days again). */
export async function setSchedule(q: Queryable, externalId: number, schedule: Schedule | null): Promise<void> {
  await q.query('UPDATE variants SET schedule = $2::jsonb WHERE external_id = $1', [
    externalId,
    schedule && JSON.stringify(schedule),
  ]);
}
