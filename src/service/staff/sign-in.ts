/**
 * Signing in with an email address and a password. A secret token is no way in any more: it is
 * for the API only, and posting one is a 422 that says so.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { FieldErrors } from '../shared/field-errors.ts';
import type { Posted } from './input.ts';
import { passwordMatches } from './passwords.ts';
import { type StaffRow, staffByEmail } from './queries.ts';

/** The email address posted (trimmed), for the attempt's limit; a 422 when the body is not a sign-in. */
export function signInEmail(body: Posted): string {
  const errors = new FieldErrors(['email', 'password']);
  if ('token' in body)
    errors.add('token', 'is for the API only: sign in with your email address and password (or a passkey)');
  const email = typeof body.email === 'string' ? body.email.trim() : '';
  if (!('token' in body)) {
    if (!email) errors.add('email', 'is required');
    if (typeof body.password !== 'string' || !body.password) errors.add('password', 'is required');
  }
  errors.throwIfAny();
  return email;
}

/** The account whose address and password these are, or undefined (the same time either way). */
export async function accountOf(db: Queryable, email: string, password: string): Promise<StaffRow | undefined> {
  const row = email.length <= 254 && password.length <= 200 ? await staffByEmail(db, email) : undefined;
  const matches = await passwordMatches(password, row?.password_hash);
  return matches ? row : undefined;
}
