/**
 * Signing in with an email address and a password (the body is checked at the route:
 * `SignInBody` in schemas.ts, where posting a secret token is a 422 that says it is for the API
 * only).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { passwordMatches } from './passwords.ts';
import { type StaffRow, staffByEmail } from './queries.ts';

/** The account whose address and password these are, or undefined (the same time either way). */
export async function accountOf(db: Queryable, email: string, password: string): Promise<StaffRow | undefined> {
  const row = email.length <= 254 && password.length <= 200 ? await staffByEmail(db, email) : undefined;
  const matches = await passwordMatches(password, row?.password_hash);
  return matches ? row : undefined;
}
