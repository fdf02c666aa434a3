// Holds of variants that draw on shared resources (RESOURCES.md §2): one fleet shared by two
// variants, "any available" guides assigned by most units free, hours and blackouts of a
// resource, a shopper's pick, and the 409 that names the resource that ran out.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { get, hold, PUBLISHABLE } from './api.ts';
import { addResource, assignedTo, requireResources } from './resources-setup.ts';

const THURSDAY = '2026-12-10';

describeEachDatabase('holds drawing on shared resources', (database) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService({ database });
  });
  afterEach(async () => {
    await service.close();
  });

  it('counts single and double kayaks against one fleet, a double taking two', async () => {
    const fleet = await addResource(service.db, { name: 'Kayak fleet', units: 4 });
    await requireResources(service.db, 8001, { pool: [fleet] });
    await requireResources(service.db, 8002, { pool: [fleet], uses: 2 });

    const first = await hold(service, {
      cart_token: 'a',
      items: [
        { external_id: 8001, start: THURSDAY, quantity: 2 },
        { external_id: 8002, start: THURSDAY, quantity: 1 },
      ],
    });
    expect(first.status).toBe(201);
    expect(await assignedTo(service.db, 'a')).toEqual(['Kayak fleet', 'Kayak fleet']);
    // The hold's record names the resource of each item, as posted and as read back.
    const fleetOnly = [{ id: fleet, name: 'Kayak fleet' }];
    expect(first.body.items.map((i: any) => i.resources)).toEqual([fleetOnly, fleetOnly]);
    const read = await get(service, `/v1/reservations/${first.body.id}`);
    expect(read.body.items.map((i: any) => i.resources)).toEqual([fleetOnly, fleetOnly]);

    // Single kayaks have 3 of their own, but the fleet has none left that day.
    const refused = await hold(service, {
      cart_token: 'b',
      items: [{ external_id: 8001, start: THURSDAY, quantity: 1 }],
    });
    expect(refused.status).toBe(409);
    const [item] = refused.body.details.items;
    expect(item.status).toBe('sold_out');
    expect(item.quantity_available).toBe(0);
    expect(item.resource_shortage).toEqual({
      code: 'resource_sold_out',
      message: 'Kayak fleet is not free then.',
      resources: [{ id: fleet, name: 'Kayak fleet', units_free: 0 }],
      free_instead: [],
    });
    expect(refused.body.message).toContain('Kayak fleet is not free then.');
    expect(await assignedTo(service.db, 'b')).toEqual([]);

    // The next day is free again, and a variant without requirements is judged as before.
    const nextDay = await hold(service, {
      cart_token: 'b',
      items: [{ external_id: 8001, start: '2026-12-11', quantity: 3 }],
    });
    expect(nextDay.status).toBe(201);
    expect(nextDay.body.items[0].quantity_available).toBe(3);
  });

  it('assigns "any guide" to the one with most units free, ties by name, and names both when neither is free', async () => {
    const ben = await addResource(service.db, { name: 'Ben', units: 1 });
    const anna = await addResource(service.db, { name: 'Anna', units: 1 });
    await requireResources(service.db, 8003, { pool: [ben, anna], per: 'booking' });

    expect(
      (await hold(service, { cart_token: 'a', items: [{ external_id: 8003, start: THURSDAY, quantity: 4 }] })).status,
    ).toBe(201);
    expect(
      (await hold(service, { cart_token: 'b', items: [{ external_id: 8003, start: THURSDAY, quantity: 1 }] })).status,
    ).toBe(201);
    expect(await assignedTo(service.db, 'a')).toEqual(['Anna']);
    expect(await assignedTo(service.db, 'b')).toEqual(['Ben']);

    const third = await hold(service, {
      cart_token: 'c',
      items: [{ external_id: 8003, start: THURSDAY, quantity: 1 }],
    });
    expect(third.status).toBe(409);
    expect(third.body.details.items[0].resource_shortage.message).toBe('Anna and Ben are not free then.');

    // Releasing a hold gives its guide back at once.
    expect(
      (await hold(service, { cart_token: 'a', items: [{ external_id: 8003, start: THURSDAY, quantity: 0 }] })).status,
    ).toBe(200);
    expect(
      (await hold(service, { cart_token: 'c', items: [{ external_id: 8003, start: THURSDAY, quantity: 2 }] })).status,
    ).toBe(201);
    expect(await assignedTo(service.db, 'c')).toEqual(['Anna']);
  });

  it('leaves out a guide whose hours or blackouts do not cover the day', async () => {
    const anna = await addResource(service.db, { name: 'Anna', units: 1, hours: { mon: [['09:00', '17:00']] } });
    const ben = await addResource(service.db, { name: 'Ben', units: 1 });
    await requireResources(service.db, 8003, { pool: [anna, ben], per: 'booking' });
    await service.db.query(
      `INSERT INTO blackouts (shop_id, starts_at, finishes_at, resource_id)
       SELECT shop_id, '2026-12-10T13:00:00Z', '2026-12-11T13:00:00Z', $1 FROM resources WHERE id = $1`,
      [ben],
    );

    // Thursday 10 December: Anna works Mondays only; Ben is on leave from the 11th, Melbourne time.
    expect(
      (await hold(service, { cart_token: 'a', items: [{ external_id: 8003, start: THURSDAY, quantity: 1 }] })).status,
    ).toBe(201);
    expect(await assignedTo(service.db, 'a')).toEqual(['Ben']);
    const friday = await hold(service, {
      cart_token: 'b',
      items: [{ external_id: 8003, start: '2026-12-11', quantity: 1 }],
    });
    expect(friday.status).toBe(409);
    expect(friday.body.details.items[0].resource_shortage.resources).toEqual([
      { id: anna, name: 'Anna', units_free: 0 },
      { id: ben, name: 'Ben', units_free: 0 },
    ]);
    // Monday 14 December: Anna works; the blackout of Ben's is over too.
    expect(
      (await hold(service, { cart_token: 'b', items: [{ external_id: 8003, start: '2026-12-14', quantity: 1 }] }))
        .status,
    ).toBe(201);
  });

  it("holds a shopper's pick, refuses a pick outside the pool and names who is free instead of a taken one", async () => {
    const anna = await addResource(service.db, { name: 'Anna', units: 1 });
    const ben = await addResource(service.db, { name: 'Ben', units: 1 });
    const boat = await addResource(service.db, { name: 'Boat', units: 12 });
    await requireResources(service.db, 8003, { pool: [anna, ben], per: 'booking', choice: 'shopper' });

    const picked = await hold(service, {
      cart_token: 'a',
      items: [{ external_id: 8003, start: THURSDAY, quantity: 1, resource_id: String(ben) }],
    });
    expect(picked.status).toBe(201);
    expect(await assignedTo(service.db, 'a')).toEqual(['Ben']);

    const outside = await hold(service, {
      cart_token: 'b',
      items: [{ external_id: 8003, start: THURSDAY, quantity: 1, resource_id: boat }],
    });
    expect(outside.status).toBe(422);
    expect(outside.body.details.fields['items[0].resource_id'][0]).toContain(`${anna} (Anna)`);

    const taken = await hold(service, {
      cart_token: 'b',
      items: [{ external_id: 8003, start: THURSDAY, quantity: 1, resource_id: ben }],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.details.items[0].resource_shortage).toMatchObject({
      code: 'resource_sold_out',
      free_instead: [{ id: anna, name: 'Anna' }],
    });
    expect(await assignedTo(service.db, 'b')).toEqual([]);
  });
});

