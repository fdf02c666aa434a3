/**
 * The service under load, in its own process (forked by service-load.ts): the v1 app on a
 * fresh database (PGlite in memory, or a PostgreSQL database the parent created), rate limits
 * off, on a real socket at 127.0.0.1; beside it a bare Hono JSON endpoint on another port, the
 * yardstick every endpoint is compared with. Talks to the parent over IPC:
 *   → { type: 'ready', api, bare }       once listening
 *   ← { type: 'check' }  → { type: 'check', days, unexpected }   held per variant and day vs capacity
 *   ← { type: 'resource-check', prefix } → { type: 'resource-check', resources }   most units in use at any instant per resource named prefix…
 *   ← { type: 'profile-reset' } / { type: 'profile' } → { type: 'profile', profile }   SQL statements, their time, row-lock wait and hold
 *   ← { type: 'close' }  → exits after closing the servers and the database
 * @module
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { Hono } from 'hono';
import { createApp } from '../../src/service/app.ts';
import { migrate } from '../../src/service/db/migrate.ts';
import { openPglite } from '../../src/service/db/pglite.ts';
import { openPostgres } from '../../src/service/db/postgres.ts';
import type { Database, Queryable, QueryOptions } from '../../src/service/db/types.ts';
import { loadFixture } from '../../src/service/fixture.ts';
import { listen } from '../../src/service/server.ts';

/** What the parent passes as argv[2] (JSON). */
export interface ChildOptions {
  database: 'pglite' | 'postgres';
  /** PostgreSQL URL of the fresh database. */
  url?: string;
  /** Path of the fixture JSON. */
  fixture: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** Rate limits on (the defaults), clients told apart by `x-forwarded-for`. @default off */
  limits?: boolean;
  /** Path of SQL run after the fixture (the slots section's schedules and live reservations). */
  setup?: string;
}

/** One variant-day as stored after the run. */
export interface HeldDay {
  variant: string;
  day: string;
  capacity: number;
  held: number;
}

/** Sums the units held by unexpired holds per variant and local day (bookings are added where the table has them). */
export const HELD_SQL = `
SELECT v.external_id::text AS variant, to_char(d, 'YYYY-MM-DD') AS day, v.capacity, SUM(i.quantity)::int AS held
FROM reservation_items i
JOIN reservations r ON r.id = i.reservation_id
JOIN variants v ON v.id = i.variant_id
CROSS JOIN LATERAL generate_series(i.start_day::timestamp, (i.finish_day - 1)::timestamp, interval '1 day') AS d
WHERE r.expires_at > now()
GROUP BY v.external_id, v.capacity, d
ORDER BY 1, 2`;

/** One resource as stored after the run: its units and the most of them in use at any instant. */
export interface ResourcePeak {
  name: string;
  units: number;
  peak: number;
  /** Live allocation rows on it. */
  rows: number;
}

/**
 * Per resource whose name starts with $1: the most units live holds and bookings take at any one
 * instant (rows of one share_key counted once, by their largest units), as resource_units_in_use
 * counts them, but written independently of it.
 */
export const RESOURCE_PEAK_SQL = `
WITH live AS (
  SELECT a.resource_id, a.start_at, a.finish_at, a.units, coalesce(a.share_key, 'row:' || a.id) AS k
    FROM resource_allocations a
    LEFT JOIN reservation_items ri ON ri.id = a.reservation_item_id
    LEFT JOIN reservations r ON r.id = ri.reservation_id
    LEFT JOIN booking_items bi ON bi.id = a.booking_item_id
    LEFT JOIN bookings b ON b.id = bi.booking_id
   WHERE r.expires_at > now() OR b.status IN ('pending', 'confirmed')),
grouped AS (SELECT resource_id, k, min(start_at) AS s, max(finish_at) AS f, max(units) AS q FROM live GROUP BY 1, 2)
SELECT s.name, s.units,
       coalesce((SELECT max((SELECT sum(g2.q) FROM grouped g2 WHERE g2.resource_id = g.resource_id AND g2.s <= g.s AND g2.f > g.s))
                   FROM grouped g WHERE g.resource_id = s.id), 0)::int AS peak,
       (SELECT count(*) FROM live l WHERE l.resource_id = s.id)::int AS rows
  FROM resources s WHERE starts_with(s.name, $1) ORDER BY s.name`;

/** Where the database time of a phase went, summed over its requests. */
export interface Profile {
  statements: number;
  statementMs: number;
  transactions: number;
  transactionMs: number;
  transactionStatements: number;
  /** Time in statements that take row locks (FOR UPDATE, FOR NO KEY UPDATE…): mostly waiting for another transaction's lock. */
  lockWaitMs: number;
  /** From the lock being granted to the end of the transaction (COMMIT or ROLLBACK done), or of a server-side call (then COMMIT). */
  lockHeldMs: number;
  /** How many of the transactions were server-side calls timed by the server (their COMMIT not included). */
  serverTimedLocks: number;
  /** Total time per statement kind (its first words). */
  byKind: Record<string, { n: number; ms: number }>;
}

function emptyProfile(): Profile {
  return {
    statements: 0,
    statementMs: 0,
    transactions: 0,
    transactionMs: 0,
    transactionStatements: 0,
    lockWaitMs: 0,
    lockHeldMs: 0,
    serverTimedLocks: 0,
    byKind: {},
  };
}

