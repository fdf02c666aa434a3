/**
 * Applies the migrations a database lacks, once, in order; safe to run at every start and from
 * many processes at once (an advisory lock makes the others wait).
 * @module
 */
import { MIGRATIONS, type Migration } from './migrations.ts';
import type { Database } from './types.ts';

// Any fixed number: the key of the advisory lock that serializes migrating processes.
const MIGRATION_LOCK = 7_001_2026;

/** Brings `db` up to the newest schema and resolves to the versions it applied. */
export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(
    async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await tx.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
      const done = new Set(rows.map((r) => r.version));
      const applied: number[] = [];
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        // One migration holds many statements (and function bodies): `exec` runs them as they are.
        await tx.exec(m.sql);
        await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        applied.push(m.version);
      }
      return applied;
    },
    { retries: 0 },
  );
}
