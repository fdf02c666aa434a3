/**
 * Staff accounts' rules (src/service/admin/README.md, "Staff"): the owner invites people by
 * email address (a link that works once, for 7 days), changes their roles and removes them;
 * everyone keeps their own name, address and password. A shop always keeps an owner.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import { endOtherSessions } from '../admin/sessions.ts';
import type { Queryable } from '../db/types.ts';
import { FieldErrors } from '../shared/field-errors.ts';
import { ForbiddenError, InUseError, InvalidError, NotFoundError } from '../shared/errors.ts';
import type { AuthContext, SessionStaff } from '../tokens/types.ts';
import { hashPassword, passwordMatches } from './passwords.ts';
import {
  acceptInvitation,
  deleteStaff,
  emailTaken,
  type InvitationByCode,
  type InvitationRow,
  insertInvitation,
  insertStaff,
  invitationByCode,
  ownerCount,
  staffMember,
  staffRow,
  updateStaff,
} from './queries.ts';
import type { AcceptInput, AccountInput, InvitationInput, RoleInput } from './schemas.ts';
import type { StaffMember } from './types.ts';

/** How long an invitation link works. */
export const INVITATION_MS = 7 * 24 * 60 * 60 * 1000;

const hash = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');
const CODE = /^[A-Za-z0-9_-]{43}$/;

/** The signed-in member of staff, or 403 for a token (these are the admin's own pages). */
export function staffOf(auth: AuthContext): SessionStaff {
  if (!auth.staff) throw new ForbiddenError('Staff accounts are managed from the admin, signed in as a person.');
  return auth.staff;
}

/** Throws 403 unless the signed-in person is an owner. */
export function requireOwner(auth: AuthContext, action: string): SessionStaff {
  const staff = staffOf(auth);
  if (staff.role !== 'owner') throw new ForbiddenError(`Only the shop's owner can ${action}.`);
  return staff;
}

/** Invites `email` as `role`; resolves to the invitation and its code (shown once, never stored). */
export async function invite(
  db: Queryable,
  auth: AuthContext,
  input: InvitationInput,
  sqlNow: number | null,
): Promise<{ invitation: InvitationRow; code: string }> {
  const owner = requireOwner(auth, 'invite staff');
  const { email, role = 'staff' } = input;
  if (await emailTaken(db, email)) throw new InvalidError({ email: ['already has an account'] });
  const code = randomBytes(32).toString('base64url');
  const invitation = await insertInvitation(
    db,
    auth.shopId,
    { email, role, codeHash: hash(code), invitedBy: owner.id, ttlMs: INVITATION_MS },
    sqlNow,
  );
  return { invitation, code };
}

/** The invitation of `code`, or undefined when there is none (unknown, or not a code). */
export async function invitationOf(
  db: Queryable,
  code: string,
  sqlNow: number | null,
): Promise<InvitationByCode | undefined> {
  return CODE.test(code) ? invitationByCode(db, hash(code), sqlNow) : undefined;
}

/**
 * Accepts an invitation: makes the account with the chosen name and password. Resolves to the
 * new account's id, or undefined when the invitation is unknown, used or expired.
 */
export async function accept(
  db: Queryable & { transaction?: unknown },
  code: string,
  { name, password }: AcceptInput,
  sqlNow: number | null,
): Promise<number | undefined> {
  const invitation = await invitationOf(db, code, sqlNow);
  if (!invitation?.usable) return undefined;
  const passwordHash = await hashPassword(password);
  // Marked accepted first, by one statement: of two tabs accepting at once, one makes the account.
  if (!(await acceptInvitation(db, invitation.id, sqlNow))) return undefined;
  if (await emailTaken(db, invitation.email)) throw new InUseError('This email address already has an account.');
  return insertStaff(db, invitation.shop_id, {
    email: invitation.email,
    name,
    role: invitation.role,
    passwordHash,
  });
}

/**
 * Changes the signed-in person's own name, address, password or whether they are emailed new
 * and cancelled bookings. A new password needs the current one when there is one (the owner
 * who came by the one-time link has none yet), and may end one's other sessions (this one stays).
 */
export async function updateOwnAccount(db: Queryable, auth: AuthContext, input: AccountInput): Promise<StaffMember> {
  const me = staffOf(auth);
  const { name, email, password, notify_bookings: notifyBookings } = input;
  const errors = new FieldErrors([
    'name',
    'email',
    'password',
    'current_password',
    'notify_bookings',
    'end_other_sessions',
  ]);
  if (input.end_other_sessions && password === undefined) errors.add('end_other_sessions', 'goes with a new password');
  const row = await staffRow(db, auth.shopId, me.id);
  if (!row) throw new NotFoundError('staff member', me.id);
  if (email && (await emailTaken(db, email, me.id))) errors.add('email', 'already has an account');
  if (password !== undefined && row.password_hash) {
    const current = input.current_password ?? '';
    if (!current) errors.add('current_password', 'is required to change the password');
    else if (!(await passwordMatches(current, row.password_hash)))
      errors.add('current_password', 'is not your password');
  }
  errors.throwIfAny();
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  await updateStaff(db, auth.shopId, me.id, {
    name,
    email,
    passwordHash,
    notifyBookings,
  });
  // Someone who may know the old password is signed out everywhere but here.
  if (passwordHash && input.end_other_sessions) await endOtherSessions(db, me.id, me.sessionId);
  return (await staffMember(db, auth.shopId, me.id))!;
}

/** The owner changes someone's role; the shop keeps at least one owner. */
export async function changeRole(
  db: Queryable,
  auth: AuthContext,
  id: number,
  { role }: RoleInput,
): Promise<StaffMember> {
  requireOwner(auth, 'change roles');
  const member = await staffMember(db, auth.shopId, id);
  if (!member) throw new NotFoundError('staff member', id);
  if (member.role === 'owner' && role === 'staff' && (await ownerCount(db, auth.shopId)) <= 1)
    throw new InUseError('The shop must keep an owner: make someone else owner first.');
  await updateStaff(db, auth.shopId, id, { role });
  return (await staffMember(db, auth.shopId, id))!;
}

/** The owner removes someone (never themselves): their sessions end with the account. */
export async function removeStaff(db: Queryable, auth: AuthContext, id: number): Promise<void> {
  const me = requireOwner(auth, 'remove staff');
  if (id === me.id) throw new InUseError('You cannot remove your own account.');
  if (!(await deleteStaff(db, auth.shopId, id))) throw new NotFoundError('staff member', id);
}
