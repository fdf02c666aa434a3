// The usage a hold is judged on must be read AFTER the variant's row lock is granted, in a
// statement of its own (PostgreSQL, READ COMMITTED). Deterministic: the test holds the variant's
// lock itself, lets several posts queue behind it, fills the capacity in that same transaction
// and commits. Every queued post must then see the units and answer 409. Code that read usage in
// the locking statement (whose snapshot predates the wait), or judged on a read taken before the
// lock, or took no lock at all, holds them and oversells the day.
import { afterEach, expect, it } from 'vitest';
import { describePostgres } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { hold, unitsPerDay } from './api.ts';

const DAY = '2026-12-10';
const WAITERS = 4;

describePostgres('the hold judges usage read after the lock', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  it('posts queued on the variant lock see what its holder committed', async () => {
    service = await createTestService({ database });
    const { db, clock } = service;
    const [variant] = (
      await db.query<{ id: number; shop_id: number; capacity: number }>(
        'SELECT id, shop_id, capacity FROM variants WHERE external_id = 8001',
      )
    ).rows;
    expect(variant!.capacity).toBe(3);

    let posts: Promise<Awaited<ReturnType<typeof hold>>[]> | undefined;
    let queued = 0;
    await db.transaction(async (tx) => {
      await tx.query('SELECT id FROM variants WHERE id = $1 FOR NO KEY UPDATE', [variant!.id]);
      // Each post reads usage first (nothing is held yet, so each fits) and then queues on the lock.
      posts = Promise.all(
        Array.from({ length: WAITERS }, (_, i) =>
          hold(service, { cart_token: `queued-${i}`, items: [{ external_id: 8001, start: DAY, quantity: 1 }] }),
        ),
      );
      const until = Date.now() + 5000;
      while (Date.now() < until) {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        queued = rows[0]!.n;
        if (queued >= WAITERS) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      // Another cart takes the whole capacity in the lock holder's transaction.
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO reservations (shop_id, cart_token, created_at, updated_at, expires_at)
         VALUES ($1, 'lock-holder', $2::timestamptz, $2::timestamptz, $3::timestamptz) RETURNING id`,
        [variant!.shop_id, new Date(clock.now()).toISOString(), new Date(clock.now() + 3_600_000).toISOString()],
      );
      await tx.query(
        `INSERT INTO reservation_items (reservation_id, variant_id, start_at, finish_at, start_day, finish_day, quantity)
         VALUES ($1, $2, '2026-12-09T13:00:00Z', '2026-12-10T13:00:00Z', $3::date, ($3::date + 1), 3)`,
        [rows[0]!.id, variant!.id, DAY],
      );
    });
    const answers = await posts!;
    expect(queued).toBeGreaterThanOrEqual(WAITERS);
    expect(answers.map((a) => a.status)).toEqual(Array(WAITERS).fill(409));
    for (const a of answers)
      expect(a.body.details.items[0]).toMatchObject({ status: 'sold_out', quantity_available: 0 });
    expect(await unitsPerDay(service, 8001, clock.now())).toEqual(new Map([[DAY, 3]]));
  });

  it('a post of removals only does not wait for the variant lock', async () => {
    service = await createTestService({ database });
    const { db } = service;
    expect(
      (await hold(service, { cart_token: 'leaving', items: [{ external_id: 8001, start: DAY, quantity: 2 }] })).status,
    ).toBe(201);
    const [variant] = (await db.query<{ id: number }>('SELECT id FROM variants WHERE external_id = 8001')).rows;
    const answer = await db.transaction(async (tx) => {
      await tx.query('SELECT id FROM variants WHERE id = $1 FOR NO KEY UPDATE', [variant!.id]);
      // Answered while the lock is still held here (a lock wait would time the test out).
      return hold(service, { cart_token: 'leaving', items: [{ external_id: 8001, start: DAY, quantity: 0 }] });
    });
    expect(answer.status).toBe(200);
    expect(answer.body.items).toEqual([]);
    expect(await unitsPerDay(service, 8001, service.clock.now())).toEqual(new Map());
  });
});
