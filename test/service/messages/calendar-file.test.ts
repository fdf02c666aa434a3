// The .ics a customer's email carries (issue 38 point 4): whole days as DATE days, DTSTAMP in
// UTC, and the shop as ORGANIZER and the customer as ATTENDEE of the request and of the cancel,
// which share the event's UID, so a calendar that added the event removes it on the cancel.
import type ICAL from 'ical.js';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ComposedMail } from '../../../src/service/messages/compose.ts';
import type { MailSettings } from '../../../src/service/messages/mail-settings.ts';
import { sendDueMessages } from '../../../src/service/messages/sender.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { icsEvents, icsProblems } from '../../helpers/ics-validity.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { book, call } from '../reservations/api.ts';

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

describeEachDatabase("A customer's calendar file", (database) => {
  let service: TestService;
  let sent: ComposedMail[];
  let settings: MailSettings;
  beforeEach(async () => {
    service = await createTestService({ database });
    sent = [];
    settings = {
      transport: { sendMail: async (mail: ComposedMail) => sent.push(mail) },
      from: 'Bookings desk <bookings@harbour.example>',
      pollMs: 50,
      leaseMs: 20_000,
      retryMs: 300,
      maxAttempts: 3,
    };
  });
  afterEach(async () => {
    await service?.close();
  });

  /** The one event of the .ics attached to the customer's mail whose subject matches. */
  const eventOf = (subject: RegExp) => {
    const mail = sent.find((m) => m.to === 'ada@example.com' && subject.test(m.subject));
    const ics = mail?.attachments[0]?.content ?? '';
    expect(icsProblems(ics)).toEqual([]);
    const { calendar, events } = icsEvents(ics);
    expect(events).toHaveLength(1);
    return { ics, calendar, event: events[0]! };
  };
  const bookDays = async () => {
    const r = await book(service, {
      starts_at: '2026-12-15 00:00',
      finishes_at: '2026-12-17 00:00',
      items: [{ external_id: '8002', quantity: 1 }],
      customers: [ada],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number };
  };

  it('gives a booking of whole days as DATE days, the end exclusive, stamped in UTC', async () => {
    await bookDays();
    await sendDueMessages(service.db, settings);
    const { ics, event } = eventOf(/confirmed/);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261215\r\n');
    expect(ics).toContain('DTEND;VALUE=DATE:20261217\r\n');
    expect(String(event.getFirstPropertyValue('dtstart'))).toBe('2026-12-15');
    expect(String(event.getFirstPropertyValue('dtend'))).toBe('2026-12-17');
    expect(ics).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
  });

  it('names the shop as organizer and the customer as attendee of the request and of the cancel, with one UID and a later SEQUENCE', async () => {
    const booking = await bookDays();
    await sendDueMessages(service.db, settings);
    await call(service, 'POST', `/v1/bookings/${booking.id}/cancel`);
    await sendDueMessages(service.db, settings);
    const request = eventOf(/confirmed/);
    const cancel = eventOf(/cancelled/);
    expect(request.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(cancel.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    for (const { event } of [request, cancel]) {
      const organizer = event.getFirstProperty('organizer') as ICAL.Property;
      // The scheme is case-insensitive (RFC 3986); ical-generator writes MAILTO for attendees.
      expect(String(organizer.getFirstValue()).toLowerCase()).toBe('mailto:bookings@harbour.example');
      expect(organizer.getParameter('cn')).toBe('Harbour Kayaks');
      const attendees = event.getAllProperties('attendee');
      expect(attendees.map((a) => String(a.getFirstValue()).toLowerCase())).toEqual(['mailto:ada@example.com']);
      expect(attendees[0]!.getParameter('cn')).toBe('Ada Lovelace');
    }
    expect(cancel.event.getFirstPropertyValue('uid')).toBe(request.event.getFirstPropertyValue('uid'));
    expect(Number(cancel.event.getFirstPropertyValue('sequence'))).toBeGreaterThan(
      Number(request.event.getFirstPropertyValue('sequence')),
    );
    expect(cancel.event.getFirstPropertyValue('status')).toBe('CANCELLED');
    // The cancel's event is the request's, so it keeps its days.
    expect(cancel.ics).toContain('DTSTART;VALUE=DATE:20261215\r\n');
  });
});
