/**
 * The statements of staff accounts and invitations, each scoped by shop. Invitation codes are
 * stored by SHA-256 only; "now" is the database's clock (or a test's).
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import type { StaffMember, StaffRole } from './types.ts';

/** A staff row with what sign-in needs. */
export interface StaffRow {
  id: number;
  shop_id: number;
  name: string;
  email: string | null;
  role: StaffRole;
  password_hash: string | null;
}

const MEMBER = `s.id, s.name, s.email, s.role, to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
  s.password_hash IS NOT NULL AS has_password, s.notify_bookings,
  (SELECT count(*)::int FROM staff_passkeys k WHERE k.staff_id = s.id) AS passkeys`;

const asMember = (row: StaffMember): StaffMember => ({ ...row, id: Number(row.id), passkeys: Number(row.passkeys) });

/** The shop's staff, owners first, then by name. */
export async function listStaff(db: Queryable, shopId: number): Promise<StaffMember[]> {
  const { rows } = await db.query<StaffMember>(
    `SELECT ${MEMBER} FROM staff s WHERE s.shop_id = $1 ORDER BY s.role = 'staff', lower(s.name), s.id`,
    [shopId],
  );
  return rows.map(asMember);
}

/** One member of the shop's staff. */
export async function staffMember(db: Queryable, shopId: number, id: number): Promise<StaffMember | undefined> {
  const { rows } = await db.query<StaffMember>(`SELECT ${MEMBER} FROM staff s WHERE s.shop_id = $1 AND s.id = $2`, [
    shopId,
    id,
  ]);
  return rows[0] && asMember(rows[0]);
}

/** The account an address signs in to, with its password's hash. */
export async function staffByEmail(db: Queryable, email: string): Promise<StaffRow | undefined> {
  const { rows } = await db.query<StaffRow>(
    'SELECT id, shop_id, name, email, role, password_hash FROM staff WHERE lower(email) = lower($1)',
    [email],
  );
  return rows[0] && { ...rows[0], id: Number(rows[0].id), shop_id: Number(rows[0].shop_id) };
}

/** The account `id` of any shop, with its password's hash (the session's own account). */
export async function staffRow(db: Queryable, shopId: number, id: number): Promise<StaffRow | undefined> {
  const { rows } = await db.query<StaffRow>(
    'SELECT id, shop_id, name, email, role, password_hash FROM staff WHERE shop_id = $1 AND id = $2',
    [shopId, id],
  );
  return rows[0] && { ...rows[0], id: Number(rows[0].id), shop_id: Number(rows[0].shop_id) };
}

/** Whether another account (of any shop) has this address. */
export async function emailTaken(db: Queryable, email: string, exceptId = 0): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM staff WHERE lower(email) = lower($1) AND id <> $2', [email, exceptId]);
  return rows.length > 0;
}

/** The shop's first owner; made (named "Owner", no address or password) when it has none. */
export async function ownerOrNew(db: Queryable, shopId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `WITH found AS (SELECT id FROM staff WHERE shop_id = $1 AND role = 'owner' ORDER BY id LIMIT 1),
          made AS (INSERT INTO staff (shop_id, name, role) SELECT $1, 'Owner', 'owner' WHERE NOT EXISTS (SELECT 1 FROM found) RETURNING id)
     SELECT id FROM found UNION ALL SELECT id FROM made`,
    [shopId],
  );
  return Number(rows[0]!.id);
}

/** Adds an account; resolves to its id. */
export async function insertStaff(
  db: Queryable,
  shopId: number,
  fields: { email: string; name: string; role: StaffRole; passwordHash: string | null },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO staff (shop_id, email, name, role, password_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [shopId, fields.email, fields.name, fields.role, fields.passwordHash],
  );
  return Number(rows[0]!.id);
}

/** Changes what is given of an account of the shop; resolves to whether there was one. */
export async function updateStaff(
  db: Queryable,
  shopId: number,
  id: number,
  fields: { name?: string; email?: string; role?: StaffRole; passwordHash?: string; notifyBookings?: boolean },
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE staff SET name = coalesce($3, name), email = coalesce($4, email), role = coalesce($5, role),
            password_hash = coalesce($6, password_hash), notify_bookings = coalesce($7, notify_bookings)
      WHERE shop_id = $1 AND id = $2 RETURNING id`,
    [
      shopId,
      id,
      fields.name ?? null,
      fields.email ?? null,
      fields.role ?? null,
      fields.passwordHash ?? null,
      fields.notifyBookings ?? null,
    ],
  );
  return rows.length > 0;
}

/** Removes an account (its sessions and passkeys go with it); resolves to whether there was one. */
export async function deleteStaff(db: Queryable, shopId: number, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM staff WHERE shop_id = $1 AND id = $2 RETURNING id', [shopId, id]);
  return rows.length > 0;
}

/** How many owners the shop has. */
export async function ownerCount(db: Queryable, shopId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM staff WHERE shop_id = $1 AND role = 'owner'`,
    [shopId],
  );
  return Number(rows[0]!.n);
}

