/**
 * A fresh in-memory PGlite for a test, loaded from the run's snapshot (pglite-setup.ts) instead
 * of created anew: the same database a new one would be, in a fraction of the time.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { migrate } from '../../src/service/db/migrate.ts';
import { openPglite, type PgliteDatabase } from '../../src/service/db/pglite.ts';

const cache: Partial<Record<'empty' | 'migrated', Promise<Blob>>> = {};

/**
 * A new in-memory PGlite: `migrated` (every migration applied, no rows) or `empty` (just
 * created). Outside a run with the global setup (a file run on its own by another tool), it is
 * made the slow way.
 */
export async function openTestPglite(state: 'empty' | 'migrated'): Promise<PgliteDatabase> {
  const path = inject('pgliteSnapshots')?.[state];
  if (!path) {
    const db = await openPglite('memory');
    if (state === 'migrated') await migrate(db);
    return db;
  }
  cache[state] ??= readFile(path).then((bytes) => new Blob([bytes]));
  return openPglite('memory', await cache[state]);
}
