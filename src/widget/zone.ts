/**
 * The one zone conversion the widget needs: the day an instant falls on in an IANA zone, from
 * `Intl` (no zone database shipped). The shared `zones.ts` does more (local times, DST gaps),
 * which the widget never uses; this keeps those bytes out of the bundle.
 * @module
 */
import type { PlainDate } from '../shared/plain-date.ts';

/** One formatter per zone: building `Intl` objects is the costly part. */
const formatters: Record<string, Intl.DateTimeFormat> = {};

/** The day that `instant` (epoch ms) falls on in `tz`; throws a `RangeError` for an unknown zone. */
export function dayInZone(instant: number, tz: string): PlainDate {
  const f = (formatters[tz] ??= new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }));
  const p: Record<string, string> = {};
  for (const { type, value } of f.formatToParts(instant)) p[type] = value;
  return `${p.year!.padStart(4, '0')}-${p.month}-${p.day}` as PlainDate;
}

/** True when `tz` is an IANA zone name this browser knows. */
export function isZone(tz: unknown): tz is string {
  try {
    return typeof tz === 'string' && tz.length < 65 && !!dayInZone(0, tz);
  } catch {
    return false;
  }
}
