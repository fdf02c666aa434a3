/**
 * The scale-out driver: a PostgreSQL server through a `pg` connection pool.
 * @module
 */
import pg from 'pg';
import {
  type Database,
  type QueryOptions,
  type Transaction,
  RETRYABLE_SQLSTATES,
  sqlState,
  withQueryContext,
} from './types.ts';

// int8 (bigint) and numeric as JS numbers, as PGlite returns them: ids and external ids stay
// below 2^53 (checked on input), and one mapping keeps both drivers' rows identical.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number(value);
    if (oid === 1016)
      return (value: string) => (pg.types.getTypeParser(1016 as never, 'text')(value) as string[]).map(Number);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** Opens a pool on `url` (`postgres://…`) with up to `max` connections (default 10). */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
  // An idle client's error (the server restarting) must not crash the process.
  pool.on('error', () => {});
  await pool.query('SELECT 1');
  // One name per prepared text, so no two texts ever share a name on a connection (pg refuses that).
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (name === undefined) names.set(sql, (name = `prepared_${names.size + 1}`));
    return name;
  };
  const run = async <Row>(
    target: pg.Pool | pg.PoolClient,
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ) => {
    try {
      const values = params as unknown[] | undefined;
      const result = await (options?.prepare
        ? target.query({ name: nameOf(sql), text: sql, values })
        : target.query(sql, values));
      return { rows: result.rows as Row[] };
    } catch (error) {
      throw withQueryContext(error, sql, params);
    }
  };
  // No parameters: pg sends a simple query, which PostgreSQL runs statement by statement.
  const execOn = async (target: pg.Pool | pg.PoolClient, sql: string) => {
    try {
      await target.query(sql);
    } catch (error) {
      throw withQueryContext(error, sql, undefined);
    }
  };
  return {
    kind: 'postgres',
    query: (sql, params, options) => run(pool, sql, params, options),
    async transaction(callback, options) {
      const retries = options?.retries ?? 5;
      for (let attempt = 0; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const handle: Transaction = {
            query: (sql, params, options) => run(client, sql, params, options),
            exec: (sql) => execOn(client, sql),
          };
          const result = await callback(handle);
          await client.query('COMMIT');
          client.release();
          return result;
        } catch (error) {
          // A connection whose ROLLBACK fails is broken (the server went away): destroy it
          // instead of handing it to the next transaction.
          const broken = await client.query('ROLLBACK').then(
            () => undefined,
            (rollbackError: unknown) =>
              rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError)),
          );
          client.release(broken);
          if (attempt < retries && RETRYABLE_SQLSTATES.has(sqlState(error) ?? '')) {
            // Back off a little, at random, so the same transactions do not collide again.
            await new Promise((r) => setTimeout(r, Math.random() * 10 * (attempt + 1)));
            continue;
          }
          throw error;
        }
      }
    },
    exec: (sql) => execOn(pool, sql),
    async close() {
      await pool.end();
    },
  };
}
