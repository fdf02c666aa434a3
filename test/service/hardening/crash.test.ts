// Crashes (issue 8, point 4): the real CLI on a real socket, killed with SIGKILL in the middle
// of a burst of holds, then started again on the same PGlite folder or PostgreSQL database.
// Afterwards no reservation is half-written, no day is over capacity, and every hold that was
// acknowledged is there. A graceful stop (SIGTERM) answers every request it accepted first.
// These run in the UTC project only: they test processes, not zones, and they are the slow ones.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite } from '../../../src/service/db/pglite.ts';
import type { Queryable } from '../../../src/service/db/types.ts';
import { addDays, type PlainDate } from '../../../src/shared/plain-date.ts';
import { plainDateInZone } from '../../../src/shared/zones.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { createPostgresDatabase } from '../../helpers/postgres.ts';
import { buildCli, type RunningCli, startCli, tempDir, writeFixture } from '../../helpers/cli-process.ts';

const ONLY_ONCE = process.env.TZ !== undefined && process.env.TZ !== 'UTC';

interface Posted {
  cart: string;
  items: { external_id: number; start: PlainDate; quantity: number }[];
}

interface Outcome {
  cart: string;
  /** Undefined when the request failed without an answer (the process died). */
  status?: number;
  /** The whole body parsed, when there was an answer. */
  body?: unknown;
  error?: string;
  /** performance.now() when the answer was complete. */
  at: number;
}

/** `count` hold posts over three variants and three days, one to three items each, every cart new. */
function burst(count: number, label: string): Posted[] {
  // The CLI runs on the real clock: days a few days ahead in the shop's zone, inside the window.
  const today = plainDateInZone(Date.now(), 'Australia/Melbourne');
  const days = [3, 4, 5].map((n) => addDays(today, n));
  const variants = [8001, 8002, 8003];
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  return Array.from({ length: count }, (_, i) => {
    const picked = new Set<number>();
    const itemCount = 1 + next(3);
    while (picked.size < itemCount) picked.add(variants[next(3)]!);
    return {
      cart: `${label}-${i}`,
      items: [...picked].map((external_id) => ({ external_id, start: days[next(3)]!, quantity: 1 + next(2) })),
    };
  });
}

