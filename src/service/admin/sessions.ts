/**
 * The admin's sessions (src/service/admin/README.md): a member of staff signs in (a password, a
 * passkey, an invitation, or the owner's one-time link) and gets a random session id in an
 * HttpOnly, SameSite=Strict cookie. Session ids and codes are 32 random bytes; only their
 * SHA-256 is stored.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { AuthContext } from '../tokens/types.ts';
import {
  consumeSignInCode,
  deleteSession,
  deleteStaffSessions,
  insertSession,
  insertSignInCode,
  sessionStaff,
  touchSession,
} from './queries.ts';

/** The cookie's name. */
export const SESSION_COOKIE = 'bw_admin';
/** How long a session lasts: a working day. */
export const SESSION_MS = 12 * 60 * 60 * 1000;
/** How long a one-time sign-in link works. */
export const SIGN_IN_CODE_MS = 10 * 60 * 1000;
/**
 * A session's stand-in token id, below every real one (positive) and the app proxy's (minus the
 * shop's id): the rate limits key a caller by it, so each member of staff has a bucket.
 */
const STAFF_TOKEN_BASE = -1_000_000_000_000;

/** The SHA-256 (hex) stored for a session id or code. */
export const hashOf = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Whether `value` has the shape of a session id or code (32 random bytes, base64url). */
export const isCodeShaped = (value: string) => SHAPE.test(value);

/** A new random id or code. */
export const newCode = () => randomBytes(32).toString('base64url');

/** Opens a session for the member of staff `staffId`; resolves to the id for the cookie. */
export async function openSession(
  db: Queryable,
  staffId: number,
  userAgent: string,
  sqlNow: number | null,
): Promise<string> {
  const id = newCode();
  await insertSession(db, hashOf(id), staffId, userAgent, SESSION_MS, sqlNow);
  return id;
}

/** The session's shop and member of staff as a secret token's context, or undefined (unknown, expired, ended). */
export async function sessionAuth(db: Queryable, id: string, sqlNow: number | null): Promise<AuthContext | undefined> {
  if (!SHAPE.test(id)) return undefined;
  const row = await sessionStaff(db, hashOf(id), sqlNow);
  if (!row) return undefined;
  if (row.stale) await touchSession(db, row.session_id, sqlNow);
  return {
    tokenId: STAFF_TOKEN_BASE - row.staff_id,
    kind: 'secret',
    shopId: row.shop_id,
    tz: row.tz,
    locale: row.locale,
    origins: [],
    staff: { id: row.staff_id, name: row.name, email: row.email, role: row.role, sessionId: row.session_id },
  };
}

/** Ends the session `id`. */
export async function closeSession(db: Queryable, id: string, sqlNow: number | null): Promise<void> {
  if (SHAPE.test(id)) await deleteSession(db, hashOf(id), sqlNow);
}

/** Ends every session of `staffId` but `keepId` (its current one); resolves to how many ended. */
export function endOtherSessions(db: Queryable, staffId: number, keepId: number | null): Promise<number> {
  return deleteStaffSessions(db, staffId, keepId);
}

/** Makes a one-time sign-in code for the secret token `tokenId` (it signs in as the token's shop's owner). */
export async function newSignInCode(db: Queryable, tokenId: number, sqlNow: number | null): Promise<string> {
  const code = newCode();
  await insertSignInCode(db, hashOf(code), tokenId, SIGN_IN_CODE_MS, sqlNow);
  return code;
}

/** Uses up `code`: the shop it signs in to, or undefined (unknown, used, expired). */
export async function redeemSignInCode(
  db: Queryable,
  code: string,
  sqlNow: number | null,
): Promise<number | undefined> {
  return SHAPE.test(code) ? consumeSignInCode(db, hashOf(code), sqlNow) : undefined;
}

/** The `Set-Cookie` value of a session (Secure when the page is https). */
export function sessionCookie(id: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MS / 1000}${secure ? '; Secure' : ''}`;
}

/** The `Set-Cookie` value that removes the session cookie. */
export function clearedCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** The session id in a `Cookie` header, if any. */
export function sessionIdOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=');
  }
  return undefined;
}
