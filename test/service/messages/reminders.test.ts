// Reminders (issue 31 point 3): written once per booking and start by the sender's tick, by the
// database's clock; not for past or cancelled bookings; a moved booking is reminded again.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeDueReminders } from '../../../src/service/messages/reminder-queries.ts';
import { describeEachDatabase, describePostgres } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { book } from '../reservations/api.ts';

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

async function bookAndMove(service: TestService, hoursAhead: number): Promise<number> {
  const r = await book(service, {
    starts_at: '2026-12-15 09:00',
    finishes_at: '2026-12-15 17:00',
    items: [{ external_id: '8002', quantity: 1 }],
    customers: [ada],
  });
  expect(r.status).toBe(201);
  const id = Number(r.body.id);
  await moveTo(service, id, hoursAhead);
  return id;
}

/** Moves the booking to start `hoursAhead` from the database's now (a change notice is written). */
async function moveTo(service: TestService, id: number, hoursAhead: number): Promise<void> {
  await service.db.query(
    `UPDATE bookings SET starts_at = date_trunc('minute', clock_timestamp()) + $2 * interval '1 hour',
                         finishes_at = date_trunc('minute', clock_timestamp()) + ($2 + 2) * interval '1 hour'
      WHERE id = $1`,
    [id, hoursAhead],
  );
}

const reminders = async (service: TestService) =>
  (
    await service.db.query<{ booking_id: string; recipient: string; reminder_for: Date }>(
      `SELECT booking_id, recipient, reminder_for FROM outbox_messages WHERE kind = 'customer_reminder' ORDER BY id`,
    )
  ).rows;

describeEachDatabase('Reminders', (database) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService({ database });
  });
  afterEach(async () => {
    await service?.close();
  });

  it('sends no reminder while the shop has not chosen a time (off by default)', async () => {
    await bookAndMove(service, 1);
    expect(await writeDueReminders(service.db)).toBe(0);
    expect(await reminders(service)).toEqual([]);
  });

  it('writes one reminder for a confirmed booking once its start is within the chosen hours, and only once', async () => {
    await service.db.query('UPDATE shops SET reminder_hours = 24');
    const soon = await bookAndMove(service, 3);
    await bookAndMove(service, 30); // not yet due
    expect(await writeDueReminders(service.db)).toBe(1);
    expect(await writeDueReminders(service.db)).toBe(0);
    const rows = await reminders(service);
    expect(rows.map((r) => [Number(r.booking_id), r.recipient])).toEqual([[soon, 'ada@example.com']]);
  });

  it('sends no reminder for a booking already started or cancelled', async () => {
    await service.db.query('UPDATE shops SET reminder_hours = 24');
    await bookAndMove(service, -1);
    const cancelled = await bookAndMove(service, 2);
    await service.db.query(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [cancelled]);
    expect(await writeDueReminders(service.db)).toBe(0);
  });

  it('reminds a moved booking again for its new start', async () => {
    await service.db.query('UPDATE shops SET reminder_hours = 24');
    const id = await bookAndMove(service, 3);
    expect(await writeDueReminders(service.db)).toBe(1);
    await moveTo(service, id, 5);
    expect(await writeDueReminders(service.db)).toBe(1);
    const rows = await reminders(service);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.reminder_for.getTime() - rows[0]!.reminder_for.getTime()).toBe(2 * 3_600_000);
  });

  it("renders the reminder in the shop's language with the calendar file", async () => {
    await service.db.query(`UPDATE shops SET reminder_hours = 24, locale = 'de-CH'`);
    await bookAndMove(service, 3);
    await writeDueReminders(service.db);
    const { renderMessage } = await import('../../../src/service/messages/render.ts');
    const { rows } = await service.db.query<{ snapshot: never }>(
      `SELECT snapshot FROM outbox_messages WHERE kind = 'customer_reminder'`,
    );
    const snapshot = typeof rows[0]!.snapshot === 'string' ? JSON.parse(rows[0]!.snapshot) : rows[0]!.snapshot;
    const rendered = renderMessage('customer_reminder', snapshot);
    expect(rendered.subject).toBe('Erinnerung: Ihre Buchung bei Harbour Kayaks');
    expect(rendered.text).toContain('Eine Erinnerung an Ihre Buchung.');
    const { bookingCalendar } = await import('../../../src/service/messages/calendar.ts');
    const ics = bookingCalendar('customer_reminder', snapshot, {
      shopId: 1,
      domain: 'x.example',
      summary: 's',
      stamp: new Date(),
      organizer: { name: 'Harbour Kayaks', email: 'bookings@x.example' },
      attendee: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    expect(ics).toContain('METHOD:REQUEST');
  });
});

describePostgres('Reminders written by racing processes', (database) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService({ database });
  });
  afterEach(async () => {
    await service?.close();
  });

  it('writes a due reminder once when many ticks run at the same moment', async () => {
    await service.db.query('UPDATE shops SET reminder_hours = 6');
    await bookAndMove(service, 2);
    const written = await Promise.all(Array.from({ length: 8 }, () => writeDueReminders(service.db)));
    expect(written.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await reminders(service)).toHaveLength(1);
  });
});
