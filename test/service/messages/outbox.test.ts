// The outbox (issue 31 point 1): messages are written by the database in the transaction that
// books, changes or cancels, whatever code path wrote it, and one transaction gives one notice.
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { book, call, get } from '../reservations/api.ts';

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

/** The outbox's rows, oldest first. */
async function outbox(service: TestService) {
  const { rows } = await service.db.query<{ kind: string; recipient: string; booking_id: number; snapshot: any }>(
    'SELECT kind, recipient, booking_id::int AS booking_id, snapshot FROM outbox_messages ORDER BY id',
  );
  return rows;
}

describeEachDatabase('The outbox of booking messages', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });
  const start = async () => {
    service = await createTestService({ database });
    await service.db.query(`UPDATE shops SET notify_email = 'desk@harbour.example' WHERE name = 'Harbour Kayaks'`);
  };
  const bookDouble = (body: object = {}) =>
    book(service, {
      starts_at: '2026-12-15 09:00',
      finishes_at: '2026-12-15 17:00',
      items: [{ external_id: '8002', quantity: 2 }],
      customers: [ada],
      fields: [{ name: 'Experience', value: 'None' }],
      ...body,
    });

  it('writes a confirmation to the customer and a notice to the shop with a confirmed booking, once', async () => {
    await start();
    const r = await bookDouble();
    expect(r.status).toBe(201);
    const rows = await outbox(service);
    // The items written after the booking, in its transaction, are not a change.
    expect(rows.map((row) => [row.kind, row.recipient, row.booking_id])).toEqual([
      ['customer_confirmation', 'ada@example.com', r.body.id],
      ['merchant_new', 'desk@harbour.example', r.body.id],
    ]);
    expect(rows[0]!.snapshot).toMatchObject({
      booking: { id: r.body.id, customers: [ada], fields: [{ name: 'Experience', value: 'None' }] },
      shop: { name: 'Harbour Kayaks', tz: 'Australia/Melbourne', locale: 'en' },
      items: [{ quantity: 2, variant: 'Double kayak', product: 'Kayak hire', location: 'Docklands' }],
      sequence: 0,
      previous: null,
    });
    expect(new Date(rows[0]!.snapshot.booking.starts_at).toISOString()).toBe('2026-12-14T22:00:00.000Z');
  });

  it('leaves no message when the transaction that booked rolls back', async () => {
    await start();
    const failed = service.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO bookings (shop_id, status, starts_at, finishes_at, start_day, finish_day, customers, created_at)
         SELECT id, 'confirmed', '2026-12-15T00:00:00Z', '2026-12-16T00:00:00Z', '2026-12-15', '2026-12-16',
                '[{"first_name":"Ada","last_name":"L","email":"ada@example.com"}]', now()
           FROM shops WHERE name = 'Harbour Kayaks' RETURNING id`,
      );
      await tx.query(
        `INSERT INTO booking_items (booking_id, variant_id, quantity) SELECT $1, id, 1 FROM variants WHERE external_id = 8001`,
        [rows[0]!.id],
      );
      throw new Error('the order failed after the booking was written');
    });
    await expect(failed).rejects.toThrow('the order failed');
    expect(await outbox(service)).toEqual([]);
    expect((await service.db.query('SELECT id FROM bookings')).rows).toEqual([]);
  });

  it('writes the messages of a booking that any code inserts in SQL, at its commit', async () => {
    await start();
    await service.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO bookings (shop_id, status, starts_at, finishes_at, start_day, finish_day, customers, created_at)
         SELECT id, 'confirmed', '2026-12-15T00:00:00Z', '2026-12-16T00:00:00Z', '2026-12-15', '2026-12-16',
                '[{"first_name":"Ada","last_name":"L","email":"ada@example.com"}]', now()
           FROM shops WHERE name = 'Harbour Kayaks' RETURNING id`,
      );
      await tx.query(
        `INSERT INTO booking_items (booking_id, variant_id, quantity) SELECT $1, id, 1 FROM variants WHERE external_id = 8001`,
        [rows[0]!.id],
      );
      // Not yet: the messages are written at COMMIT, when the booking is whole.
      expect((await tx.query('SELECT id FROM outbox_messages')).rows).toEqual([]);
    });
    const rows = await outbox(service);
    expect(rows.map((row) => row.kind)).toEqual(['customer_confirmation', 'merchant_new']);
    expect(rows[0]!.snapshot.items).toEqual([
      { quantity: 1, variant: 'Single kayak', product: 'Kayak hire', location: 'Docklands' },
    ]);
  });

  it('writes cancellation notices when a booking is cancelled, and nothing when it is cancelled again', async () => {
    await start();
    const { body } = await bookDouble();
    expect((await call(service, 'POST', `/v1/bookings/${body.id}/cancel`)).status).toBe(200);
    expect((await call(service, 'POST', `/v1/bookings/${body.id}/cancel`)).status).toBe(200);
    const rows = await outbox(service);
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([
      ['customer_confirmation', 'ada@example.com'],
      ['merchant_new', 'desk@harbour.example'],
      ['customer_cancellation', 'ada@example.com'],
      ['merchant_cancellation', 'desk@harbour.example'],
    ]);
    expect(rows[2]!.snapshot).toMatchObject({ booking: { status: 'cancelled' }, sequence: 1 });
  });

  it('writes one change notice for a transaction that moves a booking and changes its quantities', async () => {
    await start();
    const { body } = await bookDouble();
    await service.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE bookings SET starts_at = starts_at + interval '1 day', finishes_at = finishes_at + interval '1 day' WHERE id = $1`,
        [body.id],
      );
      await tx.query('UPDATE booking_items SET quantity = 1 WHERE booking_id = $1', [body.id]);
    });
    const rows = await outbox(service);
    expect(rows.map((row) => row.kind)).toEqual(['customer_confirmation', 'merchant_new', 'customer_change']);
    const change = rows[2]!.snapshot;
    expect(change.sequence).toBe(1);
    expect(change.items[0].quantity).toBe(1);
    expect(new Date(change.previous.starts_at).toISOString()).toBe('2026-12-14T22:00:00.000Z');
    expect(new Date(change.booking.starts_at).toISOString()).toBe('2026-12-15T22:00:00.000Z');
    // A quantity change alone is a change too.
    await service.db.query('UPDATE booking_items SET quantity = 2 WHERE booking_id = $1', [body.id]);
    expect((await outbox(service)).map((row) => row.kind).at(-1)).toBe('customer_change');
    expect((await outbox(service)).at(-1)!.snapshot.sequence).toBe(2);
  });

  it('says nothing of a pending booking until it is confirmed', async () => {
    await start();
    const { body } = await bookDouble({ create_draft_order: true });
    expect(body.status).toBe('pending');
    expect(await outbox(service)).toEqual([]);
    await service.db.query(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [body.id]);
    expect((await outbox(service)).map((row) => row.kind)).toEqual(['customer_confirmation', 'merchant_new']);
  });

  it('writes no notice to the shop without a notify address, nor to a customer without an email', async () => {
    await start();
    await service.db.query('UPDATE shops SET notify_email = NULL');
    expect((await bookDouble()).status).toBe(201);
    expect((await outbox(service)).map((row) => row.kind)).toEqual(['customer_confirmation']);
    // A booking written by other code, whose customer left no email.
    await service.db.query(
      `INSERT INTO bookings (shop_id, status, starts_at, finishes_at, start_day, finish_day, customers, created_at)
       SELECT id, 'confirmed', '2026-12-15T00:00:00Z', '2026-12-16T00:00:00Z', '2026-12-15', '2026-12-16',
              '[{"first_name":"No","last_name":"Mail","email":""}]', now()
         FROM shops WHERE name = 'Harbour Kayaks'`,
    );
    expect((await outbox(service)).map((row) => row.kind)).toEqual(['customer_confirmation']);
  });

  it("lists the shop's messages rendered (GET /v1/messages), and another shop sees none of them", async () => {
    await start();
    const { body } = await bookDouble();
    const r = await get(service, '/v1/messages');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-total-count')).toBe('2');
    expect(r.body.map((m: any) => [m.kind, m.state, m.to, m.booking_id])).toEqual([
      ['merchant_new', 'pending', 'desk@harbour.example', body.id],
      ['customer_confirmation', 'pending', 'ada@example.com', body.id],
    ]);
    expect(r.body[1].subject).toBe('Your booking at Harbour Kayaks is confirmed');
    expect(r.body[1].message_id).toMatch(/^<[0-9a-f-]{36}@booking-service\.invalid>$/);
    expect(r.body[1].attachments[0].content).toContain('BEGIN:VCALENDAR');
    const other = await get(service, '/v1/messages', { token: 'sk_test_alpine' });
    expect(other.status).toBe(200);
    expect(other.body).toEqual([]);
    const resendOther = await call(service, 'POST', `/v1/messages/${r.body[0].id}/resend`, undefined, {
      token: 'sk_test_alpine',
    });
    expect(resendOther.body).toMatchObject({ error: 'not_found' });
    expect(resendOther.status).toBe(404);
    expect((await get(service, '/v1/messages?state=lost')).status).toBe(422);
    expect((await get(service, '/v1/messages', { token: 'pk_test_harbour' })).status).toBe(403);
  });
});

describeEachDatabase('The shop notify address (PUT /v1/shop notify_email)', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  it('sets and clears where notices of new bookings go, refusing what is not an email address', async () => {
    service = await createTestService({ database });
    const put = (body: unknown) => call(service, 'PUT', '/v1/shop', body);
    expect((await put({ notify_email: ' desk@harbour.example ' })).body).toMatchObject({
      notify_email: 'desk@harbour.example',
    });
    expect((await get(service, '/v1/shop')).body.notify_email).toBe('desk@harbour.example');
    const bad = await put({ notify_email: 'not an address', name: 'Renamed' });
    expect(bad.status).toBe(422);
    expect(bad.body.details.fields).toEqual({ notify_email: ['must be an email address'] });
    expect((await get(service, '/v1/shop')).body).toMatchObject({
      name: 'Harbour Kayaks',
      notify_email: 'desk@harbour.example',
    });
    // Another change leaves it; "" clears it, as null does.
    expect((await put({ locale: 'de' })).body.notify_email).toBe('desk@harbour.example');
    expect((await put({ notify_email: '' })).body.notify_email).toBeNull();
    expect((await put({ notify_email: 'desk@harbour.example' })).body.notify_email).toBe('desk@harbour.example');
    expect((await put({ notify_email: null })).body.notify_email).toBeNull();
    expect((await get(service, '/v1/shop', { token: 'sk_test_alpine' })).body.notify_email).toBeNull();
  });
});

describeEachDatabase('Changes the customer is not told of', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  it('sends no change notice for a booking already over, nor for one whose items went with their variant', async () => {
    service = await createTestService({ database });
    const booked = async () =>
      (
        await book(service, {
          starts_at: '2026-12-15 09:00',
          finishes_at: '2026-12-15 17:00',
          items: [{ external_id: '8001', quantity: 1 }],
          customers: [ada],
        })
      ).body.id as number;
    const emptied = await booked();
    const past = await booked();
    await service.db.query('DELETE FROM booking_items WHERE booking_id = $1', [emptied]);
    await service.db.query(
      `UPDATE bookings SET starts_at = '2020-01-01T00:00:00Z', finishes_at = '2020-01-02T00:00:00Z' WHERE id = $1`,
      [past],
    );
    expect((await outbox(service)).map((row) => row.kind)).toEqual(['customer_confirmation', 'customer_confirmation']);
  });

  it('lets other code commit a booking whose customers are not a list, with no message to anyone but the shop', async () => {
    service = await createTestService({ database });
    await service.db.query(`UPDATE shops SET notify_email = 'desk@harbour.example' WHERE name = 'Harbour Kayaks'`);
    await service.db.query(
      `INSERT INTO bookings (shop_id, status, starts_at, finishes_at, start_day, finish_day, customers, created_at)
       SELECT id, 'confirmed', '2026-12-15T00:00:00Z', '2026-12-16T00:00:00Z', '2026-12-15', '2026-12-16',
              '{"email": "odd@example.com"}', now()
         FROM shops WHERE name = 'Harbour Kayaks'`,
    );
    expect((await outbox(service)).map((row) => [row.kind, row.recipient])).toEqual([
      ['merchant_new', 'desk@harbour.example'],
    ]);
    const listed = await get(service, '/v1/messages');
    expect(listed.status).toBe(200);
    expect(listed.body[0].subject).toBe('New booking #1: ');
  });
});
