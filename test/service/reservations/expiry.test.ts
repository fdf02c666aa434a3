// Holds lapse on the service's clock: a hold stops counting the instant it expires, and
// `active=true` stops listing it. No background job is involved.
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { book, get, hold } from './api.ts';

describeEachDatabase('hold expiry', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  it('counts a hold until the millisecond before expires_at, and not from expires_at on', async () => {
    service = await createTestService({ database });
    const held = await hold(service, {
      cart_token: 'early',
      items: [{ external_id: 8002, start: '2026-12-10', quantity: 2 }],
    });
    const expiresAt = Date.parse(held.body.expires_at);
    const other = { cart_token: 'late', items: [{ external_id: 8002, start: '2026-12-10', quantity: 1 }] };

    service.clock.set(expiresAt - 1);
    const refused = await hold(service, other);
    expect(refused.status).toBe(409);
    expect(refused.body.details.items[0]).toMatchObject({ status: 'sold_out', quantity_available: 0 });
    expect(
      (await get(service, '/v1/availability?external_variant_id=8002&start=2026-12-10&finish=2026-12-11')).body[0]
        .quantity_available,
    ).toBe(0);

    service.clock.set(expiresAt);
    expect(
      (await get(service, '/v1/availability?external_variant_id=8002&start=2026-12-10&finish=2026-12-11')).body[0]
        .quantity_available,
    ).toBe(2);
    expect((await hold(service, other)).status).toBe(201);
  });

  it('drops an expired reservation from active=true and lists it with items expired (7)', async () => {
    service = await createTestService({ database });
    const held = await hold(service, {
      cart_token: 'c1',
      items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }],
    });
    expect((await get(service, '/v1/reservations?active=true')).body.map((r: any) => r.id)).toEqual([held.body.id]);

    service.clock.set(held.body.expires_at);
    expect((await get(service, '/v1/reservations?active=true')).body).toEqual([]);
    const all = await get(service, '/v1/reservations');
    expect(all.body).toHaveLength(1);
    expect(all.body[0].items[0]).toMatchObject({ status: 'expired', status_code: 7, quantity: 1 });
    expect((await get(service, '/v1/reservations?active=false')).body.map((r: any) => r.id)).toEqual([held.body.id]);
    expect((await get(service, `/v1/reservations/${held.body.id}`)).body.items[0].status).toBe('expired');
  });

  it('leaves out of active=true a live reservation whose items were all released or booked: it holds nothing', async () => {
    service = await createTestService({ database });
    const released = await hold(service, {
      cart_token: 'released',
      items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }],
    });
    expect(
      (
        await hold(service, {
          cart_token: 'released',
          items: [{ external_id: 8003, start: '2026-12-10', quantity: 0 }],
        })
      ).body.items,
    ).toEqual([]);
    const booked = await hold(service, {
      cart_token: 'booked',
      items: [{ external_id: 8001, start: '2026-12-10', quantity: 1 }],
    });
    expect(
      (
        await book(service, {
          starts_at: '2026-12-10 09:00',
          finishes_at: '2026-12-10 17:00',
          cart_token: 'booked',
          items: [{ external_id: 8001, quantity: 1 }],
        })
      ).status,
    ).toBe(201);
    expect((await get(service, `/v1/reservations/${booked.body.id}`)).body.items).toEqual([]);
    const live = await hold(service, {
      cart_token: 'live',
      items: [{ external_id: 8002, start: '2026-12-10', quantity: 1 }],
    });

    const active = await get(service, '/v1/reservations?active=true');
    expect(active.body.map((r: any) => r.id)).toEqual([live.body.id]);
    expect(active.headers.get('x-total-count')).toBe('1');
    expect((await get(service, '/v1/reservations?active=true&cart_token=released')).body).toEqual([]);
    // Without the filter they are still listed, as they are.
    expect((await get(service, '/v1/reservations')).body.map((r: any) => r.id).sort()).toEqual(
      [released.body.id, booked.body.id, live.body.id].sort(),
    );
  });

  it('renewing a lapsed cart holds only what the new post holds: lapsed items are not revived', async () => {
    service = await createTestService({ database });
    await hold(service, { cart_token: 'c1', items: [{ external_id: 8002, start: '2026-12-10', quantity: 2 }] });
    service.clock.advance(16 * 60_000);
    // Meanwhile another cart takes the units the lapsed hold had.
    expect(
      (await hold(service, { cart_token: 'c2', items: [{ external_id: 8002, start: '2026-12-10', quantity: 2 }] }))
        .status,
    ).toBe(201);
    const renewed = await hold(service, {
      cart_token: 'c1',
      items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }],
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.items.map((i: any) => i.external_id)).toEqual([8003]);
    expect(
      (await get(service, '/v1/availability?external_variant_id=8002&start=2026-12-10&finish=2026-12-11')).body[0]
        .quantity_available,
    ).toBe(0);
  });
});
