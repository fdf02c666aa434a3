/**
 * The statements of the admin's sign-in: sessions (each a member of staff's) and one-time codes
 * (each made for a secret token, signing in as its shop's owner), stored by hash. "Now" is the
 * database's clock (or a test's).
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { StaffRole } from '../staff/types.ts';

/** Stores a session of `staffId`, valid for `ttlMs`. */
export async function insertSession(
  db: Queryable,
  idHash: string,
  staffId: number,
  userAgent: string,
  ttlMs: number,
  sqlNow: number | null,
): Promise<void> {
  await db.query(
    `INSERT INTO admin_sessions (id_hash, staff_id, user_agent, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, ${nowSql('$4')}, ${nowSql('$4')}, ${nowSql('$4')} + $5 * interval '1 millisecond')`,
    [idHash, staffId, userAgent.slice(0, 300), nowParam(sqlNow), ttlMs],
  );
}

/** An unexpired session with its member of staff and shop. */
export interface SessionRow {
  session_id: number;
  staff_id: number;
  name: string;
  email: string | null;
  role: StaffRole;
  shop_id: number;
  tz: string;
  locale: string;
  /** Last seen more than a minute ago: worth writing down again. */
  stale: boolean;
}

/** The session of a hash, if unexpired. */
export async function sessionStaff(
  db: Queryable,
  idHash: string,
  sqlNow: number | null,
): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `SELECT a.id AS session_id, m.id AS staff_id, m.name, m.email, m.role, m.shop_id, s.tz, s.locale,
            a.last_seen_at < ${nowSql('$2')} - interval '1 minute' AS stale
       FROM admin_sessions a JOIN staff m ON m.id = a.staff_id JOIN shops s ON s.id = m.shop_id
      WHERE a.id_hash = $1 AND a.expires_at > ${nowSql('$2')}`,
    [idHash, nowParam(sqlNow)],
    { prepare: true },
  );
  const row = rows[0];
  return (
    row && { ...row, session_id: Number(row.session_id), staff_id: Number(row.staff_id), shop_id: Number(row.shop_id) }
  );
}

/** Notes that the session was used now. */
export async function touchSession(db: Queryable, sessionId: number, sqlNow: number | null): Promise<void> {
  await db.query(`UPDATE admin_sessions SET last_seen_at = ${nowSql('$2')} WHERE id = $1`, [
    sessionId,
    nowParam(sqlNow),
  ]);
}

/** A session as listed. */
export interface SessionListRow {
  id: number;
  staff_id: number;
  staff_name: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The shop's unexpired sessions, newest first; only `staffId`'s when given. */
export async function listSessions(
  db: Queryable,
  shopId: number,
  staffId: number | null,
  sqlNow: number | null,
): Promise<SessionListRow[]> {
  const { rows } = await db.query<SessionListRow>(
    `SELECT a.id, m.id AS staff_id, m.name AS staff_name, a.user_agent, ${ISO('a.created_at')} AS created_at,
            ${ISO('a.last_seen_at')} AS last_seen_at, ${ISO('a.expires_at')} AS expires_at
       FROM admin_sessions a JOIN staff m ON m.id = a.staff_id
      WHERE m.shop_id = $1 AND ($2::bigint IS NULL OR m.id = $2) AND a.expires_at > ${nowSql('$3')}
      ORDER BY a.last_seen_at DESC, a.id DESC`,
    [shopId, staffId, nowParam(sqlNow)],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), staff_id: Number(row.staff_id) }));
}

/** Ends the session `id` of the shop (only `staffId`'s when given); resolves to whether one ended. */
export async function deleteSessionById(
  db: Queryable,
  shopId: number,
  id: number,
  staffId: number | null,
): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM admin_sessions a USING staff m
      WHERE a.id = $2 AND m.id = a.staff_id AND m.shop_id = $1 AND ($3::bigint IS NULL OR m.id = $3) RETURNING a.id`,
    [shopId, id, staffId],
  );
  return rows.length > 0;
}

/** Ends a session; and every expired one with it. */
export async function deleteSession(db: Queryable, idHash: string, sqlNow: number | null): Promise<void> {
  await db.query(`DELETE FROM admin_sessions WHERE id_hash = $1 OR expires_at <= ${nowSql('$2')}`, [
    idHash,
    nowParam(sqlNow),
  ]);
}

/** Stores a one-time sign-in code for `tokenId`, valid for `ttlMs`. */
export async function insertSignInCode(
  db: Queryable,
  codeHash: string,
  tokenId: number,
  ttlMs: number,
  sqlNow: number | null,
): Promise<void> {
  await db.query(
    `INSERT INTO admin_sign_in_codes (code_hash, token_id, expires_at) VALUES ($1, $2, ${nowSql('$3')} + $4 * interval '1 millisecond')`,
    [codeHash, tokenId, nowParam(sqlNow), ttlMs],
  );
}

/** Uses up a code: deletes it and resolves to its token's shop if it was unexpired (once only). */
export async function consumeSignInCode(
  db: Queryable,
  codeHash: string,
  sqlNow: number | null,
): Promise<number | undefined> {
  const { rows } = await db.query<{ shop_id: number; live: boolean }>(
    `DELETE FROM admin_sign_in_codes c USING tokens t WHERE c.code_hash = $1 AND t.id = c.token_id
     RETURNING t.shop_id, c.expires_at > ${nowSql('$2')} AS live`,
    [codeHash, nowParam(sqlNow)],
  );
  const row = rows[0];
  return row?.live ? Number(row.shop_id) : undefined;
}

/** The id of a secret token of the shop named `shopName` (the oldest), for the demo's link. */
export async function secretTokenOfShop(db: Queryable, shopName: string): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT t.id FROM tokens t JOIN shops s ON s.id = t.shop_id WHERE s.name = $1 AND t.kind = 'secret' ORDER BY t.id LIMIT 1`,
    [shopName],
  );
  return rows[0] && Number(rows[0].id);
}

/** The shop's name. */
export async function shopName(db: Queryable, shopId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM shops WHERE id = $1', [shopId]);
  return rows[0]?.name;
}

/** The shop's id when the service holds exactly one shop (an address no account has is its business), else undefined. */
export async function loneShop(db: Queryable): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM shops LIMIT 2');
  return rows.length === 1 ? Number(rows[0]!.id) : undefined;
}

/** Ends every session of `staffId` but `keepId` (null: all of them); resolves to how many ended. */
export async function deleteStaffSessions(db: Queryable, staffId: number, keepId: number | null): Promise<number> {
  const { rows } = await db.query(
    'DELETE FROM admin_sessions WHERE staff_id = $1 AND ($2::bigint IS NULL OR id <> $2) RETURNING id',
    [staffId, keepId],
  );
  return rows.length;
}

/** Every shop's name, in order. */
export async function shopNames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM shops ORDER BY name');
  return rows.map((row) => row.name);
}