/** The database with every statement and transaction timed into `profile()` (the service code is untouched). */
function profiled(db: Database, profile: () => Profile): Database {
  // Each statement's kind, by its text: the service's texts are few and fixed, and this
  // process's own CPU is part of what the bench measures.
  const kinds = new Map<string, string>();
  const timed = async <Row>(
    target: Queryable,
    sql: string,
    params: readonly unknown[] | undefined,
    options: QueryOptions | undefined,
    onDone?: (ms: number) => void,
  ) => {
    const t0 = performance.now();
    try {
      const result = await target.query<Row>(sql, params, options);
      // A server-side call that takes row locks (`hold_items`) is one autocommitted
      // transaction and reports, as the server timed them, how long it waited for the locks and
      // then held them until its end; its COMMIT follows at once, before the answer is sent.
      const first = result.rows[0] as { lock_wait_ms?: unknown; lock_held_ms?: unknown } | undefined;
      if (typeof first?.lock_wait_ms === 'number' && typeof first.lock_held_ms === 'number') {
        const p = profile();
        p.transactions++;
        p.transactionMs += performance.now() - t0;
        p.transactionStatements++;
        p.lockWaitMs += first.lock_wait_ms;
        p.lockHeldMs += first.lock_held_ms;
        p.serverTimedLocks++;
      }
      return result;
    } finally {
      const elapsed = performance.now() - t0;
      const p = profile();
      p.statements++;
      p.statementMs += elapsed;
      let kind = kinds.get(sql);
      if (kind === undefined) kinds.set(sql, (kind = sql.replace(/\s+/g, ' ').trim().slice(0, 48)));
      const k = (p.byKind[kind] ??= { n: 0, ms: 0 });
      k.n++;
      k.ms += elapsed;
      onDone?.(elapsed);
    }
  };
  return {
    kind: db.kind,
    query: (sql, params, options) => timed(db, sql, params, options),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    async transaction(callback, options) {
      const t0 = performance.now();
      let lockedAt: number | undefined;
      let statements = 0;
      try {
        return await db.transaction(async (tx) => {
          lockedAt = undefined;
          return callback({
            query: (sql, params, options) =>
              timed(tx, sql, params, options, (elapsed) => {
                statements++;
                if (lockedAt === undefined && /FOR (NO KEY )?UPDATE|FOR (KEY )?SHARE/i.test(sql)) {
                  lockedAt = performance.now();
                  profile().lockWaitMs += elapsed;
                }
              }),
            exec: (sql) => tx.exec(sql),
          });
        }, options);
      } finally {
        const end = performance.now();
        const p = profile();
        p.transactions++;
        p.transactionMs += end - t0;
        p.transactionStatements += statements;
        if (lockedAt !== undefined) p.lockHeldMs += end - lockedAt;
      }
    },
  };
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as ChildOptions;
  let profile = emptyProfile();
  const raw: Database =
    options.database === 'postgres'
      ? await openPostgres(options.url!, { max: options.poolSize ?? 10 })
      : await openPglite('memory');
  const db = profiled(raw, () => profile);
  await migrate(db);
  await loadFixture(db, JSON.parse(await readFile(options.fixture, 'utf8')));
  if (options.setup) await raw.exec(await readFile(options.setup, 'utf8'));
  const unexpected: string[] = [];
  const app = createApp({
    db,
    rateLimit: options.limits ? {} : false,
    trustProxyHeader: options.limits ? 'x-forwarded-for' : undefined,
    logError: (error) => {
      if (unexpected.length < 5) unexpected.push(error instanceof Error ? error.message : String(error));
      else unexpected.push('');
    },
  });
  const api = await listen((request) => app.fetch(request), { port: 0 });
  const bareApp = new Hono();
  bareApp.get('/bare', (c) => c.json({ id: 1, title: 'bare', items: [1, 2, 3] }));
  const bare = await listen((request) => bareApp.fetch(request), { port: 0 });

  process.on('message', (message: { type: string }) => {
    void (async () => {
      if (message.type === 'check') {
        try {
          const { rows } = await db.query<HeldDay>(HELD_SQL);
          process.send!({
            type: 'check',
            days: rows,
            unexpected: unexpected.length,
            samples: unexpected.filter(Boolean),
          });
        } catch (error) {
          process.send!({
            type: 'check',
            error: error instanceof Error ? error.message : String(error),
            unexpected: unexpected.length,
            samples: unexpected.filter(Boolean),
          });
        }
      } else if (message.type === 'resource-check') {
        try {
          const prefix = (message as { prefix?: string }).prefix ?? '';
          const { rows } = await db.query<ResourcePeak>(RESOURCE_PEAK_SQL, [prefix]);
          process.send!({ type: 'resource-check', resources: rows });
        } catch (error) {
          process.send!({ type: 'resource-check', error: error instanceof Error ? error.message : String(error) });
        }
      } else if (message.type === 'profile-reset') {
        profile = emptyProfile();
        process.send!({ type: 'profile-reset' });
      } else if (message.type === 'profile') {
        process.send!({ type: 'profile', profile });
      } else if (message.type === 'close') {
        await Promise.all([api.close(), bare.close()]);
        await db.close();
        process.exit(0);
      }
    })();
  });
  process.send!({ type: 'ready', api: api.url, bare: `${bare.url}/bare` });
}

main().catch((error: unknown) => {
  process.send?.({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  console.error(error);
  process.exit(1);
});
