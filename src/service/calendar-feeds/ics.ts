/**
 * A feed's calendar: each booked variant of each booking as one event in the shop's zone (a
 * VTIMEZONE from timezones-ical-library, DTSTART/DTEND with its TZID), whole-day bookings as
 * DATE values. The text depends on the bookings only (DTSTAMP is the booking's creation), so
 * equal bookings give equal bytes and the same ETag.
 * @module
 */
import { TZDate } from '@date-fns/tz';
import ical, { ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { isWholeDays } from '../../shared/zones.ts';
import type { FeedEventRow } from './queries.ts';

/**
 * A shop day (`YYYY-MM-DD`) as ical-generator wants an all-day date: it writes a DATE value from
 * the Date's local getters, so the day is built at midnight in the process's own zone. A string
 * would be read as UTC midnight and written as the day before west of Greenwich.
 */
function processMidnight(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/** The event's UID: stable for one booking and variant whatever else changes. */
export function feedEventUid(shopId: number, row: FeedEventRow, domain: string): string {
  return `booking-${shopId}-${row.booking_id}-${row.variant_id}@${domain}`;
}

function customerName(customers: unknown): string {
  if (!Array.isArray(customers)) return '';
  const first = customers.find((c) => c && typeof c === 'object') as Record<string, unknown> | undefined;
  if (!first) return '';
  return [first.first_name, first.last_name].filter((part) => typeof part === 'string' && part.trim()).join(' ');
}

function answers(fields: unknown): string[] {
  if (!Array.isArray(fields)) return [];
  return fields
    .filter(
      (f): f is { name: string; value: unknown } => Boolean(f) && typeof f === 'object' && typeof f.name === 'string',
    )
    .map((f) => `${f.name}: ${String(f.value ?? '')}`);
}

/** The `.ics` text of a feed named `name` of the shop `shopId` in zone `tz`. */
export function feedCalendar(
  rows: readonly FeedEventRow[],
  options: { shopId: number; tz: string; name: string; domain: string },
): string {
  const { tz } = options;
  const calendar = ical({
    name: options.name,
    prodId: { company: 'booking-service', product: 'calendar-feed', language: 'EN' },
    timezone: { name: tz, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null },
    // A hint to subscribers; Google, Apple and Outlook poll on their own schedule anyway.
    ttl: 60 * 15,
  });
  for (const row of rows) {
    const startsAt = new Date(row.starts_at);
    const finishesAt = new Date(row.finishes_at);
    const wholeDays = isWholeDays(startsAt, finishesAt, tz);
    const who = customerName(row.customers);
    const what = `${row.product} – ${row.variant} × ${row.quantity}`;
    calendar.createEvent({
      id: feedEventUid(options.shopId, row, options.domain),
      start: wholeDays ? processMidnight(row.start_day) : new TZDate(startsAt.getTime(), tz),
      end: wholeDays ? processMidnight(row.finish_day) : new TZDate(finishesAt.getTime(), tz),
      allDay: wholeDays,
      timezone: wholeDays ? null : tz,
      stamp: new Date(row.created_at),
      summary: who ? `${what}, ${who}` : what,
      description: [`Booking ${row.booking_id}`, ...answers(row.fields)].join('\n'),
      location: row.location,
      status: row.status === 'pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one included; ical-generator leaves
  // the last bare (caught by test/helpers/ics-validity.ts).
  return calendar.toString().replace(/(?:\r\n)?$/, '\r\n');
}
