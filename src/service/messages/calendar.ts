/**
 * The `.ics` a customer's message carries: the booking as one event in the shop's zone (DTSTART
 * and DTEND with the shop's TZID and a VTIMEZONE for it, or DATE days for a booking of whole
 * days), with a UID stable per booking, so a change replaces the event (METHOD:REQUEST, a
 * higher SEQUENCE) and a cancellation removes it (METHOD:CANCEL, same UID).
 * @module
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { icalPeriod, icsText, useEventZones } from '../shared/ical.ts';
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
  useEventZones(calendar);
  const places = [...new Set(snapshot.items.map((item) => item.location).filter(Boolean))];
  calendar.createEvent({
    id: bookingEventUid(options.shopId, snapshot.booking.id, options.domain),
    sequence: snapshot.sequence,
    ...icalPeriod(new Date(snapshot.booking.starts_at), new Date(snapshot.booking.finishes_at), tz),
    stamp: options.stamp,
    summary: options.summary,
    location: places.join(', ') || null,
    description: snapshot.items.map((item) => `${item.quantity} × ${item.product} – ${item.variant}`).join('\n'),
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return icsText(calendar);
}
