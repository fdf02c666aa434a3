/**
 * Passkeys in the page: the WebAuthn ceremonies with `@simplewebauthn/browser`, loaded only when
 * a person adds a passkey or signs in with one, so the admin's first load does not carry it.
 * @module
 */
import { adminRequest } from './staff.ts';

interface Ceremony {
  ceremony: string;
  // biome-ignore lint/suspicious/noExplicitAny: the service's options, passed to the library as they came
  options: any;
}

/** Creates a passkey for the signed-in person on this device and stores it with the service. */
export async function addPasskey(name: string): Promise<void> {
  const { ceremony, options } = await adminRequest<Ceremony>('POST', '/admin/passkeys/options');
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options });
  await adminRequest('POST', '/admin/passkeys', { ceremony, response, name });
}

/** Signs in with a passkey of this device (any account's of this admin); the session cookie follows. */
export async function passkeySignIn(): Promise<void> {
  const { ceremony, options } = await adminRequest<Ceremony>('POST', '/admin/session/passkey/options');
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options });
  await adminRequest('POST', '/admin/session/passkey', { ceremony, response });
}

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
