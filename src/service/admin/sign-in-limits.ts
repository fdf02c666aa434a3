/**
 * Sign-in attempts, limited per account (its email address) and per client address, in the
 * shared rate-limit buckets (limits/buckets.ts), so that guessing a password is slow whatever
 * process answers: 10 attempts at once per account, then one a minute; 30 per address, then
 * one every 6 seconds. Over either, the routes answer 429 with Retry-After and this message.
 * Requests for a password reset link are limited the same way, in buckets of their own (asking
 * for a link takes none of one's sign-in attempts).
 * @module
 */
import type { Buckets, Rate } from '../limits/buckets.ts';

/** Attempts per account. */
export const ACCOUNT_RATE: Rate = { perSecond: 1 / 60, burst: 10 };
/** Attempts per client address. */
export const ADDRESS_RATE: Rate = { perSecond: 1 / 6, burst: 30 };

/** How long to wait, and why in words. */
export interface SignInWait {
  seconds: number;
  message: string;
}

/** What is limited: sign-in attempts, or requests for a password reset link. */
export type AttemptKind = 'sign-in' | 'reset';

const WORDS: Record<AttemptKind, string> = { 'sign-in': 'sign-in attempts', reset: 'password reset requests' };

/**
 * Takes one attempt of `kind` for `account` (lowercased) from `address`; resolves to the wait
 * when either is spent.
 */
export async function takeSignInAttempt(
  buckets: Buckets,
  now: number,
  account: string,
  address: string | undefined,
  kind: AttemptKind = 'sign-in',
): Promise<SignInWait | undefined> {
  const prefix = kind === 'sign-in' ? 'signin' : 'reset';
  const byAddress = await buckets.take(`${prefix}:a:${address ?? '-'}`, ADDRESS_RATE, now);
  const byAccount = byAddress > 0 ? 0 : await buckets.take(`${prefix}:u:${account.toLowerCase()}`, ACCOUNT_RATE, now);
  const wait = Math.max(byAddress, byAccount);
  if (wait <= 0) return undefined;
  const seconds = Math.max(1, Math.ceil(wait / 1000));
  const minutes = Math.ceil(seconds / 60);
  return {
    seconds,
    message: `Too many ${WORDS[kind]}${byAddress > 0 ? ' from this device' : ' for this account'}. Try again in ${seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`}.`,
  };
}
