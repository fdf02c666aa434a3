/**
 * Weekly hours (a resource's, RESOURCES.md §1) in one order: days from Monday, each day's
 * intervals by their opening, closed days left out. A request's hours are stored so, and stored
 * ones are read back so whatever jsonb did to the keys: the same hours are always the same bytes.
 * @module
 */
import type { ResourceHours } from '../../shared/resource-records.ts';
import { WEEKDAYS } from '../../shared/schedule.ts';
import { minutesOf } from '../../shared/slots.ts';

/** `hours` days in weekday order, each day's intervals by opening, closed days left out. */
export function sortedHours(hours: ResourceHours): ResourceHours {
  const out: ResourceHours = {};
  for (const day of WEEKDAYS) {
    const intervals = hours[day];
    if (intervals && intervals.length > 0) out[day] = [...intervals].sort(([a], [b]) => minutesOf(a) - minutesOf(b));
  }
  return out;
}

/** Stored hours (jsonb, checked when written) as the record shows them; null: always. */
export function hoursRecord(stored: unknown): ResourceHours | null {
  if (stored === null || stored === undefined) return null;
  // pg and PGlite parse jsonb; a value read through json text arrives as a string.
  return sortedHours((typeof stored === 'string' ? JSON.parse(stored) : stored) as ResourceHours);
}
