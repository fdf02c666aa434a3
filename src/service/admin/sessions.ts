/**
 * The admin's sign-in (src/service/admin/README.md): a secret token is exchanged once for a
 * random session id in an HttpOnly, SameSite=Strict cookie; the page never keeps the token.
 * A one-time code (printed by `npm start`) does the same through a link. Session ids and codes
 * are 32 random bytes; only their SHA-256 is stored.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { AuthContext } from '../tokens/types.ts';
import { consumeSignInCode, deleteSession, insertSession, insertSignInCode, sessionToken } from './queries.ts';

/** The cookie's name. */
export const SESSION_COOKIE = 'bw_admin';
/** How long a session lasts: a working day. */
export const SESSION_MS = 12 * 60 * 60 * 1000;
/** How long a one-time sign-in link works. */
export const SIGN_IN_CODE_MS = 10 * 60 * 1000;

const hash = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Opens a session for the secret token `tokenId`; resolves to the id for the cookie. */
export async function openSession(db: Queryable, tokenId: number, sqlNow: number | null): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await insertSession(db, hash(id), tokenId, SESSION_MS, sqlNow);
  return id;
}

/** The session's shop as a secret token's context, or undefined (unknown, expired, revoked). */
export async function sessionAuth(db: Queryable, id: string, sqlNow: number | null): Promise<AuthContext | undefined> {
  if (!SHAPE.test(id)) return undefined;
  const row = await sessionToken(db, hash(id), sqlNow);
  return (
    row && {
      tokenId: Number(row.id),
      kind: 'secret',
      shopId: Number(row.shop_id),
      tz: row.tz,
      locale: row.locale,
      origins: [],
    }
  );
}

/** Ends the session `id`. */
export async function closeSession(db: Queryable, id: string, sqlNow: number | null): Promise<void> {
  if (SHAPE.test(id)) await deleteSession(db, hash(id), sqlNow);
}

/** Makes a one-time sign-in code for the secret token `tokenId`. */
export async function newSignInCode(db: Queryable, tokenId: number, sqlNow: number | null): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await insertSignInCode(db, hash(code), tokenId, SIGN_IN_CODE_MS, sqlNow);
  return code;
}

/** Uses up `code`: the token id it was made for, or undefined (unknown, used, expired). */
export async function redeemSignInCode(
  db: Queryable,
  code: string,
  sqlNow: number | null,
): Promise<number | undefined> {
  return SHAPE.test(code) ? consumeSignInCode(db, hash(code), sqlNow) : undefined;
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