describeEachDatabase('availability and slots drawing on shared resources', (database) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService({ database });
  });
  afterEach(async () => {
    await service.close();
  });

  it('shows a day free only when its resources can take it, and lists who is free for a shopper to choose', async () => {
    const anna = await addResource(service.db, { name: 'Anna', units: 1 });
    const ben = await addResource(service.db, { name: 'Ben', units: 1, hours: { fri: [['09:00', '17:00']] } });
    await requireResources(service.db, 8003, { pool: [anna, ben], per: 'booking', choice: 'shopper' });
    const days = async (query = '') =>
      (await get(service, `/v1/availability?external_variant_id=8003&start=2026-12-10&finish=2026-12-12${query}`)).body;

    expect((await days()).map((d: any) => [d.quantity_available, d.free_resources])).toEqual([
      [10, [{ id: anna, name: 'Anna' }]],
      [
        10,
        [
          { id: anna, name: 'Anna' },
          { id: ben, name: 'Ben' },
        ],
      ],
    ]);
    await hold(service, { cart_token: 'a', items: [{ external_id: 8003, start: THURSDAY, quantity: 1 }] });
    // Thursday: Anna is held and Ben does not work: sold out, and a hold is refused alike.
    const [thursday, friday] = await days();
    expect([thursday.status, thursday.quantity_available, thursday.free_resources]).toEqual(['sold_out', 0, []]);
    expect(friday.free_resources).toEqual([
      { id: anna, name: 'Anna' },
      { id: ben, name: 'Ben' },
    ]);
    expect(
      (await hold(service, { cart_token: 'b', items: [{ external_id: 8003, start: THURSDAY, quantity: 1 }] })).status,
    ).toBe(409);
    // The cart's own hold counts as free to it; asking about Ben alone shows his days only.
    expect((await days('&cart_token=a'))[0].quantity_available).toBe(10);
    expect((await days(`&resource_id=${ben}`)).map((d: any) => d.quantity_available)).toEqual([0, 10]);
    const outside = await get(
      service,
      '/v1/availability?external_variant_id=8003&start=2026-12-10&finish=2026-12-12&resource_id=999999',
    );
    expect(outside.status).toBe(422);
    expect(Object.keys(outside.body.details.fields)).toEqual(['resource_id']);
  });

  it('limits a day to the units its shared fleet has left, whichever variant took them', async () => {
    const fleet = await addResource(service.db, { name: 'Kayak fleet', units: 4 });
    await requireResources(service.db, 8001, { pool: [fleet] });
    await requireResources(service.db, 8002, { pool: [fleet], uses: 2 });
    await hold(service, { cart_token: 'a', items: [{ external_id: 8002, start: THURSDAY, quantity: 1 }] });
    const single = (await get(service, '/v1/availability?external_variant_id=8001&start=2026-12-10&finish=2026-12-11'))
      .body;
    const double = (await get(service, '/v1/availability?external_variant_id=8002&start=2026-12-10&finish=2026-12-11'))
      .body;
    // Singles: 3 of their own, 2 of the fleet's; doubles: 1 of their own left, and the fleet's 2 make one.
    expect([single[0].quantity_available, double[0].quantity_available]).toEqual([2, 1]);
    expect(single[0].free_resources).toBeUndefined();
  });
});

