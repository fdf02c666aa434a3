// No overselling under concurrency: many carts post at once for the last units; the database
// afterwards holds exactly the capacity, never more (PGlite, and PostgreSQL with a pool of 10).
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { book, hold, unitsPerDay } from './api.ts';

const CARTS = 48;

describeEachDatabase('concurrent holds', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  it(`${CARTS} carts racing for a capacity of 3 get exactly 3 holds; the rest get 409 sold_out`, async () => {
    service = await createTestService({ database });
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CARTS }, (_, i) =>
        hold(service, { cart_token: `race-${i}`, items: [{ external_id: 8001, start: '2026-12-10', quantity: 1 }] }),
      ),
    );
    const elapsed = performance.now() - started;
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CARTS - 3);
    for (const a of answers.filter((a) => a.status === 409))
      expect(a.body.details.items[0]).toMatchObject({ status: 'sold_out', quantity_available: 0 });
    expect(await unitsPerDay(service, 8001, service.clock.now())).toEqual(new Map([['2026-12-10', 3]]));
    console.info(
      `[race ${database}] ${CARTS} concurrent posts in ${elapsed.toFixed(0)} ms: ${statuses.filter((s) => s === 201).length} held`,
    );
  });

  it('overlapping ranges, renewals and bookings racing never put a day above capacity', async () => {
    service = await createTestService({ database });
    const days = ['2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13', '2026-12-14'];
    const requests = Array.from({ length: CARTS }, (_, i) => {
      const first = i % 4;
      const length = 1 + (i % 3);
      const start = days[first]!;
      const finish = `2026-12-${String(10 + first + length).padStart(2, '0')}`;
      if (i % 6 === 5) {
        return book(service, {
          starts_at: `${start} 09:00`,
          finishes_at: `${days[first + 1]} 09:00`,
          items: [{ external_id: 8001, quantity: 1 }],
        });
      }
      // Every third cart posts twice: the second post replaces the first.
      const token = `mix-${i % 3 === 0 ? i - 1 : i}`;
      return hold(service, { cart_token: token, items: [{ external_id: 8001, start, finish, quantity: 1 + (i % 2) }] });
    });
    const answers = await Promise.all(requests);
    expect(answers.every((a) => [200, 201, 409].includes(a.status))).toBe(true);
    expect(answers.some((a) => a.status === 409)).toBe(true);
    const used = await unitsPerDay(service, 8001, service.clock.now());
    expect(used.size).toBeGreaterThan(0);
    for (const [day, units] of used) expect({ day, units: Math.min(units, 3) }).toEqual({ day, units });
  });
});
