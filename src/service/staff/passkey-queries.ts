/**
 * The statements of passkeys (WebAuthn credentials) and of their ceremonies' challenges, kept
 * until answered or for 5 minutes (by the database's clock). Credentials are scoped by person,
 * and people by shop.
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';

/** A stored passkey. */
export interface PasskeyRow {
  id: number;
  staff_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string[];
  name: string;
  created_at: string;
}

const ROW = `id, staff_id, credential_id, public_key, counter, transports, name,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;
const asRow = (row: PasskeyRow): PasskeyRow => ({
  ...row,
  id: Number(row.id),
  staff_id: Number(row.staff_id),
  counter: Number(row.counter),
});

/** A person's passkeys. */
export async function passkeysOf(db: Queryable, staffId: number): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>(`SELECT ${ROW} FROM staff_passkeys WHERE staff_id = $1 ORDER BY id`, [
    staffId,
  ]);
  return rows.map(asRow);
}

/** The passkey of a credential id, if any. */
export async function passkeyByCredential(db: Queryable, credentialId: string): Promise<PasskeyRow | undefined> {
  const { rows } = await db.query<PasskeyRow>(`SELECT ${ROW} FROM staff_passkeys WHERE credential_id = $1`, [
    credentialId,
  ]);
  return rows[0] && asRow(rows[0]);
}

/** Stores a passkey. */
export async function insertPasskey(
  db: Queryable,
  staffId: number,
  fields: { credentialId: string; publicKey: string; counter: number; transports: string[]; name: string },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO staff_passkeys (staff_id, credential_id, public_key, counter, transports, name)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [staffId, fields.credentialId, fields.publicKey, fields.counter, fields.transports, fields.name],
  );
  return Number(rows[0]!.id);
}

/** Notes a passkey's new signature counter. */
export async function updatePasskeyCounter(db: Queryable, id: number, counter: number): Promise<void> {
  await db.query('UPDATE staff_passkeys SET counter = $2 WHERE id = $1', [id, counter]);
}

/** Removes one of a person's passkeys; resolves to whether there was one. */
export async function deletePasskey(db: Queryable, staffId: number, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM staff_passkeys WHERE staff_id = $1 AND id = $2 RETURNING id', [
    staffId,
    id,
  ]);
  return rows.length > 0;
}

/** Keeps a ceremony's challenge for 5 minutes. */
export async function insertChallenge(
  db: Queryable,
  idHash: string,
  challenge: string,
  staffId: number | null,
  sqlNow: number | null,
): Promise<void> {
  await db.query(
    `INSERT INTO staff_challenges (id_hash, challenge, staff_id, expires_at)
     VALUES ($1, $2, $3, ${nowSql('$4')} + interval '5 minutes')`,
    [idHash, challenge, staffId, nowParam(sqlNow)],
  );
}

/** Uses up a ceremony's challenge (once): resolves to it while unexpired; expired ones go with it. */
export async function takeChallenge(
  db: Queryable,
  idHash: string,
  sqlNow: number | null,
): Promise<{ challenge: string; staff_id: number | null } | undefined> {
  const { rows } = await db.query<{ challenge: string; staff_id: number | null; live: boolean }>(
    `DELETE FROM staff_challenges WHERE id_hash = $1 OR expires_at <= ${nowSql('$2')}
     RETURNING id_hash = $1 AS mine, challenge, staff_id, expires_at > ${nowSql('$2')} AS live`,
    [idHash, nowParam(sqlNow)],
  );
  const row = (rows as Array<{ mine: boolean; challenge: string; staff_id: number | null; live: boolean }>).find(
    (r) => r.mine && r.live,
  );
  return row && { challenge: row.challenge, staff_id: row.staff_id === null ? null : Number(row.staff_id) };
}
