/**
 * Runs a service suite once per database engine: PGlite always, PostgreSQL where a server
 * answers (always on CI). Usage:
 *
 *   describeEachDatabase('GET /v1/widgets', (database) => {
 *     it('…', async () => { const service = await createTestService({ database }); … });
 *   });
 */
import { describe } from 'vitest';
import { postgresAvailable } from './postgres.ts';

/** The engines a suite can run on. */
export type DatabaseName = 'pglite' | 'postgres';

// Resolved once when the test file loads (top-level await), so skipping is decided up front.
const withPostgres = await postgresAvailable();

/** `describe` for each available engine, titled `name (pglite)` / `name (postgres)`. */
export function describeEachDatabase(name: string, body: (database: DatabaseName) => void): void {
  describe(`${name} (pglite)`, () => body('pglite'));
  describe.skipIf(!withPostgres)(`${name} (postgres)`, () => body('postgres'));
}