describeEachDatabase('the widget record of products drawing on shared resources', (database) => {
  it('lists the variants that draw on resources with their pools by name, and nothing for other widgets', async () => {
    const service = await createTestService({ database });
    try {
      const anna = await addResource(service.db, { name: 'Anna', units: 1 });
      const seats = await addResource(service.db, { name: 'Seats', units: 12 });
      await requireResources(service.db, 8003, { pool: [seats] });
      await requireResources(service.db, 8003, { pool: [anna], per: 'booking', choice: 'shopper' });
      const widgets = (
        await get(service, '/v1/widgets', { token: PUBLISHABLE, headers: { origin: 'https://harbour.example' } })
      ).body;
      const tour = widgets.find((w: any) => w.title === 'Sunset tour');
      expect(tour.resource_variants).toEqual([
        {
          external_id: 8003,
          product_external_id: 7002,
          title: 'Adult',
          requirements: [
            { per: 'unit', uses: 1, choice: 'any', resources: [{ id: seats, name: 'Seats' }] },
            { per: 'booking', uses: 1, choice: 'shopper', resources: [{ id: anna, name: 'Anna' }] },
          ],
        },
      ]);
      expect(widgets.find((w: any) => w.title === 'Kayak hire')).not.toHaveProperty('resource_variants');
    } finally {
      await service.close();
    }
  });
});
