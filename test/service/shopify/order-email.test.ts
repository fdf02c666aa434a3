// One recipient, always (issue 38 point 5): a Shopify order whose email is a list of addresses
// is booked all the same, but its message goes to no one: it is held, with the reason the admin
// shows, and never tried again. A real SMTP server proves nothing was asked of it.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MailSettings } from '../../../src/service/messages/mail-settings.ts';
import { sendDueMessages } from '../../../src/service/messages/sender.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { startTestSmtp, type TestSmtp, testMailSettings } from '../../helpers/smtp.ts';
import { api, TOKENS } from '../api.ts';
import { heldLine, orderPayload, webhook } from './payloads.ts';

const LIST = 'a@x, evil@example.com';
const REASON = `not sent: order #9999's email address '${LIST}' is not one email address`;

describeEachDatabase('Shopify orders: one recipient, always', (database) => {
  let service: TestService;
  let smtp: TestSmtp;
  let settings: MailSettings;
  beforeEach(async () => {
    smtp = await startTestSmtp();
    service = await createTestService({ database });
    await service.db.query('UPDATE shops SET notify_email = NULL');
    settings = testMailSettings(smtp, { retryMs: 1 });
  });
  afterEach(async () => {
    settings.transport?.close?.();
    await service?.close();
    await smtp?.close();
  });

  /** Holds two Single kayaks for 10-11 December, then delivers the order for them with `email`. */
  async function order(email: string) {
    const held = await api(service).post(
      '/v1/reservations',
      {
        cart_token: 'cart-shopify',
        items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-12', quantity: 2 }],
      },
      { token: TOKENS.publishable },
    );
    expect(held.status).toBe(201);
    const item = held.body.items[0];
    const payload = orderPayload({ lines: [heldLine(1001, 8001, item.start, item.finish, 2, 2, held.body.id)] });
    const answer = await service.fetch(
      webhook('orders/create', { ...payload, email, customer: { ...payload.customer, email } }),
    );
    expect(answer.status).toBe(200);
    return (await answer.json()) as { bookings: number[]; conflicts: unknown[]; email_problem?: string };
  }

  it('books an order whose email is two addresses, sends nothing to anyone, and holds its confirmation saying why', async () => {
    const result = await order(LIST);
    expect(result.conflicts).toEqual([]);
    expect(result.bookings).toHaveLength(1);
    expect(result.email_problem).toBe('must be one email address, not a list');
    const booking = (await api(service).get(`/v1/bookings/${result.bookings[0]}`)).body;
    expect(booking).toMatchObject({ status: 'confirmed', items: [{ external_id: 8001, quantity: 2 }] });

    // Tried twice, far apart: held is final, not a failure waiting for another attempt.
    expect(await sendDueMessages(service.db, settings)).toEqual({ sent: 0, retried: 0, unsent: 0, held: 1 });
    expect(await sendDueMessages(service.db, settings)).toEqual({ sent: 0, retried: 0, unsent: 0, held: 0 });
    expect(smtp.recipients).toEqual([]);
    expect(smtp.received).toEqual([]);

    const listed = await api(service).get('/v1/messages');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        kind: 'customer_confirmation',
        booking_id: result.bookings[0],
        state: 'held',
        attempts: 0,
        last_error: REASON,
        next_attempt_at: null,
        sent_at: null,
        to: LIST,
      }),
    ]);
    expect((await api(service).get('/v1/messages?state=held')).body).toHaveLength(1);
  });

  it('still tells the shop of the booking while the customer’s message is held', async () => {
    await service.db.query(`UPDATE shops SET notify_email = 'desk@harbour.example'`);
    await order(LIST);
    expect(await sendDueMessages(service.db, settings)).toEqual({ sent: 1, retried: 0, unsent: 0, held: 1 });
    expect(smtp.recipients).toEqual(['desk@harbour.example']);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['New booking #1: John Smith']);
  });

  it('refuses to send a held message again, saying why, and leaves it held', async () => {
    await order(LIST);
    await sendDueMessages(service.db, settings);
    const [held] = (await api(service).get('/v1/messages')).body;
    const again = await api(service).post(`/v1/messages/${held.id}/resend`, undefined);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Message ${held.id} cannot be sent: order #9999's email address '${LIST}' is not one email address.`,
    );
    await sendDueMessages(service.db, settings);
    expect(smtp.recipients).toEqual([]);
    expect((await api(service).get('/v1/messages')).body[0]).toMatchObject({ state: 'held', last_error: REASON });
  });
});
