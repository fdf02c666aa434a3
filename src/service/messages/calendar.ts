/**
 * The `.ics` a customer's message carries: the booking as one event in the shop's zone (DTSTART
 * and DTEND with the shop's TZID and a VTIMEZONE for it), with a UID stable per booking, so
 * a change replaces the event (METHOD:REQUEST, a higher SEQUENCE) and a cancellation removes it
 * (METHOD:CANCEL, same UID).
 * @module
 */
import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { BookingSnapshot, MessageKind } from './types.ts';

/** The event's UID: one per booking and shop, whatever message carries it. */
export function bookingEventUid(shopId: number, bookingId: number, domain: string): string {
  return `booking-${shopId}-${bookingId}@${domain}`;
}

/** The calendar file of a customer's message, or undefined for a merchant's. */
export function bookingCalendar(
  kind: MessageKind,
  snapshot: BookingSnapshot,
  options: { shopId: number; domain: string; summary: string; stamp: Date },
): string | undefined {
  if (!kind.startsWith('customer_')) return undefined;
  const cancel = kind === 'customer_cancellation';
  const { tz } = snapshot.shop;
  const calendar = ical({
    prodId: { company: 'booking-service', product: 'messages', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.timezone({ name: tz, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null });
  const places = [...new Set(snapshot.items.map((item) => item.location).filter(Boolean))];
  calendar.createEvent({
    id: bookingEventUid(options.shopId, snapshot.booking.id, options.domain),
    sequence: snapshot.sequence,
    start: new TZDate(snapshot.booking.starts_at, tz),
    end: new TZDate(snapshot.booking.finishes_at, tz),
    timezone: tz,
    stamp: new TZDate(options.stamp.getTime(), tz),
    summary: options.summary,
    location: places.join(', ') || null,
    description: snapshot.items.map((item) => `${item.quantity} × ${item.product} – ${item.variant}`).join('\n'),
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // RFC 5545 ends every content line with CRLF, the last one included; ical-generator leaves
  // the last bare (caught by test/helpers/ics-validity.ts).
  return calendar.toString().replace(/(?:\r\n)?$/, '\r\n');
}
