// The client against the real in-process service: reservations, bookings, blackout writes and
// availability.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PermissionError,
  serverDate,
  UnavailableError,
  type Booking,
  type Reservation,
} from '../../src/client/index.ts';
import { connect, SECRET_HEADERS, type Connected } from './contract-helpers.ts';

const JSON_HEADERS = { ...SECRET_HEADERS, 'content-type': 'application/json' };
const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

let api: Connected;

beforeAll(async () => {
  api = await connect();
});
afterAll(async () => {
  await api.service.close();
});

const iso = (ms: number) => new Date(ms).toISOString();

describe('contract: reservations (writes)', () => {
  it('holds items for a cart and resolves to the reservation, with the server Date for a countdown', async () => {
    const params = {
      cart_token: 'cart-hold',
      items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-12', quantity: 2 }],
      guests: [ada],
    };
    const now = api.service.clock.now();
    const { data, response } = await api.client.reservations.create(params).withResponse();
    expect(api.sent.at(-1)).toEqual({
      method: 'POST',
      url: `${api.service.baseUrl}/v1/reservations`,
      headers: JSON_HEADERS,
      body: params,
    });
    expect(response.status).toBe(201);
    expect(data).toEqual<Reservation>({
      id: expect.any(Number),
      cart_token: 'cart-hold',
      created_at: iso(now),
      expires_at: iso(now + 15 * 60_000),
      tz: 'Australia/Melbourne',
      items: [
        {
          start: '2026-12-09T13:00:00.000Z',
          finish: '2026-12-11T13:00:00.000Z',
          start_local: '2026-12-10',
          finish_local: '2026-12-12',
          status: 'ok',
          status_code: 1,
          variant_id: expect.any(Number),
          external_id: 8001,
          quantity: 2,
          quantity_available: 3,
          variant_title: 'Single kayak',
          product_title: 'Kayak hire',
          all_day: 1,
        },
      ],
    });
    // The widget corrects its countdown with the service's clock, read from the Date header.
    expect(serverDate(response)).toBe(Math.floor(now / 1000) * 1000);
  });

  it('updates the same reservation when the cart posts again', async () => {
    const first = await api.client.reservations.create({
      cart_token: 'cart-again',
      items: [{ external_id: 8002, start: '2026-12-11', quantity: 1 }],
    });
    const { data, response } = await api.client.reservations
      .create({ cart_token: 'cart-again', items: [{ external_id: '8002', start: '2026-12-11', quantity: '2' }] })
      .withResponse();
    expect(response.status).toBe(200);
    expect(data.id).toBe(first.id);
    expect(data.items.map((i) => [i.external_id, i.quantity])).toEqual([[8002, 2]]);
  });

  it('rejects a hold on a blacked-out day with UnavailableError listing the item', async () => {
    const error = await api.client.reservations
      .create({ cart_token: 'cart-christmas', items: [{ external_id: 8001, start: '2026-12-25', quantity: 1 }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as UnavailableError).details.items).toEqual([
      expect.objectContaining({ external_id: 8001, quantity: 1, status: 'blacked_out', status_code: 3 }),
    ]);
  });

  it('lets a publishable token read its own cart with the cart token', async () => {
    const held = await api.client.reservations.create({
      cart_token: 'cart-shopper',
      items: [{ external_id: 8003, start: '2026-12-12', quantity: 1 }],
    });
    const shopper = api.clientWith({ token: 'pk_test_harbour', tokenInQuery: true });
    expect(await shopper.reservations.list({ cart_token: 'cart-shopper' })).toEqual([held]);
    expect(await shopper.reservations.retrieve(held.id, { cart_token: 'cart-shopper' })).toEqual(held);
    expect(api.sent.at(-1)).toEqual({
      method: 'GET',
      url: `${api.service.baseUrl}/v1/reservations/${held.id}?cart_token=cart-shopper&token=pk_test_harbour`,
      headers: { accept: 'application/json' },
      body: undefined,
    });
    await expect(shopper.reservations.retrieve(held.id, { cart_token: 'someone-else' })).rejects.toMatchObject({
      status: expect.toBeOneOf([403, 404]),
    });
  });

  it('iterates every reservation of the shop one page at a time, in list order', async () => {
    const ids: number[] = [];
    for await (const reservation of api.client.reservations.iterate({ per: 1 })) ids.push(reservation.id);
    const listed = await api.client.reservations.list();
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(ids).toEqual(listed.map((r) => r.id));
  });
});

describe('contract: bookings', () => {
  it('creates a booking from shop-local times, sending an Idempotency-Key', async () => {
    const params = {
      starts_at: '2026-12-15 09:00',
      finishes_at: '2026-12-15 17:00',
      items: [{ external_id: '8002', quantity: '1' }],
      customers: [ada],
      fields: [{ name: 'Experience', value: 'Some' }],
      tags: ['contract'],
      create_draft_order: 'true',
    };
    const booking = await api.client.bookings.create(params);
    const sent = api.sent.at(-1);
    expect(sent).toMatchObject({ method: 'POST', url: `${api.service.baseUrl}/v1/bookings`, body: params });
    expect(sent?.headers).toEqual({ ...JSON_HEADERS, 'idempotency-key': expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(booking).toEqual<Booking>({
      id: expect.any(Number),
      status: expect.toBeOneOf(['pending', 'confirmed']),
      status_code: expect.toBeOneOf([1, 2]),
      starts_at: '2026-12-14T22:00:00.000Z',
      finishes_at: '2026-12-15T06:00:00.000Z',
      starts_at_local: '2026-12-15T09:00',
      finishes_at_local: '2026-12-15T17:00',
      tz: 'Australia/Melbourne',
      items: [
        {
          external_id: 8002,
          variant_id: expect.any(Number),
          resource_id: null,
          quantity: 1,
          product_title: 'Kayak hire',
          variant_title: 'Double kayak',
        },
      ],
      customers: [ada],
      fields: [{ name: 'Experience', value: 'Some' }],
      tags: ['contract'],
      create_draft_order: true,
      created_at: iso(api.service.clock.now()),
      customer_id: expect.any(Number),
      cancelled_by_customer_at: null,
      refund_due: false,
      refunded_at: null,
    });
  });

  it('refuses a booking made with a publishable token', async () => {
    const shopper = api.clientWith({ token: 'pk_test_harbour' });
    await expect(
      shopper.bookings.create({
        starts_at: '2026-12-16 09:00',
        finishes_at: '2026-12-16 10:00',
        items: [{ external_id: 8002, quantity: 1 }],
      }),
    ).rejects.toBeInstanceOf(PermissionError);
  });
});

describe('contract: blackouts (writes)', () => {
  it('creates a blackout for a product and then updates its title', async () => {
    const created = await api.client.blackouts.create({
      title: 'Staff day',
      starts_at: '2026-12-20',
      finishes_at: '2026-12-21',
      external_product_id: 7001,
    });
    expect(api.sent.at(-1)).toEqual({
      method: 'POST',
      url: `${api.service.baseUrl}/v1/blackouts`,
      headers: JSON_HEADERS,
      body: { title: 'Staff day', starts_at: '2026-12-20', finishes_at: '2026-12-21', external_product_id: 7001 },
    });
    expect(created).toMatchObject({
      title: 'Staff day',
      starts_at: '2026-12-19T13:00:00.000Z',
      finishes_at: '2026-12-20T13:00:00.000Z',
      all_day: 1,
      external_product_id: 7001,
      vendor: 'Harbour',
    });

    const updated = await api.client.blackouts.update(created.id, { title: 'Staff training' });
    expect(api.sent.at(-1)).toEqual({
      method: 'PUT',
      url: `${api.service.baseUrl}/v1/blackouts/${created.id}`,
      headers: JSON_HEADERS,
      body: { title: 'Staff training' },
    });
    expect(updated).toEqual({ ...created, title: 'Staff training', updated_at: expect.any(String) });
    expect(await api.client.blackouts.retrieve(created.id)).toEqual(updated);
  });
});

describe('contract: availability', () => {
  it('lists a variant day by day, with blacked-out days marked', async () => {
    const days = await api.client.availability.list({
      external_variant_id: 8001,
      start: '2026-12-24',
      finish: '2026-12-27',
    });
    expect(api.sent.at(-1)?.url).toBe(
      `${api.service.baseUrl}/v1/availability?external_variant_id=8001&start=2026-12-24&finish=2026-12-27`,
    );
    expect(days.map((d) => [d.date, d.status, d.status_code])).toEqual([
      ['2026-12-24', 'ok', 1],
      ['2026-12-25', 'blacked_out', 3],
      ['2026-12-26', 'ok', 1],
    ]);
    expect(days[0]?.quantity_available).toBe(3);
  });

  it("lists a slot variant's times of day by local date, and its days with slots_available", async () => {
    const tour = {
      counting: 'seats',
      departures: { sat: ['09:00', '13:00'] },
      duration_minutes: 90,
      interval_minutes: 90,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      min_notice_minutes: 0,
      horizon_days: 365,
      max_slots: 1,
    };
    await api.service.db.query('UPDATE variants SET schedule = $1::jsonb WHERE external_id = 8003', [
      JSON.stringify(tour),
    ]);
    try {
      const slots = await api.client.availability.slots({
        external_variant_id: 8003,
        start: '2026-12-05',
        finish: '2026-12-07',
        quantity: 2,
      });
      expect(api.sent.at(-1)?.url).toBe(
        `${api.service.baseUrl}/v1/slots?external_variant_id=8003&start=2026-12-05&finish=2026-12-07&quantity=2`,
      );
      expect(slots['2026-12-06']).toEqual([]);
      expect(slots['2026-12-05']?.map((s) => [s.local_start, s.starts_at, s.quantity_available, s.status])).toEqual([
        ['09:00', '2026-12-04T22:00:00.000Z', 10, 'ok'],
        ['13:00', '2026-12-05T02:00:00.000Z', 10, 'ok'],
      ]);
      const days = await api.client.availability.list({
        external_variant_id: 8003,
        start: '2026-12-05',
        finish: '2026-12-06',
      });
      expect(days[0]?.slots_available).toBe(2);
    } finally {
      await api.service.db.query('UPDATE variants SET schedule = NULL WHERE external_id = 8003');
    }
  });
});
