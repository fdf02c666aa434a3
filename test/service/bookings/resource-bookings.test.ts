// Bookings of variants that draw on shared resources (RESOURCES.md §2): a booking made from a
// hold keeps the hold's resource and names it in resource_id; a booking judged alone is assigned
// by the same SQL; a taken resource refuses the booking with its name; cancelling gives it back.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { book, call, hold } from '../reservations/api.ts';
import { addResource, requireResources } from '../reservations/resources-setup.ts';

const DAY = { starts_at: '2026-12-10 00:00', finishes_at: '2026-12-11 00:00' };

describeEachDatabase('bookings drawing on shared resources', (database) => {
  let service: TestService;
  let anna: number;
  let ben: number;
  beforeEach(async () => {
    service = await createTestService({ database });
    ben = await addResource(service.db, { name: 'Ben', units: 1 });
    anna = await addResource(service.db, { name: 'Anna', units: 1 });
    await requireResources(service.db, 8003, { pool: [anna, ben], per: 'booking' });
  });
  afterEach(async () => {
    await service.close();
  });

  it("keeps the hold's guide when the cart books, and names it in resource_id", async () => {
    await hold(service, { cart_token: 'a', items: [{ external_id: 8003, start: '2026-12-10', quantity: 2 }] });
    // Anna has the most free (a tie, by name); another cart then takes Ben.
    await hold(service, { cart_token: 'b', items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }] });
    const booked = await book(service, { ...DAY, cart_token: 'a', items: [{ external_id: 8003, quantity: 2 }] });
    expect(booked.status).toBe(201);
    expect(booked.body.items[0].resource_id).toBe(String(anna));
    const read = await call(service, 'GET', `/v1/bookings/${booked.body.id}`);
    expect(read.body.items[0].resource_id).toBe(String(anna));
  });

  it('refuses a booking when every guide is taken, naming them, and books again once one is cancelled', async () => {
    const first = await book(service, { ...DAY, items: [{ external_id: 8003, quantity: 1 }] });
    const second = await book(service, { ...DAY, items: [{ external_id: 8003, quantity: 1 }] });
    expect([first.body.items[0].resource_id, second.body.items[0].resource_id]).toEqual([String(anna), String(ben)]);

    const third = await book(service, { ...DAY, items: [{ external_id: 8003, quantity: 1 }] });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('Nothing was booked: Anna and Ben are not free then.');
    expect(third.body.details.items[0].resource_shortage.code).toBe('resource_sold_out');
    // A hold that day is refused too: the bookings' units count.
    expect(
      (await hold(service, { cart_token: 'c', items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }] }))
        .status,
    ).toBe(409);

    expect((await call(service, 'POST', `/v1/bookings/${first.body.id}/cancel`)).status).toBe(200);
    const again = await book(service, { ...DAY, items: [{ external_id: 8003, quantity: 1 }] });
    expect(again.status).toBe(201);
    expect(again.body.items[0].resource_id).toBe(String(anna));
  });

  it('lets the merchant assign a guide, and refuses one outside the pool without booking', async () => {
    const picked = await book(service, {
      ...DAY,
      items: [{ external_id: 8003, quantity: 1, resource_id: String(ben) }],
    });
    expect(picked.body, JSON.stringify(picked.body)).toMatchObject({ items: [{ resource_id: String(ben) }] });
    const outside = await book(service, { ...DAY, items: [{ external_id: 8003, quantity: 1, resource_id: 'boat-7' }] });
    expect(outside.status).toBe(422);
    expect(outside.body.details.fields['items[0].resource_id'][0]).toMatch(/must be one of/);
    const { rows } = await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
    expect(rows[0]!.n).toBe(1);
  });

  it('re-judges a change of the assigned guide, keeping the booking as it was when the guide is taken', async () => {
    const first = await book(service, { ...DAY, items: [{ external_id: 8003, quantity: 1 }] });
    await book(service, { ...DAY, items: [{ external_id: 8003, quantity: 1 }] });
    const patch = (body: unknown) => call(service, 'PATCH', `/v1/bookings/${first.body.id}`, body);
    const taken = await patch({ items: [{ external_id: 8003, quantity: 1, resource_id: String(ben) }] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Nothing was changed: Ben is not free then. Free instead: Anna.');
    expect((await call(service, 'GET', `/v1/bookings/${first.body.id}`)).body.items[0].resource_id).toBe(String(anna));
    // Moved to the next day it keeps Anna, who is free then.
    const moved = await patch({ starts_at: '2026-12-11 00:00', finishes_at: '2026-12-12 00:00' });
    expect(moved.status).toBe(200);
    expect(moved.body.items[0].resource_id).toBe(String(anna));
  });
});
