// Sending the outbox through a real SMTP server (issue 31 points 1 and 2): what arrives, parsed
// by mailparser and node-ical; retries with backoff; giving up after N; no mail server.
import ical from 'node-ical';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MailSettings } from '../../../src/service/messages/mail-settings.ts';
import { NO_MAIL_SERVER, sendDueMessages } from '../../../src/service/messages/sender.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { startTestSmtp, type TestSmtp, testMailSettings } from '../../helpers/smtp.ts';
import { book, call, get } from '../reservations/api.ts';
import { icsProblems } from '../../helpers/ics-validity.ts';

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

describeEachDatabase('Sending booking messages over SMTP', (database) => {
  let service: TestService;
  let smtp: TestSmtp;
  let settings: MailSettings;
  beforeEach(async () => {
    smtp = await startTestSmtp();
    service = await createTestService({ database });
    await service.db.query(`UPDATE shops SET notify_email = 'desk@harbour.example' WHERE name = 'Harbour Kayaks'`);
    settings = testMailSettings(smtp);
  });
  afterEach(async () => {
    settings.transport?.close?.();
    await service?.close();
    await smtp?.close();
  });
  const bookDouble = async (customers: object[] = [ada]) => {
    const r = await book(service, {
      starts_at: '2026-12-15 09:00',
      finishes_at: '2026-12-15 17:00',
      items: [{ external_id: '8002', quantity: 2 }],
      customers,
      fields: [{ name: 'Experience', value: 'None' }],
    });
    expect(r.status).toBe(201);
    return r;
  };
  /** A booking whose only message is the customer's (the shop has no notify address). */
  const bookWithoutEmail = async () => {
    await service.db.query('UPDATE shops SET notify_email = NULL');
    return bookDouble();
  };
  const states = async () =>
    (
      await service.db.query<{ kind: string; state: string; attempts: number; last_error: string | null }>(
        'SELECT kind, state, attempts, last_error FROM outbox_messages ORDER BY id',
      )
    ).rows;

  it('sends the confirmation and the shop notice once, with their headers, text, HTML and calendar file', async () => {
    const { body } = await bookDouble();
    expect(await sendDueMessages(service.db, settings)).toEqual({ sent: 2, retried: 0, unsent: 0, held: 0 });
    expect(await sendDueMessages(service.db, settings)).toEqual({ sent: 0, retried: 0, unsent: 0, held: 0 });
    const [customer, merchant] = smtp.received;
    expect(smtp.received).toHaveLength(2);
    expect(customer!.from?.value).toEqual([{ name: 'Harbour Kayaks', address: 'bookings@harbour.example' }]);
    expect(customer!.to).toMatchObject({ text: 'ada@example.com' });
    expect(customer!.subject).toBe('Your booking at Harbour Kayaks is confirmed');
    expect(customer!.messageId).toMatch(/^<[0-9a-f-]{36}@harbour\.example>$/);
    expect(customer!.text).toContain('Hello Ada Lovelace,');
    expect(customer!.text).toContain(`Booking number: #${body.id}`);
    expect(customer!.text).toContain('What: 2 × Kayak hire – Double kayak');
    expect(customer!.text).toMatch(/When: Tuesday, December 15, 2026, 9:00\sAM\s–\s5:00\sPM/);
    expect(customer!.text).toContain('Where: Docklands');
    expect(customer!.text).toContain('Experience: None');
    expect(customer!.text).toContain('Times are in the time zone of Harbour Kayaks: Australia/Melbourne');
    expect(customer!.html).toContain('<th scope="row"');
    expect(customer!.html).toContain('Docklands');
    const attachment = customer!.attachments[0]!;
    expect(attachment.filename).toBe('booking.ics');
    expect(attachment.contentType).toBe('text/calendar');
    const ics = attachment.content.toString('utf8');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART;TZID=Australia/Melbourne:20261215T090000');
    expect(ics).toContain('BEGIN:VTIMEZONE');
    expect(icsProblems(ics)).toEqual([]);
    const event = Object.values(ical.sync.parseICS(ics)).find((c) => c?.type === 'VEVENT') as any;
    expect(event.start.tz).toBe('Australia/Melbourne');
    expect(event.start.toISOString()).toBe('2026-12-14T22:00:00.000Z');
    expect(event.end.toISOString()).toBe('2026-12-15T06:00:00.000Z');
    expect(event.uid).toBe(`booking-1-${body.id}@harbour.example`);
    expect(merchant!.to).toMatchObject({ text: 'desk@harbour.example' });
    expect(merchant!.subject).toBe(`New booking #${body.id}: Ada Lovelace`);
    expect(merchant!.text).toContain('Customer: Ada Lovelace');
    expect(merchant!.attachments).toEqual([]);
    expect((await states()).map((row) => row.state)).toEqual(['sent', 'sent']);

    // A cancellation removes the same event from the customer's calendar.
    await call(service, 'POST', `/v1/bookings/${body.id}/cancel`);
    await sendDueMessages(service.db, settings);
    const cancellation = smtp.received.find(
      (mail) =>
        mail.subject?.includes('cancelled') && mail.to && 'text' in mail.to && mail.to.text === 'ada@example.com',
    )!;
    expect(cancellation.subject).toBe('Your booking at Harbour Kayaks is cancelled');
    const cancelIcs = cancellation.attachments[0]!.content.toString('utf8');
    expect(cancelIcs).toContain('METHOD:CANCEL');
    const cancelled = Object.values(ical.sync.parseICS(cancelIcs)).find((c) => c?.type === 'VEVENT') as any;
    expect(cancelled.uid).toBe(event.uid);
    expect(cancelled.status).toBe('CANCELLED');
    expect(Number(cancelled.sequence)).toBe(1);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(4);
  });

  it('escapes what a customer typed in the HTML and keeps it as typed in the text', async () => {
    await bookDouble([{ first_name: '<script>alert(1)</script>', last_name: '<b>Bold</b>', email: 'x@example.com' }]);
    await sendDueMessages(service.db, settings);
    const [customer, merchant] = smtp.received;
    for (const mail of [customer!, merchant!]) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &lt;b&gt;Bold&lt;/b&gt;');
      expect(mail.text).toContain('<script>alert(1)</script> <b>Bold</b>');
    }
  });

  it('tries again later, waiting longer each time, when the mail server refuses, and sends once it accepts', async () => {
    await bookWithoutEmail();
    smtp.refuse(2);
    expect(await sendDueMessages(service.db, settings)).toMatchObject({ retried: 1 });
    const wait = async () =>
      (
        await service.db.query<{ ms: number }>(
          `SELECT extract(epoch FROM next_attempt_at - clock_timestamp()) * 1000 AS ms FROM outbox_messages`,
        )
      ).rows.map((row) => Number(row.ms))[0]!;
    const first = await wait();
    expect(first).toBeGreaterThan(150);
    expect(first).toBeLessThanOrEqual(300);
    // Not due yet: nothing is sent before the wait is over.
    expect(await sendDueMessages(service.db, settings)).toEqual({ sent: 0, retried: 0, unsent: 0, held: 0 });
    await new Promise((resolve) => setTimeout(resolve, first + 50));
    expect(await sendDueMessages(service.db, settings)).toMatchObject({ retried: 1 });
    const second = await wait();
    expect(second).toBeGreaterThan(450);
    expect(second).toBeLessThanOrEqual(600);
    expect((await states())[0]).toMatchObject({
      state: 'pending',
      attempts: 2,
      last_error: expect.stringContaining('451'),
    });
    await new Promise((resolve) => setTimeout(resolve, second + 50));
    expect(await sendDueMessages(service.db, settings)).toMatchObject({ sent: 1 });
    expect(smtp.refused()).toBe(2);
    expect(smtp.received).toHaveLength(1);
    expect((await states())[0]).toMatchObject({ state: 'sent', attempts: 3, last_error: null });
  });

  it('marks a message failed after the attempts allowed, shows it with its error, and sends it again when asked', async () => {
    await bookWithoutEmail();
    smtp.refuse(100);
    for (let attempt = 0; attempt < 3; attempt++) {
      await service.db.query('UPDATE outbox_messages SET next_attempt_at = clock_timestamp()');
      await sendDueMessages(service.db, settings);
    }
    expect(await states()).toEqual([
      { kind: 'customer_confirmation', state: 'failed', attempts: 3, last_error: expect.stringContaining('451') },
    ]);
    await service.db.query('UPDATE outbox_messages SET next_attempt_at = clock_timestamp()');
    expect(await sendDueMessages(service.db, settings)).toEqual({ sent: 0, retried: 0, unsent: 0, held: 0 });
    const listed = await get(service, '/v1/messages?state=failed');
    expect(listed.body).toMatchObject([{ state: 'failed', attempts: 3, last_error: expect.stringContaining('451') }]);
    smtp.refuse(0);
    const again = await call(service, 'POST', `/v1/messages/${listed.body[0].id}/resend`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ state: 'pending', attempts: 0, last_error: null });
    expect(await sendDueMessages(service.db, settings)).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
    expect((await call(service, 'POST', `/v1/messages/${listed.body[0].id}/resend`)).status).toBe(409);
  });

  it('keeps messages unsent, saying why, when no mail server is configured', async () => {
    await bookDouble();
    expect(await sendDueMessages(service.db, { ...settings, transport: null })).toEqual({
      sent: 0,
      retried: 0,
      unsent: 2,
      held: 0,
    });
    expect((await states()).map((row) => [row.state, row.last_error])).toEqual([
      ['unsent', NO_MAIL_SERVER],
      ['unsent', NO_MAIL_SERVER],
    ]);
    const listed = await get(service, '/v1/messages');
    expect(listed.body.map((m: any) => m.state)).toEqual(['unsent', 'unsent']);
    expect(listed.body[1].html).toContain('Ada Lovelace');
    expect(smtp.received).toEqual([]);
  });
});
