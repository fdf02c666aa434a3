// One recipient, always (issue 38 point 5): the sender is the last line of defence. Whatever
// wrote an outbox row's address (a shop or staff address stored before the rule, a script's
// booking), a row whose recipient is not one email address is held, never handed to the mail
// server, and says why; the others go out as before.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEFAULT_FROM, type MailSettings } from '../../../src/service/messages/mail-settings.ts';
import { sendDueMessages } from '../../../src/service/messages/sender.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { startTestSmtp, type TestSmtp, testMailSettings } from '../../helpers/smtp.ts';
import { book, call } from '../reservations/api.ts';

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

describeEachDatabase('The sender sends to one recipient, always', (database) => {
  let service: TestService;
  let smtp: TestSmtp;
  let settings: MailSettings;
  beforeEach(async () => {
    smtp = await startTestSmtp();
    service = await createTestService({ database });
    settings = testMailSettings(smtp, { retryMs: 1 });
  });
  afterEach(async () => {
    settings.transport?.close?.();
    await service?.close();
    await smtp?.close();
  });
  const bookDouble = async () => {
    const r = await book(service, {
      starts_at: '2026-12-15 09:00',
      finishes_at: '2026-12-15 17:00',
      items: [{ external_id: '8002', quantity: 1 }],
      customers: [ada],
    });
    expect(r.status).toBe(201);
    return r.body.id as number;
  };
  const rows = async () =>
    (
      await service.db.query<{ kind: string; recipient: string; state: string; attempts: number; last_error: string }>(
        'SELECT kind, recipient, state, attempts, last_error FROM outbox_messages ORDER BY id',
      )
    ).rows;

  it('holds the shop’s notices to a stored address list, sends the customer’s, and asks the server for that one address only', async () => {
    // Stored straight in the database, as before the rule (or by another program): the API refuses both.
    await service.db.query(`UPDATE shops SET notify_email = 'desk@harbour.example, evil@example.com' WHERE id = 1`);
    await service.db.query(
      `INSERT INTO staff (shop_id, email, name, role, notify_bookings) VALUES (1, 'sam@harbour.test,admin', 'Sam', 'staff', true)`,
    );
    await bookDouble();
    expect(await sendDueMessages(service.db, settings)).toEqual({ sent: 1, retried: 0, unsent: 0, held: 2 });
    expect(smtp.recipients).toEqual(['ada@example.com']);
    expect(await rows()).toEqual([
      { kind: 'customer_confirmation', recipient: 'ada@example.com', state: 'sent', attempts: 1, last_error: null },
      {
        kind: 'merchant_new',
        recipient: 'desk@harbour.example, evil@example.com',
        state: 'held',
        attempts: 0,
        last_error: "not sent: the shop's address 'desk@harbour.example, evil@example.com' is not one email address",
      },
      {
        kind: 'merchant_new',
        recipient: 'sam@harbour.test,admin',
        state: 'held',
        attempts: 0,
        last_error: "not sent: the shop's address 'sam@harbour.test,admin' is not one email address",
      },
    ]);
  });

  it('holds a customer’s message whose booking names an address list, with the customer’s address as the reason', async () => {
    await service.db.query('UPDATE shops SET notify_email = NULL');
    const id = await bookDouble();
    await sendDueMessages(service.db, settings);
    // A script rewrote the booking's customers; the cancellation's recipient is read from them.
    await service.db.query(
      `UPDATE bookings SET customers = '[{"first_name":"Ada","last_name":"","email":"ada@example.com;evil@example.com"}]' WHERE id = $1`,
      [id],
    );
    expect((await call(service, 'POST', `/v1/bookings/${id}/cancel`)).status).toBe(200);
    expect(await sendDueMessages(service.db, settings)).toEqual({ sent: 0, retried: 0, unsent: 0, held: 1 });
    expect(smtp.recipients).toEqual(['ada@example.com']);
    expect((await rows())[1]).toMatchObject({
      kind: 'customer_cancellation',
      state: 'held',
      last_error: "not sent: the customer's email address 'ada@example.com;evil@example.com' is not one email address",
    });
  });

  it('holds such a message without a mail server too, saying why rather than that no server is set up', async () => {
    await service.db.query(`UPDATE shops SET notify_email = 'desk@harbour.example,admin' WHERE id = 1`);
    await bookDouble();
    const none = { ...settings, transport: null, from: DEFAULT_FROM };
    expect(await sendDueMessages(service.db, none)).toEqual({ sent: 0, retried: 0, unsent: 1, held: 1 });
    expect((await rows()).map((row) => [row.kind, row.state])).toEqual([
      ['customer_confirmation', 'unsent'],
      ['merchant_new', 'held'],
    ]);
  });
});
