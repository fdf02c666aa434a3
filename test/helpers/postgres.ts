/**
 * PostgreSQL for tests: each test service gets its own fresh database on the server at
 * `TEST_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/test), dropped on close.
 * Where no server answers, PostgreSQL suites skip with a message, except on CI (CI=true), where
 * they must run and fail instead.
 */
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres } from '../../src/service/db/postgres.ts';
import type { Database } from '../../src/service/db/types.ts';

/** The server's admin URL. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let reachable: Promise<boolean> | undefined;

/** Whether a PostgreSQL server answers at `POSTGRES_URL` (checked once per process). */
export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return reachable;
}

/**
 * Whether PostgreSQL suites run here: true when reachable; on CI an unreachable server throws
 * (the suite must not pass by skipping); locally it prints why it skips.
 */
export async function postgresAvailable(): Promise<boolean> {
  if (await postgresReachable()) return true;
  if (process.env.CI === 'true' || process.env.CI === '1') {
    throw new Error(`PostgreSQL is required on CI but nothing answers at ${POSTGRES_URL}`);
  }
  console.warn(`Skipping the PostgreSQL tests: no server at ${POSTGRES_URL} (set TEST_DATABASE_URL to use another).`);
  return false;
}

/** A new empty database on the server, and a function that drops it. */
export async function createPostgresDatabase(
  poolSize = 10,
): Promise<{ db: Database; url: string; drop(): Promise<void> }> {
  // The run's name first (postgres-setup.ts drops what a run leaves), then this one's.
  const run = inject('testRunId') ?? 'norun';
  const name = `bw_test_${run}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), { max: poolSize });
  return {
    db,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
