// The client against the real in-process service: a booking moved and changed
// (bookings.update, PATCH /v1/bookings/{id}) and the customers its bookings keep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnavailableError, type CustomerRecord } from '../../src/client/index.ts';
import { connect, SECRET_HEADERS, type Connected } from './contract-helpers.ts';

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

let api: Connected;

beforeAll(async () => {
  api = await connect();
});
afterAll(async () => {
  await api.service.close();
});

describe('contract: changing bookings and their customers', () => {
  it('update sends PATCH with the fields given and resolves to the changed booking', async () => {
    const made = await api.client.bookings.create({
      starts_at: '2026-12-10 09:00',
      finishes_at: '2026-12-10 17:00',
      items: [{ external_id: 8002, quantity: 2 }],
      customers: [ada],
    });
    const params = {
      starts_at: '2026-12-11 09:00',
      finishes_at: '2026-12-11 17:00',
      customers: [{ ...ada, phone: '0400 000 000' }],
    };
    const moved = await api.client.bookings.update(made.id, params);
    expect(api.sent.at(-1)).toEqual({
      method: 'PATCH',
      url: `${api.service.baseUrl}/v1/bookings/${made.id}`,
      headers: { ...SECRET_HEADERS, 'content-type': 'application/json' },
      body: params,
    });
    expect(moved).toMatchObject({ id: made.id, starts_at_local: '2026-12-11T09:00', customers: params.customers });
    await api.client.bookings.create({
      starts_at: '2026-12-12 09:00',
      finishes_at: '2026-12-12 17:00',
      items: [{ external_id: 8002, quantity: 1 }],
      customers: [ada],
    });
    const refused = await api.client.bookings
      .update(made.id, { starts_at: '2026-12-12 09:00', finishes_at: '2026-12-12 17:00' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnavailableError);
    expect((refused as UnavailableError).code).toBe('unavailable');
    expect((refused as UnavailableError).message).toBe(
      `PATCH ${api.service.baseUrl}/v1/bookings/${made.id} answered 409: Only 1 Double kayak is left on Sat 12 Dec 2026 (2 asked). Nothing was changed.`,
    );
  });

  it('customers.list, iterate and retrieve resolve to the customer records and their bookings', async () => {
    const list = await api.client.customers.list({ q: 'lovelace' });
    expect(api.sent.at(-1)?.url).toBe(`${api.service.baseUrl}/v1/customers?q=lovelace`);
    expect(list).toEqual<CustomerRecord[]>([
      {
        id: expect.any(Number),
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        phone: '0400 000 000',
        bookings_count: 2,
        next_starts_at: '2026-12-10T22:00:00.000Z',
        last_starts_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    const all = [];
    for await (const customer of api.client.customers.iterate({ per: 1 })) all.push(customer);
    expect(all).toEqual(list);
    const one = await api.client.customers.retrieve(list[0]!.id);
    expect(one.bookings.map((b) => b.starts_at_local)).toEqual(['2026-12-11T09:00', '2026-12-12T09:00']);
    expect(await api.client.bookings.list({ customer_id: list[0]!.id })).toEqual(one.bookings);
  });
});
