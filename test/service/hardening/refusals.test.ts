// Issue 15, point 7: input that should be refused is refused, with the error envelope and
// nothing stored; and what should be answered (local times in filters, a variant blackout's
// product) is. Plus the purge of long-expired reservations.
import { afterEach, expect, it } from 'vitest';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import { purgeExpiredReservations } from '../../../src/service/reservations/purge.ts';
import { listen } from '../../../src/service/server.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { book, get, hold } from '../reservations/api.ts';

const count = async (service: TestService, table: string) =>
  (await service.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
const item = { external_id: 8003, start: '2026-12-10', quantity: 1 };
const booking = {
  starts_at: '2026-12-10 10:00',
  finishes_at: '2026-12-10 12:00',
  items: [{ external_id: 8003, quantity: 1 }],
};
const customers = [{ first_name: 'Ada', last_name: 'L', email: 'ada@example.com' }];

describeEachDatabase('refused input (issue 15)', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  it('refuses a cart_token that is blank or holds control or format characters once trimmed and NFC-normalised', async () => {
    service = await createTestService({ database });
    for (const token of [' ', '\u00a0\u00a0', '\u200b', ' \u200b ', 'a\u200bb', 'cart\u202e', 'a\u0007b', '\u2028']) {
      const r = await hold(service, { cart_token: token, items: [item] });
      expect(r.status, JSON.stringify(token)).toBe(422);
      expect(r.body).toMatchObject({
        error: 'validation_failed',
        details: { fields: { cart_token: [expect.any(String)] } },
      });
      const b = await book(service, { ...booking, customers, cart_token: token });
      expect(b.status, JSON.stringify(token)).toBe(422);
    }
    expect(await count(service, 'reservations')).toBe(0);
    expect(await count(service, 'bookings')).toBe(0);
    // Trimmed and NFC-normalised: the same cart however it was written.
    expect((await hold(service, { cart_token: ' caf\u0065\u0301 ', items: [item] })).status).toBe(201);
    const again = await hold(service, { cart_token: 'caf\u00e9', items: [{ ...item, quantity: 2 }] });
    expect(again.status).toBe(200);
    expect(again.body.cart_token).toBe('caf\u00e9');
    expect((await get(service, `/v1/reservations?cart_token=${encodeURIComponent(' caf\u00e9')}`)).body).toHaveLength(
      1,
    );
    expect((await get(service, '/v1/reservations?cart_token=%E2%80%8B')).status).toBe(422);
  });

  it('refuses a booking without a customer', async () => {
    service = await createTestService({ database });
    for (const body of [
      { ...booking, customers: undefined },
      { ...booking, customers: [] },
    ]) {
      const r = await book(service, body);
      expect(r.status).toBe(422);
      expect(r.body.details.fields.customers).toBeDefined();
    }
    expect(await count(service, 'bookings')).toBe(0);
    expect((await book(service, { ...booking, customers })).status).toBe(201);
  });

  it('refuses a quantity-0 post for a cart with no reservation, storing nothing', async () => {
    service = await createTestService({ database });
    const r = await hold(service, { cart_token: 'empty', items: [{ ...item, quantity: 0 }] });
    expect(r.status).toBe(422);
    expect(r.body.details.fields.items).toBeDefined();
    expect(await count(service, 'reservations')).toBe(0);
    // With a reservation, quantity 0 removes as before.
    expect((await hold(service, { cart_token: 'empty', items: [item] })).status).toBe(201);
    expect((await hold(service, { cart_token: 'empty', items: [{ ...item, quantity: 0 }] })).body.items).toEqual([]);
  });

  it('refuses a known filter written name[] instead of answering unfiltered', async () => {
    service = await createTestService({ database });
    const r = await get(service, '/v1/blackouts?external_variant_id[]=8001');
    expect(r.status).toBe(422);
    expect(r.body.details.fields['external_variant_id[]']).toBeDefined();
    expect((await get(service, '/v1/reservations?cart_token[]=x')).status).toBe(422);
    expect((await get(service, '/v1/blackouts?unknown[]=1')).status).toBe(200);
  });

  it('takes start_min and finish_max as the shop-local "YYYY-MM-DD HH:MM" the writes take', async () => {
    service = await createTestService({ database });
    const local = await get(
      service,
      `/v1/blackouts?start_min=${encodeURIComponent('2026-12-25 00:00')}&finish_max=${encodeURIComponent('2026-12-26 00:00')}`,
    );
    expect(local.status).toBe(200);
    expect(local.body.map((b: { title: string }) => b.title)).toEqual(['Christmas']);
    expect((await get(service, `/v1/blackouts?start_min=${encodeURIComponent('2026-12-25 25:00')}`)).status).toBe(422);
  });

  it('gives a blackout that targets a variant its product’s product_id and external_product_id', async () => {
    service = await createTestService({ database });
    const list = await get(service, '/v1/blackouts?external_variant_id=8001');
    const repairs = list.body.find((b: { title: string }) => b.title === 'Hull repairs');
    expect(repairs).toMatchObject({
      external_variant_id: 8001,
      external_product_id: 7001,
      product_id: expect.any(Number),
      vendor: 'Harbour',
    });
    expect((await get(service, `/v1/blackouts/${repairs.id}`)).body).toMatchObject({
      external_product_id: 7001,
      product_id: repairs.product_id,
    });
  });

  it('purges reservations expired over 7 days ago by the database clock, and never bookings', async () => {
    service = await createTestService({ database });
    expect((await hold(service, { cart_token: 'old', items: [item] })).status).toBe(201);
    expect((await book(service, { ...booking, customers, cart_token: 'old' })).status).toBe(201);
    service.clock.advance(7 * 86_400_000);
    expect((await hold(service, { cart_token: 'recent', items: [{ ...item, start: '2026-12-20' }] })).status).toBe(201);
    expect(await purgeExpiredReservations(service.db, { clock: service.clock })).toBe(0); // 'old' expired 7 days minus 15 min ago
    service.clock.advance(60 * 60_000);
    expect(await purgeExpiredReservations(service.db, { clock: service.clock })).toBe(1);
    expect((await service.db.query<{ cart_token: string }>('SELECT cart_token FROM reservations')).rows).toEqual([
      { cart_token: 'recent' },
    ]);
    expect(await count(service, 'bookings')).toBe(1);
    expect(await count(service, 'reservation_items')).toBe(1);
  });
});

describeEachDatabase('URLs too long (issue 15)', (database) => {
  it('answers 414 with the envelope in the app, and 431 with the envelope past Node’s limit', async () => {
    const service = await createTestService({ database });
    const server = await listen(createApp({ db: service.db, rateLimit: false }).fetch, { port: 0 });
    try {
      const long = await fetch(`${server.url}/v1/blackouts?x=${'a'.repeat(10_000)}`, {
        headers: { authorization: 'Bearer sk_test_harbour' },
      });
      expect(long.status).toBe(414);
      expect(await long.json()).toMatchObject({ error: 'uri_too_long', message: expect.stringContaining('8192') });
      const huge = await fetch(`${server.url}/v1/blackouts?x=${'a'.repeat(40_000)}`, {
        headers: { authorization: 'Bearer sk_test_harbour' },
      });
      expect(huge.status).toBe(431);
      expect(huge.headers.get('content-type')).toContain('application/json');
      expect(await huge.json()).toMatchObject({ error: 'header_too_large' });
    } finally {
      await server.close();
      await service.close();
    }
  });
});
