/**
 * When a booking is, in words of the shop's language and in the shop's zone. The customer's own
 * zone is not known to the service (a booking carries none), so messages name the shop's zone
 * instead of guessing: "Times are in the time zone of Harbour Kayaks: Australia/Melbourne".
 * @module
 */
import { isWholeDays } from '../../shared/zones.ts';

/** "Tuesday 15 December 2026, 09:00 – 17:00" (or dates only for whole days), in `tz`. */
export function describePeriod(startsAtIso: string, finishesAtIso: string, tz: string, language: string): string {
  const startsAt = new Date(startsAtIso);
  const finishesAt = new Date(finishesAtIso);
  if (isWholeDays(startsAt, finishesAt, tz)) {
    const date = new Intl.DateTimeFormat(language, { timeZone: tz, dateStyle: 'full' });
    // The last day booked is the day before the (exclusive) finish.
    const lastDay = new Date(finishesAt.getTime() - 12 * 3_600_000);
    const first = date.format(startsAt);
    const last = date.format(lastDay);
    return first === last ? first : date.formatRange(startsAt, lastDay);
  }
  const dateTime = new Intl.DateTimeFormat(language, { timeZone: tz, dateStyle: 'full', timeStyle: 'short' });
  return dateTime.formatRange(startsAt, finishesAt);
}

/** The zone as a person reads it: its IANA name and, where the language has one, its long name. */
export function describeZone(tz: string, language: string, at: string): string {
  const parts = new Intl.DateTimeFormat(language, { timeZone: tz, timeZoneName: 'long' }).formatToParts(new Date(at));
  const name = parts.find((part) => part.type === 'timeZoneName')?.value;
  return name && name !== tz ? `${tz} (${name})` : tz;
}