/** A pending invitation as the owner sees it. */
export interface InvitationRow {
  id: number;
  email: string;
  role: StaffRole;
  expires_at: string;
}

/** Stores an invitation; resolves to it. */
export async function insertInvitation(
  db: Queryable,
  shopId: number,
  fields: { email: string; role: StaffRole; codeHash: string; invitedBy: number | null; ttlMs: number },
  sqlNow: number | null,
): Promise<InvitationRow> {
  const { rows } = await db.query<InvitationRow>(
    `INSERT INTO staff_invitations (shop_id, email, role, code_hash, invited_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, ${nowSql('$6')}, ${nowSql('$6')} + $7 * interval '1 millisecond')
     RETURNING id, email, role, to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS expires_at`,
    [shopId, fields.email, fields.role, fields.codeHash, fields.invitedBy, nowParam(sqlNow), fields.ttlMs],
  );
  return { ...rows[0]!, id: Number(rows[0]!.id) };
}

/** The shop's invitations not yet accepted nor expired. */
export async function pendingInvitations(
  db: Queryable,
  shopId: number,
  sqlNow: number | null,
): Promise<InvitationRow[]> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT id, email, role, to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS expires_at
       FROM staff_invitations WHERE shop_id = $1 AND accepted_at IS NULL AND expires_at > ${nowSql('$2')} ORDER BY id`,
    [shopId, nowParam(sqlNow)],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Withdraws an invitation; resolves to whether there was one. */
export async function deleteInvitation(db: Queryable, shopId: number, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM staff_invitations WHERE shop_id = $1 AND id = $2 RETURNING id', [
    shopId,
    id,
  ]);
  return rows.length > 0;
}

/** An invitation found by its code, with its shop and whether it can still be accepted. */
export interface InvitationByCode {
  id: number;
  shop_id: number;
  shop_name: string;
  email: string;
  role: StaffRole;
  usable: boolean;
  accepted: boolean;
}

/** The invitation of a code hash, if any (used or not). */
export async function invitationByCode(
  db: Queryable,
  codeHash: string,
  sqlNow: number | null,
): Promise<InvitationByCode | undefined> {
  const { rows } = await db.query<InvitationByCode>(
    `SELECT i.id, i.shop_id, s.name AS shop_name, i.email, i.role, i.accepted_at IS NOT NULL AS accepted,
            (i.accepted_at IS NULL AND i.expires_at > ${nowSql('$2')}) AS usable
       FROM staff_invitations i JOIN shops s ON s.id = i.shop_id WHERE i.code_hash = $1`,
    [codeHash, nowParam(sqlNow)],
  );
  return rows[0] && { ...rows[0], id: Number(rows[0].id), shop_id: Number(rows[0].shop_id) };
}

/** Marks an invitation accepted, once: resolves to whether this call did it (it was still usable). */
export async function acceptInvitation(db: Queryable, id: number, sqlNow: number | null): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE staff_invitations SET accepted_at = ${nowSql('$2')}
      WHERE id = $1 AND accepted_at IS NULL AND expires_at > ${nowSql('$2')} RETURNING id`,
    [id, nowParam(sqlNow)],
  );
  return rows.length > 0;
}

/** The account `id` of whichever shop, with its password's hash (a password reset link names only the account). */
export async function staffById(db: Queryable, id: number): Promise<StaffRow | undefined> {
  const { rows } = await db.query<StaffRow>(
    'SELECT id, shop_id, name, email, role, password_hash FROM staff WHERE id = $1',
    [id],
  );
  return rows[0] && { ...rows[0], id: Number(rows[0].id), shop_id: Number(rows[0].shop_id) };
}

/**
 * Sets the password of `id` if its hash is still `oldHash` (null: none): of two tabs using one
 * reset link at once, one sets it. Resolves to whether it did.
 */
export async function replacePassword(
  db: Queryable,
  id: number,
  oldHash: string | null,
  newHash: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE staff SET password_hash = $3 WHERE id = $1 AND password_hash IS NOT DISTINCT FROM $2 RETURNING id',
    [id, oldHash, newHash],
  );
  return rows.length > 0;
}
