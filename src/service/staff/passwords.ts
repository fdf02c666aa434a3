/**
 * Passwords, hashed with scrypt (memory-hard, in Node itself: no native package to build):
 * N = 2^15, r = 8, p = 1 (32 MiB, tens of milliseconds a hash), a random 16-byte salt, stored as
 * `scrypt$N$r$p$salt$hash` (base64url) so the cost can be raised later without losing old hashes.
 * @module
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The stored form of `password`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST.N, COST.r, COST.p);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash that matches no password: checked against when the account is unknown, so both take as long. */
const DECOY = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** Whether `password` is the one `stored` was made from (undefined `stored`: false, in the same time). */
export async function passwordMatches(password: string, stored: string | null | undefined): Promise<boolean> {
  const [kind, n, r, p, salt, key] = (stored ?? DECOY).split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return (
    stored !== undefined && stored !== null && expected.length === actual.length && timingSafeEqual(expected, actual)
  );
}

/** The shortest password accepted. */
export const MIN_PASSWORD = 10;
