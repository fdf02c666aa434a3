// Issue 39, point 7: shared resources are never oversold and never deadlock across processes.
// Two real service processes on one PostgreSQL, their clocks 90 s behind and ahead, take posts
// at once: three variants racing for one boat's seats, 40 carts racing for "any guide", a day
// hire against hourly hires of one boat, and posts whose variants list the same two resources in
// opposite orders. Whatever the mix, no resource is over its units at any instant, and every
// post answers 201 or 409 (a deadlock would be a 500 after its retries). Real time: the days are
// weeks ahead. UTC project only: it tests processes, not zones, and starting them is slow.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '../../../src/shared/plain-date.ts';
import { plainDateInZone } from '../../../src/shared/zones.ts';
import { buildCli, type RunningCli, startCli, tempDir, writeFixture } from '../../helpers/cli-process.ts';
import { describePostgres } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { createPostgresDatabase } from '../../helpers/postgres.ts';
import { hourlySchedule, setSchedule } from '../../helpers/schedules.ts';
import { addResource, peakUse, requireResources } from './resources-setup.ts';

const ONLY_ONCE = process.env.TZ !== undefined && process.env.TZ !== 'UTC';

describePostgres('shared resources across processes whose clocks differ', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const processes: RunningCli[] = [];
  const day = (n: number) => addDays(plainDateInZone(Date.now(), 'Australia/Melbourne'), n);
  const post = (i: number, cart: string, items: unknown[]) =>
    fetch(`${processes[i % 2]!.url}/v1/reservations`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
      body: JSON.stringify({ cart_token: cart, items }),
    }).then((r) => r.status);
  const reset = async () => {
    await database.db.query('DELETE FROM variant_requirements');
    await database.db.query('DELETE FROM reservations');
  };
  const expectNoneOver = async () => {
    for (const r of await peakUse(database.db)) expect(r.peak, r.name).toBeLessThanOrEqual(r.units);
  };

  beforeAll(async () => {
    if (ONLY_ONCE) return;
    database = await createPostgresDatabase(4);
    const fixture = writeFixture({ shops: testFixture.shops.map((shop) => ({ ...shop, blackouts: [] })) });
    const cli = buildCli();
    for (const clockSkewMs of [-90_000, 90_000]) {
      processes.push(
        await startCli(cli, { data: tempDir('resources'), fixture, databaseUrl: database.url, clockSkewMs }),
      );
    }
  }, 120_000);
  afterAll(async () => {
    for (const p of processes) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
    await database?.drop();
  });

  it.skipIf(ONLY_ONCE)('seats three variants racing for one boat in its 12 seats, a double taking two', async () => {
    await reset();
    const boat = await addResource(database.db, { name: 'Boat', units: 12 });
    for (const [externalId, uses] of [
      [8001, 1],
      [8002, 2],
      [8003, 1],
    ] as const) {
      await requireResources(database.db, externalId, { pool: [boat], uses });
    }
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(i, `boat-${i}`, [{ external_id: [8001, 8002, 8003][i % 3], start: day(20), quantity: 1 + (i % 2) }]),
      ),
    );
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const [boatUse] = await peakUse(database.db);
    expect(boatUse).toEqual({ name: 'Boat', units: 12, peak: boatUse!.peak });
    expect(boatUse!.peak).toBeGreaterThanOrEqual(11);
    await expectNoneOver();
  });

  it.skipIf(ONLY_ONCE)('gives 40 carts racing for "any guide" exactly the two guides, one each', async () => {
    await reset();
    const anna = await addResource(database.db, { name: 'Anna', units: 1 });
    const ben = await addResource(database.db, { name: 'Ben', units: 1 });
    await requireResources(database.db, 8003, { pool: [anna, ben], per: 'booking' });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(i, `guide-${i}`, [{ external_id: 8003, start: day(21), quantity: 1 }])),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(38);
    const { rows } = await database.db.query<{ resource_id: number }>(
      'SELECT resource_id FROM resource_allocations a JOIN reservation_items ri ON ri.id = a.reservation_item_id ORDER BY 1',
    );
    expect(rows.map((r) => Number(r.resource_id))).toEqual([anna, ben].sort((a, b) => a - b));
  });

  it.skipIf(ONLY_ONCE)('lets a day hire or hourly hires have one boat, never both at once', async () => {
    await reset();
    await setSchedule(database.db, 8002, hourlySchedule());
    try {
      const boat = await addResource(database.db, { name: 'Launch', units: 1 });
      await requireResources(database.db, 8001, { pool: [boat] });
      await requireResources(database.db, 8002, { pool: [boat] });
      const statuses = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          i % 4 === 0
            ? post(i, `day-${i}`, [{ external_id: 8001, start: day(22), quantity: 1 }])
            : post(i, `hour-${i}`, [{ external_id: 8002, start: `${day(22)} ${10 + (i % 6)}:00`, quantity: 1 }]),
        ),
      );
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
      await expectNoneOver();
    } finally {
      await setSchedule(database.db, 8002, null);
    }
  });

  it.skipIf(ONLY_ONCE)('never deadlocks posts whose variants list the same resources in opposite orders', async () => {
    await reset();
    const guide = await addResource(database.db, { name: 'Guide', units: 3 });
    const seats = await addResource(database.db, { name: 'Seats', units: 5 });
    await requireResources(database.db, 8001, { pool: [guide], per: 'booking' });
    await requireResources(database.db, 8001, { pool: [seats] });
    await requireResources(database.db, 8003, { pool: [seats] });
    await requireResources(database.db, 8003, { pool: [guide], per: 'booking' });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(i, `order-${i}`, [
          { external_id: i % 2 ? 8001 : 8003, start: day(23), quantity: 1 },
          { external_id: i % 2 ? 8003 : 8001, start: day(23), quantity: 1 },
        ]),
      ),
    );
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    await expectNoneOver();
  });
});
