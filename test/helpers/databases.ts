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

/**
 * `describe` on PostgreSQL only, for what PGlite cannot show: concurrent transactions waiting
 * on row locks (PGlite runs one connection). Skipped, with the reason in its title, where no
 * PostgreSQL answers; on CI that cannot happen.
 */
export function describePostgres(name: string, body: (database: 'postgres') => void): void {
  describe.skipIf(!withPostgres)(`${name} (postgres${withPostgres ? '' : ': no server answered'})`, () =>
    body('postgres'),
  );
}
