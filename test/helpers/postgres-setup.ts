/**
 * Vitest global setup of the suites that make PostgreSQL databases: names this project's run, so
 * every database a test makes carries the name (`bw_test_<run>_…`), and drops what is left of
 * them when the project is done. Test services keep their databases for the whole worker
 * (test/helpers/service.ts), not one file, so no file can drop them itself.
 * @module
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { POSTGRES_URL } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this project's run: part of the name of every PostgreSQL database its tests make. */
    testRunId: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const run = randomBytes(4).toString('hex');
  project.provide('testRunId', run);
  return async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
    } catch {
      return; // No server: the suites skipped (or failed, on CI) and made nothing.
    }
    try {
      const { rows } = await client.query<{ name: string }>(
        `SELECT datname AS name FROM pg_database WHERE datname LIKE $1`,
        [`bw_test_${run}_%`],
      );
      for (const { name } of rows) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end().catch(() => {});
    }
  };
}
