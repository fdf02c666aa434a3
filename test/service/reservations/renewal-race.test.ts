// A post renews the cart's whole reservation, items of variants it does not post included. If
// it read the clock just before `expires_at` and committed late, it must not revive items that a
// competitor, reading the clock just after, judged expired and took the units of. Deterministic
// on PostgreSQL: the test holds the posted variant's lock so the renewing post waits (having read
// the clock before expiry), the competitor takes the expiring units at the expiry instant, then
// the lock is released. Code that renews without locking the cart's other variants, or decides
// "lapsed" with the clock read before its locks, holds 4 units of a 2-unit day.
import { afterEach, expect, it } from 'vitest';
import { describePostgres } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { hold, unitsPerDay } from './api.ts';

const DAY = '2026-12-10';

describePostgres("a renewal racing the expiry of the cart's other items", (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  it('never revives units another cart took the moment they expired', async () => {
    service = await createTestService({ database });
    const { db, clock } = service;
    // 8002 (Double kayak) has 2 units a day; 8001 (Single kayak) is what the renewing post posts.
    const first = await hold(service, {
      cart_token: 'renewer',
      items: [{ external_id: 8002, start: DAY, quantity: 2 }],
    });
    expect(first.status).toBe(201);
    const expiresAt = Date.parse(first.body.expires_at);

    const [single] = (await db.query<{ id: number }>('SELECT id FROM variants WHERE external_id = 8001')).rows;
    let renewal: ReturnType<typeof hold> | undefined;
    let taker: Awaited<ReturnType<typeof hold>> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('SELECT id FROM variants WHERE id = $1 FOR NO KEY UPDATE', [single!.id]);
      // One millisecond before expiry the cart posts another variant: it reads the clock, judges,
      // and queues on the lock this transaction holds.
      clock.set(expiresAt - 1);
      renewal = hold(service, { cart_token: 'renewer', items: [{ external_id: 8001, start: DAY, quantity: 1 }] });
      const until = Date.now() + 5000;
      for (;;) {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n >= 1) break;
        if (Date.now() > until) throw new Error('the renewing post never queued on the lock');
        await new Promise((r) => setTimeout(r, 10));
      }
      // At the expiry instant another cart finds both units free and takes them.
      clock.set(expiresAt);
      taker = await hold(service, { cart_token: 'taker', items: [{ external_id: 8002, start: DAY, quantity: 2 }] });
    });
    const renewed = await renewal!;

    expect(taker!.status).toBe(201);
    expect(renewed.status).toBe(200);
    // The renewing cart's expired Double kayaks are gone; it holds only what it just posted.
    expect(
      renewed.body.items.map((i: { external_id: number; quantity: number }) => [i.external_id, i.quantity]),
    ).toEqual([[8001, 1]]);
    expect(await unitsPerDay(service, 8002, clock.now())).toEqual(new Map([[DAY, 2]]));
  });
});