/** Sends every post at once; each token stays under its burst of 100. */
function fire(url: string, posts: Posted[], onAnswer: (o: Outcome) => void): Promise<Outcome[]> {
  return Promise.all(
    posts.map(async (p, i) => {
      const token = i % 2 === 0 ? 'sk_test_harbour' : 'pk_test_harbour';
      let outcome: Outcome;
      try {
        const response = await fetch(`${url}/v1/reservations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ cart_token: p.cart, items: p.items }),
        });
        const text = await response.text();
        outcome = { cart: p.cart, status: response.status, body: JSON.parse(text), at: performance.now() };
      } catch (error) {
        outcome = { cart: p.cart, error: String(error), at: performance.now() };
      }
      onAnswer(outcome);
      return outcome;
    }),
  );
}

/** The invariants, checked in SQL on the database the service left behind. */
async function checkInvariants(db: Queryable, posts: Posted[], outcomes: Outcome[]): Promise<{ stored: number }> {
  const { rows: empty } = await db.query(
    `SELECT r.cart_token FROM reservations r WHERE NOT EXISTS (SELECT 1 FROM reservation_items i WHERE i.reservation_id = r.id)`,
  );
  expect(empty, 'reservations without items').toEqual([]);
  const { rows: over } = await db.query(
    `SELECT v.external_id, d.day::date::text AS day, sum(i.quantity)::int AS used, v.capacity
       FROM reservation_items i JOIN variants v ON v.id = i.variant_id
       CROSS JOIN LATERAL generate_series(i.start_day::timestamp, (i.finish_day - 1)::timestamp, interval '1 day') AS d(day)
      GROUP BY v.external_id, v.capacity, d.day HAVING sum(i.quantity) > v.capacity`,
  );
  expect(over, 'days over capacity').toEqual([]);
  const { rows } = await db.query<{ cart_token: string; external_id: number; start_day: string; quantity: number }>(
    `SELECT r.cart_token, v.external_id::int AS external_id, i.start_day::text AS start_day, i.quantity
       FROM reservations r JOIN reservation_items i ON i.reservation_id = r.id JOIN variants v ON v.id = i.variant_id`,
  );
  const stored = new Map<string, string[]>();
  const mine = new Set(posts.map((p) => p.cart));
  for (const r of rows.filter((r) => mine.has(r.cart_token)))
    stored.set(r.cart_token, [...(stored.get(r.cart_token) ?? []), `${r.external_id} ${r.start_day} ${r.quantity}`]);
  // All or nothing: a stored cart holds exactly what it posted.
  for (const [cart, items] of stored) {
    const post = posts.find((p) => p.cart === cart);
    expect(post, `a reservation nobody posted: ${cart}`).toBeDefined();
    expect(items.sort(), `items of ${cart}`).toEqual(
      post!.items.map((i) => `${i.external_id} ${i.start} ${i.quantity}`).sort(),
    );
  }
  // Durable: every acknowledged hold survived; every refused one left nothing.
  for (const o of outcomes) {
    if (o.status === 200 || o.status === 201)
      expect(stored.has(o.cart), `acknowledged hold ${o.cart} was lost`).toBe(true);
    if (o.status !== undefined && o.status >= 400)
      expect(stored.has(o.cart), `refused hold ${o.cart} was stored`).toBe(false);
  }
  return { stored: stored.size };
}

describeEachDatabase('crashes of the service process', (database) => {
  let cli: string;
  let fixture: string;
  let databaseUrl: string | undefined;
  let drop = async () => {};
  beforeAll(async () => {
    cli = buildCli();
    fixture = writeFixture(testFixture);
    if (database === 'postgres') {
      const pgdb = await createPostgresDatabase();
      await pgdb.db.close();
      databaseUrl = pgdb.url;
      drop = pgdb.drop;
    }
  }, 120_000);
  afterAll(async () => {
    await drop();
  });

  /** Opens the data the CLI left, runs `check`, closes it. */
  async function withData<T>(data: string, check: (db: Queryable) => Promise<T>): Promise<T> {
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return await check({
          query: async (sql, params) => ({ rows: (await client.query(sql, params as unknown[])).rows }),
        });
      } finally {
        await client.end();
      }
    }
    const db = await openPglite(data);
    try {
      return await check(db);
    } finally {
      await db.close();
    }
  }

  async function stop(running: RunningCli): Promise<void> {
    running.child.kill('SIGTERM');
    expect(await running.exited).toEqual({ code: 0, signal: null });
  }

  it.skipIf(ONLY_ONCE)(
    'after kill -9 mid-burst, restarts on the same data with no half-written reservation, no day over capacity and every acknowledged hold kept',
    async () => {
      const data = tempDir('crash');
      const options = { data, fixture, ...(databaseUrl ? { databaseUrl } : {}) };
      const first = await startCli(cli, options);
      const posts = burst(120, `kill-${database}`);
      let answered = 0;
      let killedAt = Infinity;
      const outcomes = await fire(first.url, posts, (o) => {
        if (o.status !== undefined && ++answered === 15) {
          killedAt = performance.now();
          first.child.kill('SIGKILL');
        }
      });
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      // The kill really was mid-burst: some posts never got an answer.
      expect(outcomes.filter((o) => o.status === undefined).length).toBeGreaterThan(0);
      expect(killedAt).toBeLessThan(Infinity);

      const second = await startCli(cli, options);
      const health = await fetch(`${second.url}/v1/widgets`, { headers: { authorization: 'Bearer sk_test_harbour' } });
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      await stop(second);
      const { stored } = await withData(data, (db) => checkInvariants(db, posts, outcomes));
      expect(stored).toBeGreaterThanOrEqual(1);
    },
    60_000,
  );

  it.skipIf(ONLY_ONCE)(
    'on SIGTERM answers every request it accepted in full, commits nothing it did not answer, and exits 0',
    async () => {
      const data = tempDir('term');
      const options = { data, fixture, ...(databaseUrl ? { databaseUrl } : {}) };
      const running = await startCli(cli, options);
      const posts = burst(80, `term-${database}`);
      let termAt = Infinity;
      const outcomes = await fire(running.url, posts, (o) => {
        if (o.status !== undefined && termAt === Infinity) {
          termAt = performance.now();
          running.child.kill('SIGTERM');
        }
      });
      expect(await running.exited).toEqual({ code: 0, signal: null });
      // Requests were still being answered after the signal: the stop waited for them.
      expect(outcomes.filter((o) => o.status !== undefined && o.at > termAt).length).toBeGreaterThan(0);
      for (const o of outcomes) if (o.status !== undefined) expect(o.body, o.cart).toBeTypeOf('object');
      await withData(data, async (db) => {
        await checkInvariants(db, posts, outcomes);
        // Nothing committed without an answer: every stored cart was answered 2xx.
        const { rows } = await db.query<{ cart_token: string }>(
          `SELECT cart_token FROM reservations WHERE cart_token LIKE $1`,
          [`term-${database}-%`],
        );
        const answered = new Set(outcomes.filter((o) => o.status === 200 || o.status === 201).map((o) => o.cart));
        expect(rows.map((r) => r.cart_token).filter((c) => !answered.has(c))).toEqual([]);
      });
    },
    60_000,
  );
});
