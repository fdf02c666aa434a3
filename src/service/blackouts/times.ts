/**
 * The three ways a blackout's `starts_at`/`finishes_at` may be written (API.md §3): a UTC
 * timestamp, a shop-local `YYYY-MM-DD HH:MM`, or a day `YYYY-MM-DD` (the start of that day in the
 * shop's zone). Used by the fixture loader and by POST/PUT /v1/blackouts.
 * @module
 */
import { isPlainDate } from '../../shared/plain-date.ts';
import { parseLocalDateTime, startOfDayInZone } from '../../shared/zones.ts';

const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(10000, 0, 1);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A parsed blackout boundary: the instant, and whether it was written as a whole day. */
export type BlackoutTime = { instant: Date; isDay: boolean } | { error: string };

/** Parses one boundary in the shop's zone `tz`. */
export function parseBlackoutTime(value: unknown, tz: string): BlackoutTime {
  if (typeof value !== 'string') return { error: 'must be a timestamp, "YYYY-MM-DD HH:MM" or "YYYY-MM-DD"' };
  if (isPlainDate(value)) {
    try {
      return { instant: startOfDayInZone(value, tz), isDay: true };
    } catch {
      // Defence in depth: a day zone arithmetic cannot place is the caller's error, not a 500.
      return { error: `is a day that cannot be placed in ${tz}` };
    }
  }
  if (ISO_INSTANT.test(value) && isPlainDate(value.slice(0, 10))) {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return { instant: new Date(ms), isDay: false };
  }
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(value)) {
    const local = parseLocalDateTime(value, tz);
    return 'error' in local ? local : { instant: local.instant, isDay: false };
  }
  return { error: 'must be a timestamp, "YYYY-MM-DD HH:MM" or "YYYY-MM-DD"' };
}

/**
 * A boundary of a blackout's body in `tz`: `parseBlackoutTime`'s, between the years 1970 and
 * 9999. The schema checks it in UTC (which skips no time: only the shape can fail), the rules
 * in the shop's zone.
 */
export function boundaryIn(value: unknown, tz: string): BlackoutTime {
  const years = 'must be between the years 1970 and 9999';
  // Checked on the text first: zone arithmetic on the years 0-99 is not defined.
  if (typeof value === 'string' && /^\d{4}-/.test(value) && value < '1970') return { error: years };
  const parsed = parseBlackoutTime(value, tz);
  if ('error' in parsed) return parsed;
  const ms = parsed.instant.getTime();
  return ms >= EARLIEST && ms < LATEST ? parsed : { error: years };
}
