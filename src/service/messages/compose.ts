/**
 * A whole email of an outbox row: addresses, the stable Message-ID, subject, HTML, text and
 * the calendar file. The sender sends exactly this; the admin's Messages screen shows it.
 * @module
 */
import { manageUrl, type ManageLinks } from '../manage/link.ts';
import { bookingCalendar } from './calendar.ts';
import { customerName, renderMessage } from './render.ts';
import type { OutboxMessage } from './types.ts';

/** An email ready for nodemailer's `sendMail`. */
export interface ComposedMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `<key@domain>`: the same for every attempt at one row, so a duplicate is recognisable. */
  messageId: string;
  attachments: Array<{ filename: string; content: string; contentType: string }>;
}

/** The domain of the From address (`Shop <bookings@example.com>` → example.com). */
export function domainOf(from: string): string {
  const match = /@([^\s>]+)>?\s*$/.exec(from.trim());
  return match?.[1]?.toLowerCase() ?? 'booking-service.invalid';
}

/** The address of a From header (`Shop <bookings@example.com>` → bookings@example.com). */
export function addressOf(from: string): string {
  const match = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from.trim());
  return match?.[1] ?? from.trim();
}

/**
 * The email for `message`, from `from` (MAIL_FROM), stamped `createdAt` in its calendar file; a
 * customer's links to their manage page when `links` are given.
 */
export function composeMail(message: OutboxMessage, from: string, createdAt: Date, links?: ManageLinks): ComposedMail {
  const { booking } = message.snapshot;
  const link =
    links && message.kind.startsWith('customer_')
      ? manageUrl(links, { shopId: message.shopId, bookingId: booking.id, finishesAt: booking.finishes_at })
      : undefined;
  const rendered = renderMessage(message.kind, message.snapshot, link);
  const domain = domainOf(from);
  const ics = bookingCalendar(message.kind, message.snapshot, {
    shopId: message.shopId,
    domain,
    summary: `${message.snapshot.shop.name}: ${message.snapshot.items.map((item) => item.product).join(', ')}`,
    stamp: createdAt,
    // The shop organizes the event from the address it mails from, so a customer's calendar
    // takes the cancel from that address as the organizer's and removes the event.
    organizer: { name: message.snapshot.shop.name, email: addressOf(from) },
    attendee: { name: customerName(message.snapshot), email: message.recipient },
  });
  const method = message.kind === 'customer_cancellation' ? 'CANCEL' : 'REQUEST';
  return {
    from,
    to: message.recipient,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: `<${message.messageKey}@${domain}>`,
    attachments:
      ics === undefined
        ? []
        : [{ filename: 'booking.ics', content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` }],
  };
}
