/**
 * Passkeys (WebAuthn, `@simplewebauthn/server`): a signed-in person registers one (Staff, "Your
 * account"), then signs in with it and no password. The relying party is the admin's own origin
 * (its host name the RP id). Each ceremony's challenge is kept by the service under a random id
 * (only its hash stored), used once, for 5 minutes.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Queryable } from '../db/types.ts';
import { InvalidError } from '../shared/errors.ts';
import type { SessionStaff } from '../tokens/types.ts';
import {
  insertChallenge,
  insertPasskey,
  passkeyByCredential,
  passkeysOf,
  takeChallenge,
  updatePasskeyCounter,
} from './passkey-queries.ts';

const hash = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** Where the ceremony happens: the admin's origin. */
export interface RelyingParty {
  origin: string;
  name: string;
}

const rpId = (rp: RelyingParty) => new URL(rp.origin).hostname;

/** Options to create a passkey for `me`, and the ceremony's id to send back with the answer. */
export async function registrationOptions(db: Queryable, me: SessionStaff, rp: RelyingParty, sqlNow: number | null) {
  const existing = await passkeysOf(db, me.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rpId(rp),
    userName: me.email ?? me.name,
    userDisplayName: me.name,
    userID: new TextEncoder().encode(`staff-${me.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((k) => ({ id: k.credential_id })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const ceremony = randomBytes(32).toString('base64url');
  await insertChallenge(db, hash(ceremony), options.challenge, me.id, sqlNow);
  return { ceremony, options };
}

/** A ceremony's answer that does not verify: 422 naming `response`. */
const refused = (why: string) => new InvalidError({ response: [why] });

/** Verifies a new passkey's answer and stores it for `me`. */
export async function register(
  db: Queryable,
  me: SessionStaff,
  rp: RelyingParty,
  body: { ceremony?: unknown; response?: unknown; name?: unknown },
  sqlNow: number | null,
): Promise<number> {
  const taken = typeof body.ceremony === 'string' ? await takeChallenge(db, hash(body.ceremony), sqlNow) : undefined;
  if (!taken || taken.staff_id !== me.id)
    throw refused('is not an answer to a passkey request of this session (or it expired)');
  const verified = await verifyRegistrationResponse({
    // biome-ignore lint/suspicious/noExplicitAny: checked by the library, which refuses a malformed answer
    response: body.response as any,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rpId(rp),
    requireUserVerification: false,
  }).catch((error: Error) => {
    throw refused(`was not accepted: ${error.message}`);
  });
  if (!verified.verified || !verified.registrationInfo) throw refused('was not accepted');
  const { credential } = verified.registrationInfo;
  const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim().slice(0, 100) : 'Passkey';
  return insertPasskey(db, me.id, {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name,
  });
}

/** Options to sign in with any passkey of this site (discoverable), and the ceremony's id. */
export async function authenticationOptions(db: Queryable, rp: RelyingParty, sqlNow: number | null) {
  const options = await generateAuthenticationOptions({ rpID: rpId(rp), userVerification: 'preferred' });
  const ceremony = randomBytes(32).toString('base64url');
  await insertChallenge(db, hash(ceremony), options.challenge, null, sqlNow);
  return { ceremony, options };
}

/** Verifies a sign-in with a passkey: resolves to the person's id, or undefined when it does not verify. */
export async function authenticate(
  db: Queryable,
  rp: RelyingParty,
  body: { ceremony?: unknown; response?: { id?: unknown } },
  sqlNow: number | null,
): Promise<number | undefined> {
  const taken = typeof body.ceremony === 'string' ? await takeChallenge(db, hash(body.ceremony), sqlNow) : undefined;
  const credentialId = typeof body.response?.id === 'string' ? body.response.id : '';
  const key = credentialId ? await passkeyByCredential(db, credentialId) : undefined;
  if (!taken || taken.staff_id !== null || !key) return undefined;
  const verified = await verifyAuthenticationResponse({
    // biome-ignore lint/suspicious/noExplicitAny: checked by the library, which refuses a malformed answer
    response: body.response as any,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rpId(rp),
    credential: {
      id: key.credential_id,
      publicKey: new Uint8Array(Buffer.from(key.public_key, 'base64url')),
      counter: key.counter,
      // biome-ignore lint/suspicious/noExplicitAny: the transports stored are the library's own
      transports: key.transports as any,
    },
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verified?.verified) return undefined;
  await updatePasskeyCounter(db, key.id, verified.authenticationInfo.newCounter);
  return key.staff_id;
}
