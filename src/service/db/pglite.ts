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
export async function openPglite(dataDir?: string, snapshot?: Blob | File): Promise<Database> {
  const dir = !dataDir || dataDir === 'memory' ? undefined : dataDir;
  const pg = await PGlite.create(dir, snapshot ? { loadDataDir: snapshot } : {});
  return pgliteDatabase(pg);
}

function pgliteDatabase(pg: PGlite): Database {
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
  return {
    kind: 'pglite',
    query: (sql, params) => run(pg, sql, params),
    async transaction(callback, options) {
      const retries = options?.retries ?? 5;
      for (let attempt = 0; ; attempt++) {
        try {
          return await pg.transaction((tx) => {
            const handle: Transaction = { query: (sql, params) => run(tx, sql, params) };
            return callback(handle);
          });
        } catch (error) {
          if (attempt < retries && RETRYABLE_SQLSTATES.has(sqlState(error) ?? '')) continue;
          throw error;
        }
      }
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
    dump: () => pg.dumpDataDir('none'),
  } as Database & { dump(): Promise<Blob | File> };
}
