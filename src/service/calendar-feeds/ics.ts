/**
 * A feed's calendar: each booked variant of each booking as one event in the shop's zone (a
 * VTIMEZONE from timezones-ical-library, DTSTART/DTEND with its TZID), whole-day bookings as
 * DATE values (shared/ical.ts). The text depends on the bookings only (DTSTAMP is the booking's
 * creation, in UTC), so equal bookings give equal bytes and the same ETag.
 * @module
 */
import ical, { ICalEventStatus } from 'ical-generator';
import { icalPeriod, icsText, useEventZones } from '../shared/ical.ts';
import type { FeedEventRow } from './queries.ts';

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
  const calendar = ical({
    name: options.name,
    prodId: { company: 'booking-service', product: 'calendar-feed', language: 'EN' },
    // A hint to subscribers; Google, Apple and Outlook poll on their own schedule anyway.
    ttl: 60 * 15,
  });
  useEventZones(calendar);
  for (const row of rows) {
    const who = customerName(row.customers);
    const what = `${row.product} – ${row.variant} × ${row.quantity}`;
    calendar.createEvent({
      id: feedEventUid(options.shopId, row, options.domain),
      ...icalPeriod(new Date(row.starts_at), new Date(row.finishes_at), options.tz),
      stamp: new Date(row.created_at),
      summary: who ? `${what}, ${who}` : what,
      description: [`Booking ${row.booking_id}`, ...answers(row.fields)].join('\n'),
      location: row.location,
      status: row.status === 'pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return icsText(calendar);
}
