/**
 * The embedded driver: PGlite, real PostgreSQL compiled to WebAssembly, in a folder or memory.
 * @module
 */
import { PGlite } from '@electric-sql/pglite';
import { type Database, type Transaction, RETRYABLE_SQLSTATES, sqlState, withQueryContext } from './types.ts';

/**
 * Opens PGlite on `dataDir` (a folder, created when missing) or in memory when `dataDir` is
 * `memory` or undefined. `snapshot` (a data-dir dump) starts from a copy, which tests use to get
 * a fresh migrated database in a fraction of the time a new one takes.
 */
export async function openPglite(dataDir?: string, snapshot?: Blob | File): Promise<PgliteDatabase> {
  const dir = !dataDir || dataDir === 'memory' ? undefined : dataDir;
  const pg = await PGlite.create(dir, snapshot ? { loadDataDir: snapshot } : {});
  return pgliteDatabase(pg);
}

/** A PGlite database: one that can always `dump` its data directory. */
export type PgliteDatabase = Database & Required<Pick<Database, 'dump'>>;

function pgliteDatabase(pg: PGlite): PgliteDatabase {
  // PGlite runs one statement at a time on one connection; its `transaction` holds that
  // connection for the callback, so concurrent transactions are serialized, never interleaved.
  const run = async <Row>(target: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) => {
    try {
      const result = await target.query<Row>(sql, params as unknown[] | undefined);
      return { rows: result.rows };
    } catch (error) {
      throw withQueryContext(error, sql, params);
    }
  };
  const execOn = async (target: Pick<PGlite, 'exec'>, sql: string) => {
    try {
      await target.exec(sql);
    } catch (error) {
      throw withQueryContext(error, sql, undefined);
    }
  };
  return {
    kind: 'pglite',
    query: (sql, params) => run(pg, sql, params),
    async transaction(callback, options) {
      const retries = options?.retries ?? 5;
      for (let attempt = 0; ; attempt++) {
        try {
          return await pg.transaction((tx) => {
            const handle: Transaction = {
              query: (sql, params) => run(tx, sql, params),
              exec: (sql) => execOn(tx, sql),
            };
            return callback(handle);
          });
        } catch (error) {
          if (attempt < retries && RETRYABLE_SQLSTATES.has(sqlState(error) ?? '')) continue;
          throw error;
        }
      }
    },
    exec: (sql) => execOn(pg, sql),
    async close() {
      if (!pg.closed) await pg.close();
    },
    dump: () => pg.dumpDataDir('none'),
  };
}
