/**
 * The in-process service for tests: a fresh database (PGlite in memory by default, or a fresh
 * PostgreSQL database), migrated, seeded from the test fixture, behind `createApp`, with a
 * clock the test moves. No socket: requests go straight to `fetch`.
 */
import { createApp, type AppOptions } from '../../src/service/app.ts';
import { manualClock, type ManualClock } from '../../src/service/clock.ts';
import { migrate } from '../../src/service/db/migrate.ts';
import { openPglite } from '../../src/service/db/pglite.ts';
import type { Database } from '../../src/service/db/types.ts';
import { loadFixture } from '../../src/service/fixture.ts';
import { testFixture, TEST_NOW } from './fixture.ts';
import { createPostgresDatabase } from './postgres.ts';

/** A running in-process service. */
export interface TestService {
  fetch(request: Request): Promise<Response>;
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
}

let snapshot: Promise<Blob | File> | undefined;

/** A migrated, empty PGlite database dumped once per test process, restored per service. */
async function freshPglite(): Promise<Database> {
  snapshot ??= (async () => {
    const db = (await openPglite('memory')) as Database & { dump(): Promise<Blob | File> };
    await migrate(db);
    const dump = await db.dump();
    await db.close();
    return dump;
  })();
  return openPglite('memory', await snapshot);
}

/** Starts a service on a fresh database seeded from the fixture. */
export async function createTestService(options: TestServiceOptions = {}): Promise<TestService> {
  let db: Database;
  let dropDatabase = async () => {};
  if (options.database === 'postgres') {
    const pg = await createPostgresDatabase();
    db = pg.db;
    dropDatabase = pg.drop;
    await migrate(db);
  } else {
    db = await freshPglite();
  }
  await loadFixture(db, options.fixture ?? testFixture);
  const clock = manualClock(options.now ?? TEST_NOW);
  const unexpected: unknown[] = [];
  const app = createApp({ db, clock, rateLimit: options.rateLimit ?? false, logError: options.logError ?? ((error) => unexpected.push(error)) });
  return {
    fetch: (request) => app.fetch(request),
    baseUrl: 'http://booking.test',
    clock,
    db,
    async close() {
      await db.close();
      await dropDatabase();
      if (unexpected.length > 0) throw new AggregateError(unexpected, `The service hit ${unexpected.length} unexpected error(s) (500s)`);
    },
  };
}
