/**
 * The key manage links are signed with when the operator sets none (`MANAGE_LINK_SECRET`): made
 * by the database on first use (two random UUIDs: 244 random bits) and kept in
 * `service_secrets`, so every process on one database signs and checks alike.
 * @module
 */
import type { Queryable } from '../db/types.ts';

/**
 * The stored key, made now if there is none. ON CONFLICT DO UPDATE (a no-op) rather than DO
 * NOTHING plus a SELECT: when another process is making the key at that moment, the insert waits
 * for it and the statement then returns its committed row, where a SELECT in the same statement
 * would read the snapshot from before it and find nothing (two processes starting on a new
 * database). The write happens once per process: the callers keep the key.
 */
export async function storedManageSecret(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ value: string }>(
    `INSERT INTO service_secrets (name, value)
     VALUES ('manage_link', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
     ON CONFLICT (name) DO UPDATE SET name = service_secrets.name
     RETURNING value`,
  );
  return rows[0]!.value;
}

/** `MANAGE_LINK_SECRET` when set (at least 32 characters), else the database's key. */
export async function manageSecret(db: Queryable, fromEnv: string | undefined): Promise<string> {
  const configured = fromEnv?.trim();
  if (configured) {
    if (configured.length < 32) throw new Error('MANAGE_LINK_SECRET must be at least 32 characters long');
    return configured;
  }
  return storedManageSecret(db);
}
