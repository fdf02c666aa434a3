/**
 * The in-process service for tests: a database in the state of a fresh one (PGlite in memory by
 * default, or a PostgreSQL database of its own), migrated, seeded from the test fixture, behind `createApp`, with a
 * clock the test moves. No socket: requests go straight to `fetch`.
 */
import { createApp, type AppOptions } from '../../src/service/app.ts';
import { manualClock, type ManualClock } from '../../src/service/clock.ts';
import { migrate } from '../../src/service/db/migrate.ts';
import type { Database } from '../../src/service/db/types.ts';
import { loadFixture } from '../../src/service/fixture.ts';
import { testFixture, TEST_NOW } from './fixture.ts';
import { type AnswerDriftError, conformingFetch } from './openapi-conformance.ts';
import { openTestPglite } from './pglite-snapshots.ts';
import { createPostgresDatabase } from './postgres.ts';

/** A running in-process service. */
export interface TestService {
  /** `env.clientAddress` is the caller's address, as a socket would give it (per-client limits). */
  fetch(request: Request, env?: { clientAddress?: string }): Promise<Response>;
  /** The origin requests are addressed to (never dialled). */
  baseUrl: string;
  clock: ManualClock;
  db: Database;
  close(): Promise<void>;
}

/** Options of `createTestService`. */
export interface TestServiceOptions {
  /** The clock's start. @default TEST_NOW */
  now?: string | number;
  /** The data to load. @default testFixture */
  fixture?: unknown;
  /** Which engine. @default "pglite" */
  database?: 'pglite' | 'postgres';
  /** Where unexpected errors go. @default collected; the test fails on close if any */
  logError?: (error: unknown) => void;
  /** Per-token rate limits. @default false: suites send bursts; rate-limit tests opt in */
  rateLimit?: AppOptions['rateLimit'];
  /** The app's token cache TTL; 0 asks the database on every request. @default the app's (10 s) */
  tokenCacheMs?: number;
  /** `PUBLIC_URL`: the service's address behind a TLS proxy. @default none */
  publicUrl?: string;
  /** `TRUST_PROXY_HEADER` (X-Forwarded-Proto is believed then). @default none */
  trustProxyHeader?: string;
  /** Where password reset links go (admin/reset-mail.ts). @default the app's: printed */
  resetMail?: AppOptions['resetMail'];
}

/**
 * Databases this test worker has migrated once and reuses, from file to file (the service
 * projects do not isolate their files: vite.config.ts): a service takes one, empties it (every
 * table truncated, identities restarted: the state of a fresh database, ids included) and
 * loads its fixture; closing the service hands it back. Opening and migrating a new database
 * costs most of a second to seconds, where emptying costs milliseconds. In-memory PGlites end
 * with the worker; PostgreSQL databases are dropped when the run ends (postgres-setup.ts).
 */
const idle: Record<'pglite' | 'postgres', Array<{ db: Database; drop(): Promise<void> }>> = {
  pglite: [],
  postgres: [],
};

/** At most this many idle databases per engine are kept (each PostgreSQL one holds a pool of connections). */
const KEEP_IDLE = 3;

async function takeDatabase(engine: 'pglite' | 'postgres'): Promise<{ db: Database; drop(): Promise<void> }> {
  const reused = idle[engine].pop();
  if (reused) {
    await emptyDatabase(reused.db);
    return reused;
  }
  if (engine === 'postgres') {
    const pg = await createPostgresDatabase();
    await migrate(pg.db);
    return pg;
  }
  const db = await openTestPglite('migrated');
  return { db, drop: async () => {} };
}

/** Truncates every table but the migration log, restarting their id sequences. */
async function emptyDatabase(db: Database): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`,
  );
  if (rows.length > 0) await db.exec(`TRUNCATE ${rows.map((r) => r.name).join(', ')} RESTART IDENTITY CASCADE`);
}

/** Starts a service on a fresh database seeded from the fixture. */
export async function createTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const engine = options.database ?? 'pglite';
  const taken = await takeDatabase(engine);
  const { db } = taken;
  await loadFixture(db, options.fixture ?? testFixture);
  const clock = manualClock(options.now ?? TEST_NOW);
  const unexpected: unknown[] = [];
  const app = createApp({
    db,
    clock,
    rateLimit: options.rateLimit ?? false,
    tokenCacheMs: options.tokenCacheMs,
    publicUrl: options.publicUrl,
    trustProxyHeader: options.trustProxyHeader,
    resetMail: options.resetMail,
    logError: options.logError ?? ((error) => unexpected.push(error)),
  });
  // Every answer is held against the OpenAPI document (openapi-conformance.ts).
  const drifts: AnswerDriftError[] = [];
  return {
    fetch: conformingFetch((request: Request, env?: { clientAddress?: string }) => app.fetch(request, env), drifts),
    baseUrl: 'http://booking.test',
    clock,
    db,
    async close() {
      // A database a test closed itself (or broke) is not handed to the next test.
      const usable = await db.query('SELECT 1').then(
        () => true,
        () => false,
      );
      if (usable && idle[engine].length < KEEP_IDLE) idle[engine].push(taken);
      else {
        if (usable) await db.close().catch(() => {});
        await taken.drop().catch(() => {});
      }
      if (drifts.length > 0)
        throw new AggregateError(
          drifts,
          `${drifts.length} answer(s) unlike the OpenAPI document: ${drifts[0]!.message}`,
        );
      if (unexpected.length > 0)
        throw new AggregateError(unexpected, `The service hit ${unexpected.length} unexpected error(s) (500s)`);
    },
  };
}
