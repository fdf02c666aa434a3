// Issue 28, point 3: holds of times of day are decided by the database across processes. Two
// real service processes on one PostgreSQL, their clocks 90 s behind and ahead, take posts for
// the last seats of one departure and the last boats of one hour at once: exactly the capacity
// is held. Real time (no test clock): the slot is ten days ahead. UTC project only: it tests
// processes, not zones, and starting them is slow.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '../../../src/shared/plain-date.ts';
import { plainDateInZone } from '../../../src/shared/zones.ts';
import { buildCli, type RunningCli, startCli, tempDir, writeFixture } from '../../helpers/cli-process.ts';
import { describePostgres } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { createPostgresDatabase } from '../../helpers/postgres.ts';
import { hourlySchedule, setSchedule, tourSchedule } from '../../helpers/schedules.ts';

const ONLY_ONCE = process.env.TZ !== undefined && process.env.TZ !== 'UTC';

describePostgres('holds of times of day across processes whose clocks differ', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const processes: RunningCli[] = [];

  beforeAll(async () => {
    if (ONLY_ONCE) return;
    database = await createPostgresDatabase(4);
    const fixture = writeFixture({ shops: testFixture.shops.map((shop) => ({ ...shop, blackouts: [] })) });
    const cli = buildCli();
    for (const clockSkewMs of [-90_000, 90_000]) {
      processes.push(await startCli(cli, { data: tempDir('slots'), fixture, databaseUrl: database.url, clockSkewMs }));
    }
    const db = database.db;
    await setSchedule(db, 8001, tourSchedule());
    await setSchedule(db, 8002, hourlySchedule());
  }, 120_000);
  afterAll(async () => {
    for (const p of processes) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
    await database?.drop();
  });

  it.skipIf(ONLY_ONCE)(
    'never seats more than a departure has, nor hires more boats than it has at one instant',
    async () => {
      const day = addDays(plainDateInZone(Date.now(), 'Australia/Melbourne'), 10);
      const post = (i: number, externalId: number, time: string) =>
        fetch(`${processes[i % 2]!.url}/v1/reservations`, {
          method: 'POST',
          headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
          body: JSON.stringify({
            cart_token: `p-${externalId}-${i}`,
            items: [{ external_id: externalId, start: `${day} ${time}`, quantity: 1 }],
          }),
        }).then((r) => r.status);
      const carts = Array.from({ length: 20 }, (_, i) => i);
      const statuses = await Promise.all([
        ...carts.map((i) => post(i, 8001, '09:00')),
        ...carts.map((i) => post(i, 8002, i % 2 ? '10:00' : '11:00')),
      ]);
      expect(statuses.slice(0, 20).filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.slice(20).filter((s) => s === 201)).toHaveLength(2);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      const { rows } = await database.db.query<{ external_id: number; n: number }>(
        `SELECT v.external_id, sum(ri.quantity)::int AS n FROM reservation_items ri JOIN variants v ON v.id = ri.variant_id
        GROUP BY v.external_id ORDER BY 1`,
      );
      expect(rows.map((r) => [Number(r.external_id), r.n])).toEqual([
        [8001, 3],
        [8002, 2],
      ]);
    },
  );
});
