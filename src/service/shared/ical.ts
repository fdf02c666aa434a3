/**
 * What the service's two calendar writers (the feeds, calendar-feeds/ics.ts, and the messages'
 * files, messages/calendar.ts) must do alike with ical-generator: a booking of whole days as
 * DATE days, the shop's zone as a VTIMEZONE while DTSTAMP stays in UTC, and CRLF after the last
 * line. Each point is a way ical-generator's defaults went wrong in a calendar app.
 * @module
 */
import { TZDate } from '@date-fns/tz';
import type { ICalCalendar, ICalEventData } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { PlainDate } from '../../shared/plain-date.ts';
import { isWholeDays, plainDateInZone } from '../../shared/zones.ts';

/**
 * A shop day as ical-generator wants an all-day date: with no zone named on the event or the
 * calendar (see useEventZones) it writes a DATE value from the Date's UTC getters, so the day is
 * built at UTC midnight, whatever the process's zone.
 */
export function icalDay(day: PlainDate | string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/**
 * The event fields of a period `[startsAt, finishesAt)` in the shop's zone `tz`: a period of
 * whole days (midnight to midnight there) as DATE days, the end exclusive; otherwise times with
 * the zone's TZID. Written as times, whole days show in calendars as an event across two days'
 * grids (issue 38).
 */
export function icalPeriod(
  startsAt: Date,
  finishesAt: Date,
  tz: string,
): Pick<ICalEventData, 'start' | 'end' | 'allDay' | 'timezone'> {
  if (isWholeDays(startsAt, finishesAt, tz))
    return {
      start: icalDay(plainDateInZone(startsAt, tz)),
      end: icalDay(plainDateInZone(finishesAt, tz)),
      allDay: true,
      timezone: null,
    };
  return {
    start: new TZDate(startsAt.getTime(), tz),
    end: new TZDate(finishesAt.getTime(), tz),
    allDay: false,
    timezone: tz,
  };
}

/**
 * Gives `calendar` the VTIMEZONE of each zone its events name (timezones-ical-library). The
 * calendar's own zone is left unnamed: ical-generator writes every DTSTAMP in a named calendar
 * zone's wall time without its Z (or, for a plain Date, in the process's zone), where RFC 5545
 * wants UTC. No event is floating (each has a TZID or is DATE days), so no reader needs a
 * calendar zone (X-WR-TIMEZONE) to place one.
 */
export function useEventZones(calendar: ICalCalendar): void {
  calendar.timezone({ name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null });
}

/** The calendar's text, every line ending with CRLF as RFC 5545 wants (ical-generator leaves the last bare). */
export function icsText(calendar: ICalCalendar): string {
  return calendar.toString().replace(/(?:\r\n)?$/, '\r\n');
}
