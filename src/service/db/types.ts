/**
 * The database seam: one small interface that the PGlite and PostgreSQL drivers both implement,
 * so every query in the service is written once, in PostgreSQL's dialect.
 * @module
 */

/** How to run one statement. */
export interface QueryOptions {
  /**
   * Keep it as a prepared statement on each connection that runs it (PostgreSQL; PGlite ignores
   * this): parsed and planned once per connection instead of per call, which for a statement of
   * several joins costs more server CPU than running it. Only for SQL whose text never varies
   * (every value a parameter): each distinct text stays in every connection's memory.
   */
  prepare?: boolean;
}

/** Something that runs parameterised SQL: the database itself, or an open transaction. */
export interface Queryable {
  /** Runs one statement with `$1`-style parameters and resolves to its rows. */
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: Row[] }>;
}

/** Something that also runs several statements at once: the database, or a transaction. */
export interface Executable extends Queryable {
  /**
   * Runs several `;`-separated statements with no parameters, in order (migrations). PGlite has
   * `exec`; with `pg`, a query without parameters goes as PostgreSQL's simple query, which may
   * hold many statements. Inside a transaction they are part of it.
   */
  exec(sql: string): Promise<void>;
}

/** A transaction's handle: usable only inside its `transaction` callback. */
export type Transaction = Executable;

/** Which engine a database runs on. */
export type DatabaseKind = 'pglite' | 'postgres';

/** An open database. Create one with `openDatabase`. */
export interface Database extends Executable {
  readonly kind: DatabaseKind;
  /**
   * Runs `callback` in one transaction: COMMIT when it resolves, ROLLBACK when it throws.
   * A serialization failure or deadlock is retried (up to `retries` times) by running the
   * callback again, so callbacks must not have side effects outside the database.
   */
  transaction<T>(callback: (tx: Transaction) => Promise<T>, options?: { retries?: number }): Promise<T>;
  /**
   * A copy of the whole data directory, which `openPglite(…, snapshot)` starts from (tests use
   * it to get a fresh migrated database fast). Only PGlite has one; a server's data is its own.
   */
  dump?(): Promise<Blob | File>;
  /** Closes the database or the pool; further calls fail. */
  close(): Promise<void>;
}

/** SQLSTATEs after which the whole transaction may simply be run again. */
export const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

/** Adds the failing SQL and parameters to a driver's error, as PGlite does, without hiding it. */
export function withQueryContext(error: unknown, sql: string, params: readonly unknown[] | undefined): unknown {
  if (error && typeof error === 'object') {
    Object.assign(error, { query: sql, params });
  }
  return error;
}

/** The SQLSTATE of a driver error, if it has one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
