// Calendars out (issue 31 point 5): a feed is valid iCalendar, checked by a validator
// (test/helpers/ics-validity.ts: ical.js's strict parse and the RFC 5545 rules Google, Apple and
// Outlook rely on), and its times resolve to the bookings' instants through the VTIMEZONE the
// feed itself carries, on both sides of Melbourne's change of offset.
import type ICAL from 'ical.js';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { icsEvents, icsProblems, instantOf } from '../../helpers/ics-validity.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { book, call } from '../reservations/api.ts';

describeEachDatabase('Calendar feeds, validated', (database) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService({ database });
  });
  afterEach(async () => {
    await service?.close();
  });

  it('is valid iCalendar whose events are at the bookings’ instants, in summer and in winter time, read through its own VTIMEZONE', async () => {
    const customers = [{ first_name: 'Zoë', last_name: 'O’Brien; “Test”, \\ Kayaker', email: 'zoe@example.com' }];
    const made = [];
    for (const [starts, finishes] of [
      // Summer time (UTC+11), winter time (UTC+10, from 4 April 2027), and a day of whole days.
      ['2026-12-15 09:00', '2026-12-15 17:00'],
      ['2027-04-04 09:00', '2027-04-04 12:30'],
      ['2027-04-03 00:00', '2027-04-05 00:00'],
    ]) {
      const answer = await book(service, {
        starts_at: starts,
        finishes_at: finishes,
        items: [{ external_id: '8001', quantity: 1 }],
        customers,
        fields: [
          { name: 'A long question whose answer folds the line past seventy-five octets', value: 'é'.repeat(60) },
        ],
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      made.push(answer.body as { id: number; starts_at: string; finishes_at: string; created_at: string });
    }
    const feed = await call(service, 'POST', '/v1/calendar-feeds', { scope: 'shop' });
    const response = await service.fetch(new Request(feed.body.url.replace(/^https?:\/\/[^/]+/, service.baseUrl)));
    const text = await response.text();

    expect(icsProblems(text)).toEqual([]);
    const { calendar, events } = icsEvents(text);
    const byBooking = (id: number) => events.find((e) => String(e.getFirstPropertyValue('uid')).includes(`-${id}-`))!;
    for (const booking of made.slice(0, 2)) {
      const event = byBooking(booking.id);
      expect(new Date(instantOf(calendar, event, 'dtstart')).toISOString()).toBe(booking.starts_at);
      expect(new Date(instantOf(calendar, event, 'dtend')).toISOString()).toBe(booking.finishes_at);
    }
    // 09:00 in December is 22:00 UTC the day before; in April, 23:00.
    expect(made[0]!.starts_at).toBe('2026-12-14T22:00:00.000Z');
    expect(made[1]!.starts_at).toBe('2027-04-03T23:00:00.000Z');
    const days = byBooking(made[2]!.id);
    expect(String(days.getFirstPropertyValue('dtstart'))).toBe('2027-04-03');
    expect(String(days.getFirstPropertyValue('dtend'))).toBe('2027-04-05');
    // DTSTAMP is the booking's creation in UTC, with its Z, whatever the shop's or the process's zone.
    for (const booking of made) {
      const stamp = byBooking(booking.id).getFirstPropertyValue('dtstamp') as ICAL.Time;
      expect(stamp.toString()).toMatch(/Z$/);
      expect(stamp.toJSDate().toISOString()).toBe(
        new Date(booking.created_at).toISOString().replace(/\.\d+Z$/, '.000Z'),
      );
    }
    // The customer's punctuation is escaped TEXT, read back as written.
    expect(String(byBooking(made[0]!.id).getFirstPropertyValue('summary'))).toContain('O’Brien; “Test”, \\ Kayaker');
  });

  it('the validator names what is wrong: a long line, a missing VTIMEZONE, a repeated UID, no DTSTAMP or one not in UTC, whole days as times, a scheduling message without ORGANIZER or ATTENDEE', () => {
    const broken = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//test//EN',
      'BEGIN:VEVENT',
      'UID:one',
      `SUMMARY:${'x'.repeat(80)}`,
      'DTSTART;TZID=Australia/Melbourne:20261215T090000',
      'DTEND;TZID=Australia/Melbourne:20261215T100000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:one',
      'DTSTAMP:20261122T000000Z',
      'DTSTART:20261215T090000Z',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:days',
      'DTSTAMP:20261122T000000',
      'DTSTART:20261215T000000',
      'DTEND:20261217T000000',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    expect(icsProblems(broken)).toEqual([
      'line 6 is longer than 75 octets',
      'one has no DTSTAMP',
      "one's dtstart names Australia/Melbourne, no VTIMEZONE",
      "one's dtend names Australia/Melbourne, no VTIMEZONE",
      'UID one is used twice',
      "days's DTSTAMP is not in UTC (no Z)",
      'days runs from midnight to midnight as times, not as VALUE=DATE days',
    ]);
    const cancel = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//test//EN',
      'METHOD:CANCEL',
      'BEGIN:VEVENT',
      'UID:two',
      'DTSTAMP:20261122T000000Z',
      'DTSTART;VALUE=DATE:20261215',
      'DTEND;VALUE=DATE:20261217',
      'ATTENDEE;CN=Ada:mailto:ada@example.com',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    expect(icsProblems(cancel)).toEqual(['two has no ORGANIZER with a mailto: address (METHOD:CANCEL)']);
    expect(icsProblems('BEGIN:VCALENDAR\nVERSION:2.0\n')[0]).toBe('the file does not end with CRLF');
  });
});
