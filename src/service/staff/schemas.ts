/**
 * The bodies of the admin's own routes (sign-in, staff, one's account, invitations, passkeys) as
 * schemas, checked at the route as every /v1 body is (`http/schema-validation.ts`): one 422
 * names every bad field, with the API's messages and the API's rule for an email address
 * (`shared/schemas.ts`). These routes are the admin page's, not the public API's: they are left
 * out of `/v1/openapi.json`.
 * @module
 */
import { z } from '@hono/zod-openapi';
import { emailAddress, fieldsOnly, text } from '../shared/schemas.ts';
import { MIN_PASSWORD } from './passwords.ts';

/** The longest password accepted (scrypt reads all of it). */
export const MAX_PASSWORD = 200;

const required = (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : 'must be a string');

/** A string with its ends' spaces dropped first (an address pasted with a trailing space). */
const trimmed = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), schema);

/** An email address, as the API checks one (something@somewhere, at most 254 characters). */
export const email = () => trimmed(emailAddress());

/** A person's name: 1 to 100 printable characters. */
export const personName = () => trimmed(text(100));

/** A password as typed to sign in: anything but empty. */
export const typedPassword = () => z.string({ error: required }).min(1, 'is required');

/** A new password: `MIN_PASSWORD` to `MAX_PASSWORD` characters. */
export const newPassword = () =>
  z.string({ error: required }).refine((value) => value.length >= MIN_PASSWORD && value.length <= MAX_PASSWORD, {
    error: (issue) =>
      (issue.input as string).length === 0
        ? 'is required'
        : (issue.input as string).length < MIN_PASSWORD
          ? `must be at least ${MIN_PASSWORD} characters`
          : `must be at most ${MAX_PASSWORD} characters`,
  });

/** A role: owner or staff. */
export const role = () => z.enum(['owner', 'staff'], { error: 'must be "owner" or "staff"' });

/** POST /admin/session. A secret token is no way in: posting one says so. */
export const SignInBody = fieldsOnly(
  {
    email: email(),
    password: typedPassword(),
    token: z
      .never({ error: 'is for the API only: sign in with your email address and password (or a passkey)' })
      .optional(),
  },
  'sign-in',
  'must be an object with email and password',
);

/** POST /admin/staff/invitations. */
export const InvitationBody = fieldsOnly(
  { email: email(), role: role().optional() },
  'staff invitation',
  'must be an object with email and role',
);

/** PATCH /admin/staff/{id}. */
export const RoleBody = fieldsOnly({ role: role() }, 'role', 'must be an object with role');

/** POST /admin/invitations/{code}: the new person's name and password. */
export const AcceptBody = fieldsOnly(
  { name: personName(), password: newPassword() },
  'staff invitation',
  'must be an object with name and password',
);

/**
 * PATCH /admin/account: any of one's name, address, password (with the current one, when there
 * is one), whether new and cancelled bookings are emailed, and whether a new password ends one's
 * other sessions.
 */
export const AccountBody = fieldsOnly(
  {
    name: personName().optional(),
    email: email().optional(),
    password: newPassword().optional(),
    current_password: z.string({ error: 'must be a string' }).optional(),
    notify_bookings: z.boolean({ error: 'must be true or false' }).optional(),
    end_other_sessions: z.boolean({ error: 'must be true or false' }).optional(),
  },
  'staff account',
  'must be an object',
);

/** A WebAuthn ceremony's answer: the browser's object, checked by the library. */
const ceremonyAnswer = () =>
  z.looseObject({}, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object') });

/** POST /admin/passkeys: the answer to a registration's options, and the passkey's name. */
export const PasskeyBody = fieldsOnly(
  {
    ceremony: z.string({ error: required }),
    response: ceremonyAnswer(),
    name: z.string({ error: required }).optional(),
  },
  'passkey',
  'must be an object with ceremony and response',
);

/** POST /admin/session/passkey: the answer to a sign-in's options. */
export const PasskeySignInBody = fieldsOnly(
  { ceremony: z.string({ error: required }), response: ceremonyAnswer() },
  'passkey sign-in',
  'must be an object with ceremony and response',
);

/** Checked bodies. */
export type InvitationInput = z.output<typeof InvitationBody>;
export type AcceptInput = z.output<typeof AcceptBody>;
export type AccountInput = z.output<typeof AccountBody>;
export type RoleInput = z.output<typeof RoleBody>;

/** POST /admin/password-reset: the address to send a link to. */
export const ResetRequestBody = fieldsOnly({ email: email() }, 'password reset', 'must be an object with email');

/** POST /admin/new-password: the emailed link's token and the new password. */
export const NewPasswordBody = fieldsOnly(
  { token: z.string({ error: required }), password: newPassword() },
  'new password',
  'must be an object with token and password',
);
