// What a post that waited for a variant's lock answers when the database changed while it
// waited (PostgreSQL, READ COMMITTED). Deterministic: the test holds the lock itself, lets the
// post queue behind it, changes the data, and releases the lock. The post's locked step runs in
// the server; these check that its answers are the ones the API gives anywhere else.
import { afterEach, expect, it } from 'vitest';
import { describePostgres } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import type { Database, Transaction } from '../../../src/service/db/types.ts';
import { hold, unitsPerDay } from './api.ts';

const DAY = '2026-12-10';
const NEXT_DAY = '2026-12-11';
const LATER_DAY = '2026-12-12';

/** Resolves once `n` sessions of this database wait for a lock. */
async function queued(db: Database, n: number): Promise<void> {
  const until = Date.now() + 5000;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= n) return;
    if (Date.now() > until) throw new Error(`fewer than ${n} sessions queued on a lock`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Takes variant `externalId`'s row lock in `tx`, as any writer of it does. */
async function lockVariant(tx: Transaction, externalId: number): Promise<void> {
  await tx.query('SELECT id FROM variants WHERE external_id = $1 FOR NO KEY UPDATE', [externalId]);
}

/** Another cart's hold of `units` Single kayaks on DAY, written in `tx` (which holds the lock). */
async function heldByAnother(service: TestService, tx: Transaction, units: number): Promise<void> {
  const now = service.clock.now();
  await tx.query(
    `WITH r AS (
       INSERT INTO reservations (shop_id, cart_token, created_at, updated_at, expires_at)
       SELECT shop_id, 'lock-holder', $2::timestamptz, $2::timestamptz, $3::timestamptz FROM variants WHERE external_id = 8001
       RETURNING id)
     INSERT INTO reservation_items (reservation_id, variant_id, start_at, finish_at, start_day, finish_day, quantity)
     SELECT r.id, v.id, '2026-12-09T13:00:00Z', '2026-12-10T13:00:00Z', $1::date, $1::date + 1, $4
       FROM r, variants v WHERE v.external_id = 8001`,
    [DAY, new Date(now).toISOString(), new Date(now + 3_600_000).toISOString(), units],
  );
}

describePostgres('posts that waited for a variant lock', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  it('answer a post that no longer fits with the same 409 as one that never waited', async () => {
    service = await createTestService({ database });
    // A neighbour holds 1 of the 3 units on the day this post removes (quantity 0).
    expect(
      (await hold(service, { cart_token: 'neighbour', items: [{ external_id: 8001, start: LATER_DAY, quantity: 1 }] }))
        .status,
    ).toBe(201);
    const post = {
      cart_token: 'queued',
      items: [
        { external_id: 8001, start: NEXT_DAY, quantity: 1 },
        { external_id: 8001, start: DAY, quantity: 1 },
        { external_id: 8001, start: LATER_DAY, quantity: 0 },
      ],
    };
    let answer: ReturnType<typeof hold> | undefined;
    await service.db.transaction(async (tx) => {
      await lockVariant(tx, 8001);
      answer = hold(service, post);
      await queued(service.db, 1);
      // While it waits, another cart's hold of all 3 units on DAY commits.
      await heldByAnother(service, tx, 3);
    });
    const waited = await answer!;
    const unqueued = await hold(service, post);
    expect(waited.status).toBe(409);
    expect(waited.body).toEqual(unqueued.body);
    expect(
      waited.body.details.items.map((i: { status: string; quantity_available: number }) => [
        i.status,
        i.quantity_available,
      ]),
    ).toEqual([
      ['ok', 3],
      ['sold_out', 0],
      ['ok', 2],
    ]);
    expect(await unitsPerDay(service, 8001, service.clock.now())).toEqual(
      new Map([
        [DAY, 3],
        [LATER_DAY, 1],
      ]),
    );
  });

  it("keep the cart's items of a variant it gained while the post waited, and list them", async () => {
    service = await createTestService({ database });
    let answer: ReturnType<typeof hold> | undefined;
    await service.db.transaction(async (tx) => {
      await lockVariant(tx, 8001);
      // The cart holds nothing yet: this post would lock 8001 only, and waits for it.
      answer = hold(service, { cart_token: 'cart', items: [{ external_id: 8001, start: DAY, quantity: 1 }] });
      await queued(service.db, 1);
      // Meanwhile the same cart holds a Double kayak (another variant, not locked here).
      expect(
        (await hold(service, { cart_token: 'cart', items: [{ external_id: 8002, start: DAY, quantity: 2 }] })).status,
      ).toBe(201);
    });
    const waited = await answer!;
    expect(waited.status).toBe(200);
    const items = waited.body.items.map((i: { external_id: number; quantity: number }) => [i.external_id, i.quantity]);
    expect(items.sort()).toEqual([
      [8001, 1],
      [8002, 2],
    ]);
    expect(await unitsPerDay(service, 8001, service.clock.now())).toEqual(new Map([[DAY, 1]]));
    expect(await unitsPerDay(service, 8002, service.clock.now())).toEqual(new Map([[DAY, 2]]));
  });

  it('show as left the units after what the lock holder committed', async () => {
    service = await createTestService({ database });
    let answer: ReturnType<typeof hold> | undefined;
    await service.db.transaction(async (tx) => {
      await lockVariant(tx, 8001);
      answer = hold(service, { cart_token: 'arriving', items: [{ external_id: 8001, start: DAY, quantity: 1 }] });
      await queued(service.db, 1);
      await heldByAnother(service, tx, 1);
    });
    const waited = await answer!;
    expect(waited.status).toBe(201);
    expect(waited.body.items).toMatchObject([{ external_id: 8001, quantity: 1, quantity_available: 2 }]);
    expect(await unitsPerDay(service, 8001, service.clock.now())).toEqual(new Map([[DAY, 2]]));
  });
});
