// Shared resources and times of day (RESOURCES.md §2): a departure's guide is taken once and
// later bookings join them; a day hire and a tour of one boat count against each other by
// instants; and days on which the clocks change, in Melbourne and in Berlin, span their real
// instants (23 or 25 hours), so back-to-back days never collide and a range blocks both.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { setSchedule, tourSchedule } from '../../helpers/schedules.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { hold } from './api.ts';
import { addResource, assignedTo, requireResources } from './resources-setup.ts';

describeEachDatabase('shared resources and times of day', (database) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService({ database });
  });
  afterEach(async () => {
    await service.close();
  });

  it('gives each departure one guide, whom later bookings of it join, and refuses a pick of another', async () => {
    await setSchedule(service.db, 8001, tourSchedule());
    const anna = await addResource(service.db, { name: 'Anna', units: 1 });
    const ben = await addResource(service.db, { name: 'Ben', units: 1 });
    await requireResources(service.db, 8001, { pool: [anna, ben], per: 'slot', choice: 'shopper' });
    const at = (time: string, cart: string, pick?: number) =>
      hold(service, {
        cart_token: cart,
        items: [{ external_id: 8001, start: `2026-12-10 ${time}`, quantity: 1, ...(pick && { resource_id: pick }) }],
      });

    expect((await at('09:00', 'a')).status).toBe(201);
    expect((await at('09:00', 'b')).status).toBe(201);
    expect((await at('13:00', 'c')).status).toBe(201);
    // Ben is free at 09:00, but the departure is Anna's: b joined her, and so does everyone else.
    expect([await assignedTo(service.db, 'a'), await assignedTo(service.db, 'b')]).toEqual([['Anna'], ['Anna']]);
    expect(await assignedTo(service.db, 'c')).toEqual(['Anna']);
    const other = await at('09:00', 'd', ben);
    expect(other.status).toBe(409);
    expect(other.body.details.items[0].resource_shortage).toMatchObject({
      code: 'departure_led',
      message: 'This departure is already led by Anna.',
    });
  });

  it('counts a day hire of a boat against its 13:00 tour by instants', async () => {
    await setSchedule(service.db, 8001, tourSchedule());
    const boat = await addResource(service.db, { name: 'Boat', units: 1 });
    await requireResources(service.db, 8001, { pool: [boat], per: 'slot' });
    await requireResources(service.db, 8003, { pool: [boat], per: 'booking' });

    expect(
      (await hold(service, { cart_token: 'day', items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }] }))
        .status,
    ).toBe(201);
    const tour = await hold(service, {
      cart_token: 'tour',
      items: [{ external_id: 8001, start: '2026-12-10 13:00', quantity: 1 }],
    });
    expect(tour.status).toBe(409);
    expect(tour.body.details.items[0].resource_shortage.message).toBe('Boat is not free then.');
    // The next day's tour is clear of the hire, and then that day cannot be hired.
    expect(
      (
        await hold(service, {
          cart_token: 'tour',
          items: [{ external_id: 8001, start: '2026-12-11 13:00', quantity: 1 }],
        })
      ).status,
    ).toBe(201);
    expect(
      (await hold(service, { cart_token: 'day2', items: [{ external_id: 8003, start: '2026-12-11', quantity: 1 }] }))
        .status,
    ).toBe(409);
  });

  it('spans days on which the clocks change by their real instants, in Melbourne and in Berlin', async () => {
    const boat = await addResource(service.db, { name: 'Boat', units: 1 });
    await requireResources(service.db, 8003, { pool: [boat], per: 'booking' });
    const skis = await addResource(service.db, { name: 'Ski rack', units: 1, shopOf: 9101 });
    await requireResources(service.db, 9101, { pool: [skis], per: 'booking' });
    const alpine = { token: 'sk_test_alpine' };

    // Melbourne's 25-hour Sunday 4 April 2027 and the Monday after: one hire each, no overlap.
    for (const day of ['2027-04-04', '2027-04-05']) {
      expect(
        (await hold(service, { cart_token: `m-${day}`, items: [{ external_id: 8003, start: day, quantity: 1 }] }))
          .status,
      ).toBe(201);
    }
    expect(
      (await hold(service, { cart_token: 'm-again', items: [{ external_id: 8003, start: '2027-04-04', quantity: 1 }] }))
        .status,
    ).toBe(409);
    // Berlin's 23-hour Sunday 28 March 2027: a range over it blocks both of its days, no more.
    const range = await hold(
      service,
      { cart_token: 'b-range', items: [{ external_id: 9101, start: '2027-03-27', finish: '2027-03-29', quantity: 1 }] },
      alpine,
    );
    expect(range.status).toBe(201);
    for (const [day, status] of [
      ['2027-03-28', 409],
      ['2027-03-29', 201],
      ['2027-03-26', 201],
    ] as const) {
      const one = await hold(
        service,
        { cart_token: `b-${day}`, items: [{ external_id: 9101, start: day, quantity: 1 }] },
        alpine,
      );
      expect([day, one.status]).toEqual([day, status]);
    }
  });
});
