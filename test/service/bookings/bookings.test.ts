// POST /v1/bookings: shop-local times to UTC, capacity on every local day touched, 409 when it
// does not fit, a cart's hold turned into the booking, Idempotency-Key, secret token only.
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { PUBLISHABLE, book, get, hold, unitsPerDay } from '../reservations/api.ts';

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

describeEachDatabase('POST /v1/bookings', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });
  const start = async () => (service = await createTestService({ database }));

  it('creates a booking (201) from shop-local times, stored in UTC with its people, answers and tags', async () => {
    await start();
    const r = await book(service, {
      starts_at: '2026-12-15 09:00',
      finishes_at: '2026-12-15 17:00',
      items: [{ external_id: '8002', resource_id: 'R1', quantity: '2' }],
      customers: [ada],
      fields: [{ name: 'Experience', value: 'None' }],
      tags: ['web'],
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(Number),
      status: 'confirmed',
      status_code: 2,
      starts_at: '2026-12-14T22:00:00.000Z',
      finishes_at: '2026-12-15T06:00:00.000Z',
      // Issue 27: the shop's wall-clock times beside the instants, as they were posted.
      starts_at_local: '2026-12-15T09:00',
      finishes_at_local: '2026-12-15T17:00',
      tz: 'Australia/Melbourne',
      items: [
        {
          external_id: 8002,
          variant_id: expect.any(Number),
          resource_id: 'R1',
          quantity: 2,
          product_title: 'Kayak hire',
          variant_title: 'Double kayak',
        },
      ],
      customers: [ada],
      fields: [{ name: 'Experience', value: 'None' }],
      tags: ['web'],
      create_draft_order: false,
      created_at: new Date(service.clock.now()).toISOString(),
      customer_id: expect.any(Number),
      cancelled_by_customer_at: null,
      refund_due: false,
      refunded_at: null,
    });
    expect(await unitsPerDay(service, 8002, service.clock.now())).toEqual(new Map([['2026-12-15', 2]]));
  });

  it('marks a booking that creates a draft order as pending (1): it is not paid yet', async () => {
    await start();
    const r = await book(service, {
      starts_at: '2026-12-15 09:00',
      finishes_at: '2026-12-15 10:00',
      items: [{ external_id: 8003, quantity: 1 }],
      create_draft_order: 'true',
    });
    expect(r.body).toMatchObject({ status: 'pending', status_code: 1, create_draft_order: true });
  });

  it('uses capacity on every local day the booking touches, and not the day it ends at midnight', async () => {
    await start();
    expect(
      (
        await book(service, {
          starts_at: '2026-12-10 22:00',
          finishes_at: '2026-12-11 02:00',
          items: [{ external_id: 8002, quantity: 2 }],
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await book(service, {
          starts_at: '2026-12-12 10:00',
          finishes_at: '2026-12-13 00:00',
          items: [{ external_id: 8002, quantity: 1 }],
        })
      ).status,
    ).toBe(201);
    expect(
      (await get(service, '/v1/availability?external_variant_id=8002&start=2026-12-10&finish=2026-12-14')).body.map(
        (d: any) => d.quantity_available,
      ),
    ).toEqual([0, 0, 1, 2]);
    const held = await hold(service, {
      cart_token: 'c1',
      items: [{ external_id: 8002, start: '2026-12-11', quantity: 1 }],
    });
    expect(held.body.details.items[0]).toMatchObject({ status: 'sold_out', quantity_available: 0 });
  });

  it('refuses with 409 when it does not fit: sold out, blacked out or unknown variant, booking nothing', async () => {
    await start();
    await hold(service, { cart_token: 'c1', items: [{ external_id: 8002, start: '2026-12-10', quantity: 2 }] });
    const sold = await book(service, {
      starts_at: '2026-12-10 09:00',
      finishes_at: '2026-12-10 10:00',
      items: [
        { external_id: 8003, quantity: 1 },
        { external_id: 8002, quantity: 1 },
      ],
    });
    expect(sold.status).toBe(409);
    expect(sold.body.message).toBe('No Double kayak is left on Thu 10 Dec 2026 (1 asked). Nothing was booked.');
    expect(sold.body.details.items).toEqual([
      {
        external_id: 8003,
        start: '2026-12-09T22:00:00.000Z',
        finish: '2026-12-09T23:00:00.000Z',
        quantity: 1,
        quantity_available: 10,
        status: 'ok',
        status_code: 1,
      },
      {
        external_id: 8002,
        start: '2026-12-09T22:00:00.000Z',
        finish: '2026-12-09T23:00:00.000Z',
        quantity: 1,
        quantity_available: 0,
        status: 'sold_out',
        status_code: 2,
      },
    ]);
    const christmas = await book(service, {
      starts_at: '2026-12-25 09:00',
      finishes_at: '2026-12-25 10:00',
      items: [{ external_id: 8003, quantity: 1 }],
    });
    expect(christmas.body.details.items[0]).toMatchObject({ status: 'blacked_out', status_code: 3 });
    const unknown = await book(service, {
      starts_at: '2026-12-20 09:00',
      finishes_at: '2026-12-20 10:00',
      items: [{ external_id: 9101, quantity: 1 }],
    });
    expect(unknown.body.details.items[0]).toMatchObject({
      status: 'unknown_variant',
      status_code: 6,
      quantity_available: 0,
    });
    const { rows } = await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
    expect(rows[0]!.n).toBe(0);
  });

  it('is not bound by the widget booking window: a merchant may book today despite the lead time', async () => {
    await start();
    expect(
      (
        await book(service, {
          starts_at: '2026-11-22 14:00',
          finishes_at: '2026-11-22 16:00',
          items: [{ external_id: 8001, quantity: 1 }],
        })
      ).status,
    ).toBe(201);
  });

  it('turns the cart hold for the same variant and days into the booking, releasing it in the same transaction', async () => {
    await start();
    const held = await hold(service, {
      cart_token: 'c1',
      items: [
        { external_id: 8002, start: '2026-12-10', quantity: 2 },
        { external_id: 8003, start: '2026-12-10', quantity: 1 },
      ],
    });
    const body = {
      starts_at: '2026-12-10 09:00',
      finishes_at: '2026-12-10 17:00',
      items: [{ external_id: 8002, quantity: 2 }],
    };
    // Without the cart token the hold is someone else's: the last units are taken.
    expect((await book(service, body)).status).toBe(409);
    const booked = await book(service, { ...body, cart_token: 'c1' });
    expect(booked.status).toBe(201);
    const after = await get(service, `/v1/reservations/${held.body.id}`);
    expect(after.body.items.map((i: any) => i.external_id)).toEqual([8003]);
    expect(await unitsPerDay(service, 8002, service.clock.now())).toEqual(new Map([['2026-12-10', 2]]));
  });

  it('keeps the cart hold when the booking made from it is refused', async () => {
    await start();
    await hold(service, { cart_token: 'c1', items: [{ external_id: 8002, start: '2026-12-25', quantity: 1 }] }).then(
      (r) => expect(r.status).toBe(409),
    );
    const held = await hold(service, {
      cart_token: 'c1',
      items: [{ external_id: 8002, start: '2026-12-10', quantity: 1 }],
    });
    const refused = await book(service, {
      starts_at: '2026-12-10 09:00',
      finishes_at: '2026-12-10 17:00',
      items: [{ external_id: 8002, quantity: 3 }],
      cart_token: 'c1',
    });
    expect(refused.status).toBe(409);
    expect((await get(service, `/v1/reservations/${held.body.id}`)).body).toEqual(held.body);
  });

  it('returns the first booking again for a repeated Idempotency-Key with the same body, and 422 with another body', async () => {
    await start();
    const body = {
      starts_at: '2026-12-10 09:00',
      finishes_at: '2026-12-10 17:00',
      items: [{ external_id: 8002, quantity: 1 }],
    };
    const headers = { 'idempotency-key': 'order-1001' };
    const first = await book(service, body, { headers });
    service.clock.advance(5_000);
    const again = await book(
      service,
      { items: body.items, finishes_at: body.finishes_at, starts_at: body.starts_at },
      { headers },
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await book(service, { ...body, items: [{ external_id: 8002, quantity: 2 }] }, { headers });
    expect(other.status).toBe(422);
    expect(other.body.details.fields).toHaveProperty('Idempotency-Key');
    expect(await unitsPerDay(service, 8002, service.clock.now())).toEqual(new Map([['2026-12-10', 1]]));
    expect((await book(service, body, { headers: { 'idempotency-key': 'order-1002' } })).body.id).not.toBe(
      first.body.id,
    );
  });

  it('creates one booking when the same Idempotency-Key arrives concurrently', async () => {
    await start();
    const body = {
      starts_at: '2026-12-10 09:00',
      finishes_at: '2026-12-10 17:00',
      items: [{ external_id: 8003, quantity: 1 }],
    };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => book(service, body, { headers: { 'idempotency-key': 'same' } })),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.body.id}`)).size).toBe(1);
    expect(await unitsPerDay(service, 8003, service.clock.now())).toEqual(new Map([['2026-12-10', 1]]));
  });

  it('refuses a publishable token (403)', async () => {
    await start();
    const r = await book(
      service,
      { starts_at: '2026-12-10 09:00', finishes_at: '2026-12-10 10:00', items: [{ external_id: 8003, quantity: 1 }] },
      { token: PUBLISHABLE },
    );
    expect(r.status).toBe(403);
  });

  it('names each bad field in a 422', async () => {
    await start();
    const r = await book(service, {
      starts_at: '2026-12-10T09:00:00Z',
      finishes_at: '2026-12-10 25:00',
      items: [{ external_id: 8003, quantity: 0 }],
      customers: [{ email: 'nope' }],
      fields: [{ name: 'Q' }],
      tags: [''],
      create_draft_order: 'yes',
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.details.fields).sort()).toEqual(
      [
        'create_draft_order',
        'customers[0].email',
        'fields[0].value',
        'finishes_at',
        'items[0].quantity',
        'starts_at',
        'tags[0]',
      ].sort(),
    );
    const backwards = await book(service, {
      starts_at: '2026-12-10 10:00',
      finishes_at: '2026-12-10 09:00',
      items: [{ external_id: 8003, quantity: 1 }],
    });
    expect(backwards.body.details.fields).toEqual({ finishes_at: ['must be after starts_at'] });
    expect(
      (await book(service, { starts_at: '2026-12-10 09:00', finishes_at: '2026-12-10 10:00', items: [] })).body.details
        .fields,
    ).toHaveProperty('items');
  });

  it('refuses a field the payload does not have with a 422 naming it (qty is not quantity), and books nothing', async () => {
    await start();
    const r = await book(service, {
      starts_at: '2026-12-10 09:00',
      finishes_at: '2026-12-10 17:00',
      bogus: true,
      items: [{ external_id: 8003, quantity: 1, qty: 3 }],
      customers: [{ ...ada, mobile: '+61 400 000 000' }],
      fields: [{ name: 'Boat', value: 'red', note: 'x' }],
    });
    expect(r.status).toBe(422);
    expect(r.body.details.fields).toEqual({
      bogus: ['is not a booking field'],
      'items[0].qty': ['is not a booking item field'],
      'customers[0].mobile': ['is not a customer field'],
      'fields[0].note': ['is not a booking answer field'],
    });
    const { rows } = await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
    expect(rows[0]!.n).toBe(0);
  });

  it('accepts every field of the seed payload and the cart_token extension, as strings where the seed shows strings', async () => {
    await start();
    const r = await book(service, {
      starts_at: '2026-12-10 09:00',
      finishes_at: '2026-12-10 17:00',
      items: [{ external_id: '8003', resource_id: 'r-1', quantity: '2' }],
      customers: [ada],
      fields: [{ name: 'Boat', value: 'red' }],
      tags: ['vip'],
      create_draft_order: 'true',
      cart_token: 'c1',
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: 'pending',
      items: [{ external_id: 8003, resource_id: 'r-1', quantity: 2 }],
      fields: [{ name: 'Boat', value: 'red' }],
      tags: ['vip'],
    });
  });
});
