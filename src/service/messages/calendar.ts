/**
 * The `.ics` a customer's message carries: the booking as one event in the shop's zone (DTSTART
 * and DTEND with the shop's TZID and a VTIMEZONE for it, or DATE days for a booking of whole
 * days), with a UID stable per booking, so a change replaces the event (METHOD:REQUEST, a
 * higher SEQUENCE) and a cancellation removes it (METHOD:CANCEL, same UID). Both name the shop
 * as ORGANIZER and the customer as ATTENDEE: RFC 5546 requires them of a request and a cancel,
 * and without them Google and Outlook add the request's event but ignore the cancel.
 * @module
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { icalPeriod, icsText, useEventZones } from '../shared/ical.ts';
import type { BookingSnapshot, MessageKind } from './types.ts';

/** A person the event names: shown as `name`, reached at `email`. */
export interface CalendarPerson {
  name: string;
  email: string;
}

/** The event's UID: one per booking and shop, whatever message carries it. */
export function bookingEventUid(shopId: number, bookingId: number, domain: string): string {
  return `booking-${shopId}-${bookingId}@${domain}`;
}

/**
 * A name as a quoted parameter value (CN) may hold it: RFC 5545 allows no DQUOTE or control
 * character there, and a backslash is not an escape in a parameter, so ical-generator's `\"`
 * would end the value early in a strict parser.
 */
function paramName(name: string): string {
  return name
    .replace(/"/g, "'")
    .replace(/[\\\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The calendar file of a customer's message, or undefined for a merchant's. */
export function bookingCalendar(
  kind: MessageKind,
  snapshot: BookingSnapshot,
  options: {
    shopId: number;
    domain: string;
    summary: string;
    stamp: Date;
    /** The shop: its name and the address its mail comes from. */
    organizer: CalendarPerson;
    /** The customer the message is sent to. */
    attendee: CalendarPerson;
  },
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
    organizer: { name: paramName(options.organizer.name), email: options.organizer.email },
    attendees: [
      {
        name: paramName(options.attendee.name) || null,
        email: options.attendee.email,
        role: ICalAttendeeRole.REQ,
        // The customer booked it: nothing to accept, so no reply is asked for.
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  return icsText(calendar);
}
