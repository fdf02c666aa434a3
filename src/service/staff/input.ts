/**
 * The fields of staff accounts as people type them: an email address, a name, a password, a
 * role. Each bad one is a message against its field (one 422 names them all).
 * @module
 */
import { emailAddressProblem } from '../shared/email-address.ts';
import type { FieldErrors } from '../shared/field-errors.ts';
import { MIN_PASSWORD } from './passwords.ts';
import type { StaffRole } from './types.ts';

/** The body as posted: anything. */
export type Posted = Record<string, unknown>;

/**
 * Reads `field` of `body` as one email address (trimmed), recording a message when it is not
 * one: the API's rule (shared/email-address.ts), since a member of staff may be sent booking notices.
 */
export function emailField(body: Posted, field: string, errors: FieldErrors, required = true): string | undefined {
  const value = body[field];
  if (value === undefined && !required) return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  const problem = text ? emailAddressProblem(text) : 'is required';
  if (problem === undefined) return text;
  errors.add(field, problem);
  return undefined;
}

/** Reads a person's name: 1 to 100 characters. */
export function nameField(body: Posted, field: string, errors: FieldErrors, required = true): string | undefined {
  const value = body[field];
  if (value === undefined && !required) return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) errors.add(field, 'is required');
  else if (text.length > 100) errors.add(field, 'must be at most 100 characters');
  else return text;
  return undefined;
}

/** Reads a new password: at least `MIN_PASSWORD` characters, at most 200. */
export function passwordField(body: Posted, field: string, errors: FieldErrors, required = true): string | undefined {
  const value = body[field];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.length === 0) errors.add(field, 'is required');
  else if (value.length < MIN_PASSWORD) errors.add(field, `must be at least ${MIN_PASSWORD} characters`);
  else if (value.length > 200) errors.add(field, 'must be at most 200 characters');
  else return value;
  return undefined;
}

/** Reads a role: owner or staff. */
export function roleField(body: Posted, field: string, errors: FieldErrors, required = true): StaffRole | undefined {
  const value = body[field];
  if (value === undefined && !required) return undefined;
  if (value === 'owner' || value === 'staff') return value;
  errors.add(field, 'must be "owner" or "staff"');
  return undefined;
}

/** A 422 for every field of `body` not in `known`. */
export function unknownFields(body: Posted, known: readonly string[], errors: FieldErrors): void {
  for (const key of Object.keys(body)) if (!known.includes(key)) errors.add(key, 'is not a field of this request');
}
