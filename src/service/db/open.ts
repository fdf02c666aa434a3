/**
 * Opens the database the configuration names: PostgreSQL for a URL, else PGlite.
 * @module
 */
import type { Database } from './types.ts';

/** Where the data lives. */
export interface DatabaseOptions {
  /** A `postgres://` URL: use a PostgreSQL server (e.g. from `DATABASE_URL`). */
  url?: string;
  /** PGlite's folder, or `memory`. @default ".data" */
  data?: string;
  /** PostgreSQL pool size. @default 10 */
  poolSize?: number;
}

/**
 * Opens and returns a ready database; migrations are the caller's next step (`migrate`).
 * Drivers are imported lazily so a PGlite-only process never loads `pg`, and the reverse.
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.url, { max: options.poolSize });
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(options.data ?? '.data');
}
