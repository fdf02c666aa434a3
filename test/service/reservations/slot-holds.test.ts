// Holds of times of day (SLOTS.md §2, issue 28 point 3): a slot named by its local start or its
// UTC instant; a start that is not a slot is a 422 naming the nearest; seats count per start,
// units per instant with the buffers; racing carts never exceed either (the database decides).
// The fixture's shop is in Melbourne (UTC+11 in December); "now" is 12:00 on 22 November there.
import { afterEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { hourlySchedule, setSchedule, tourSchedule } from '../../helpers/schedules.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { call, hold } from './api.ts';

/** 8001 (3 single kayaks) becomes a tour: departures 02:30, 09:00 and 13:00 daily, two hours, seats. */
const TOURS = tourSchedule(['02:30', '09:00', '13:00']);
/** 8002 (2 double kayaks) is hired by the hour, 09:00-17:00, 30 minutes kept free after each hire. */
const HOURLY = hourlySchedule();

async function withSchedules(service: TestService, tours = TOURS, hourly = HOURLY): Promise<void> {
  await setSchedule(service.db, 8001, tours);
  await setSchedule(service.db, 8002, hourly);
}

const one = (cart: string, external_id: number, start: string, quantity = 1, finish?: string) =>
  ({ cart_token: cart, items: [{ external_id, start, quantity, ...(finish ? { finish } : {}) }] }) as const;

/** Units held of a variant starting at an instant, as the database has them. */
async function heldAt(service: TestService, externalId: number, startAt: string): Promise<number> {
  const { rows } = await service.db.query<{ n: number }>(
    `SELECT coalesce(sum(ri.quantity), 0)::int AS n FROM reservation_items ri JOIN variants v ON v.id = ri.variant_id
      WHERE v.external_id = $1 AND ri.start_at = $2::timestamptz`,
    [externalId, startAt],
  );
  return rows[0]!.n;
}

describeEachDatabase('holds of times of day', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });
  const start = async () => {
    service = await createTestService({ database });
    await withSchedules(service);
  };

  it('holds a slot named by its local start, and answers its instants and local times', async () => {
    await start();
    const answer = await hold(service, one('tour', 8001, '2026-12-06 09:00', 2));
    expect(answer.status).toBe(201);
    expect(answer.body.items[0]).toMatchObject({
      start: '2026-12-05T22:00:00.000Z',
      finish: '2026-12-06T00:00:00.000Z',
      start_local: '2026-12-06T09:00',
      finish_local: '2026-12-06T11:00',
      all_day: 0,
      quantity: 2,
      quantity_available: 3,
      status: 'ok',
    });
    // The same slot by its UTC instant replaces the cart's item (a hold names what the cart wants).
    const again = await hold(service, one('tour', 8001, '2026-12-05T22:00:00Z', 1));
    expect(again.status).toBe(200);
    expect(await heldAt(service, 8001, '2026-12-05T22:00:00Z')).toBe(1);
  });

  it('reads a held slot back with the seats its departure still has for the cart', async () => {
    await start();
    const mine = await hold(service, one('mine', 8001, '2026-12-06 09:00', 2));
    expect((await hold(service, one('other', 8001, '2026-12-06 09:00', 1))).status).toBe(201);
    const read = await call(service, 'GET', `/v1/reservations/${mine.body.id}`);
    expect(read.body.items[0]).toMatchObject({
      all_day: 0,
      start_local: '2026-12-06T09:00',
      quantity: 2,
      quantity_available: 2,
    });
  });

  it('refuses a start that is no slot with a 422 naming the nearest slots, and holds nothing', async () => {
    await start();
    const answer = await hold(service, one('lost', 8001, '2026-12-06 10:00'));
    expect(answer.status).toBe(422);
    const message = answer.body.details?.fields?.['items[0].start']?.[0] ?? JSON.stringify(answer.body);
    expect(message).toMatch(/not a slot/);
    expect(message).toContain('2026-12-06 09:00');
    expect(message).toContain('2026-12-06 13:00');
    expect(await heldAt(service, 8001, '2026-12-05T23:00:00Z')).toBe(0);
  });

  it('takes days for a variant booked by days and times for one booked by times, and says which', async () => {
    await start();
    const day = await hold(service, one('a', 8001, '2026-12-06'));
    expect(day.status).toBe(422);
    expect(JSON.stringify(day.body)).toMatch(/booked by times of day/);
    const time = await hold(service, one('b', 8003, '2026-12-06 09:00'));
    expect(time.status).toBe(422);
    expect(JSON.stringify(time.body)).toMatch(/booked by days/);
  });

  it('gives each departure its own seats: the 13:00 tour is free when the 09:00 one is full', async () => {
    await start();
    expect((await hold(service, one('a', 8001, '2026-12-06 09:00', 3))).status).toBe(201);
    const full = await hold(service, one('b', 8001, '2026-12-06 09:00'));
    expect(full.status).toBe(409);
    expect(full.body.details.items[0]).toMatchObject({ status: 'sold_out', quantity_available: 0 });
    expect((await hold(service, one('b', 8001, '2026-12-06 13:00', 3))).status).toBe(201);
  });

  it('keeps a unit busy for the buffer after an hourly hire, and books consecutive hours with finish', async () => {
    await start();
    expect((await hold(service, one('a', 8002, '2026-12-07 10:00', 2))).status).toBe(201);
    // 11:00 would start inside 10:00-11:00's half hour kept free: both boats are still busy.
    const busy = await hold(service, one('b', 8002, '2026-12-07 11:00'));
    expect(busy.status).toBe(409);
    expect(busy.body.details.items[0]).toMatchObject({ status: 'sold_out', quantity_available: 0 });
    const three = await hold(service, one('b', 8002, '2026-12-07 12:00', 1, '2026-12-07 15:00'));
    expect(three.status).toBe(201);
    expect(three.body.items[0]).toMatchObject({ start_local: '2026-12-07T12:00', finish_local: '2026-12-07T15:00' });
    const four = await hold(service, one('c', 8002, '2026-12-07 12:00', 1, '2026-12-07 16:00'));
    expect(four.status).toBe(422);
    expect(JSON.stringify(four.body)).toMatch(/at most 3 consecutive slots/);
  });

  it('closes a slot that a blackout overlaps or that starts too soon', async () => {
    await start();
    await service.db.query(
      `INSERT INTO blackouts (shop_id, title, starts_at, finishes_at, scope, product_id)
       SELECT p.shop_id, 'Regatta', '2026-12-06T01:00:00Z', '2026-12-06T03:00:00Z', 'overlap', p.id FROM products p WHERE p.external_id = 7001`,
    );
    // 12:00-14:00 local: the 13:00 tour is closed, the 09:00 one (until 11:00) is not.
    expect((await hold(service, one('a', 8001, '2026-12-06 13:00'))).body.details.items[0].status).toBe('blacked_out');
    expect((await hold(service, one('a', 8001, '2026-12-06 09:00'))).status).toBe(201);
    await withSchedules(service, { ...TOURS, min_notice_minutes: 120 });
    // Now is 12:00 on 22 November: 13:00 is an hour away, two hours' notice are asked.
    const soon = await hold(service, one('b', 8001, '2026-11-22 13:00'));
    expect(soon.body.details.items[0]).toMatchObject({ status: 'outside_window', quantity_available: 0 });
  });

  it('offers a start that occurs twice once, at its first occurrence (Melbourne, 4 April 2027)', async () => {
    await start();
    const first = await hold(service, one('a', 8001, '2027-04-04 02:30'));
    expect(first.status).toBe(201);
    expect(first.body.items[0].start).toBe('2027-04-03T15:30:00.000Z'); // 02:30 at UTC+11, before the change
    const second = await hold(service, one('b', 8001, '2027-04-03T16:30:00Z')); // 02:30 again, at UTC+10
    expect(second.status).toBe(422);
    expect(JSON.stringify(second.body)).toMatch(/not a slot/);
  });

  describe('racing carts', () => {
    it('never seat more than a departure has, nor hire more boats than exist at one instant', async () => {
      await start();
      const carts = Array.from({ length: 16 }, (_, i) => i);
      const answers = await Promise.all([
        ...carts.map((i) => hold(service, one(`seat-${i}`, 8001, '2026-12-08 09:00'))),
        ...carts.map((i) => hold(service, one(`boat-${i}`, 8002, i % 2 ? '2026-12-08 10:00' : '2026-12-08 11:00', 1))),
      ]);
      const held = (from: number) => answers.slice(from, from + carts.length).filter((a) => a.status === 201).length;
      expect(held(0)).toBe(3);
      // 10:00 and 11:00 overlap through the buffer: two boats in all.
      expect(held(carts.length)).toBe(2);
      expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
      expect(await heldAt(service, 8001, '2026-12-07T22:00:00Z')).toBe(3);
    });
  });
});
