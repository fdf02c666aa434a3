/**
 * "Forgot password?" (issue 38 point 3): a link to choose a new password, for a person who forgot
 * theirs or never set one. The token names the account and when the link lapses (30 minutes
 * after it was asked for, by the database's clock), signed with HMAC-SHA256 under the service's
 * key (the manage links' key: `MANAGE_LINK_SECRET` or the database's, with a purpose of its own
 * in what is signed) over the account's password hash as it was: once a new password is set the
 * signature no longer matches, so a link works once, and a newer password makes every older link
 * useless. Nothing is stored for a link.
 * @module
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { databaseNow } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import { hashPassword } from '../staff/passwords.ts';
import { replacePassword, type StaffRow, staffByEmail, staffById } from '../staff/queries.ts';

/** How long a reset link works. */
export const RESET_LINK_MS = 30 * 60_000;

const TOKEN = /^([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function signatureOf(staffId: number, expiresAt: number, passwordHash: string | null, secret: string): Buffer {
  return createHmac('sha256', secret)
    .update(`password-reset:v1:${staffId}:${expiresAt}:${passwordHash ?? ''}`)
    .digest();
}

/**
 * The link's token for the account of `email`, with the account, or undefined when no account
 * has the address. The database's clock is read either way, so both take about as long.
 */
export async function resetTokenFor(
  db: Queryable,
  email: string,
  secret: string,
  sqlNow: number | null,
): Promise<{ token: string; account: StaffRow } | undefined> {
  const now = await databaseNow(db, sqlNow);
  const account = await staffByEmail(db, email);
  if (!account) return undefined;
  const expiresAt = Math.floor((now + RESET_LINK_MS) / 1000);
  const signature = signatureOf(account.id, expiresAt, account.password_hash, secret).toString('base64url');
  return { token: `${account.id}.${expiresAt}.${signature}`, account };
}

/**
 * Sets `password` for the account `token` names, if the token's signature matches the account as
 * it is and the link has not lapsed by the database's clock. Resolves to the account, or
 * undefined for a link that is used, lapsed or not ours (nothing changed).
 */
export async function useResetToken(
  db: Queryable,
  token: string,
  password: string,
  secret: string,
  sqlNow: number | null,
): Promise<StaffRow | undefined> {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const staffId = Number(match[1]);
  const expiresAt = Number(match[2]);
  const account = await staffById(db, staffId);
  if (!account) return undefined;
  const expected = signatureOf(staffId, expiresAt, account.password_hash, secret);
  const given = Buffer.from(match[3]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (expiresAt * 1000 <= (await databaseNow(db, sqlNow))) return undefined;
  const newHash = await hashPassword(password);
  // Only if the hash is still the one signed: of two tabs using the link at once, one sets it.
  return (await replacePassword(db, staffId, account.password_hash, newHash)) ? account : undefined;
}
