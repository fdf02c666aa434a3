/**
 * Sign-in attempts, limited per account (its email address) and per client address, in the
 * shared rate-limit buckets (limits/buckets.ts), so that guessing a password is slow whatever
 * process answers: 10 attempts at once per account, then one a minute; 30 per address, then
 * one every 6 seconds. Over either, the routes answer 429 with Retry-After and this message.
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

/** Takes one attempt for `account` (lowercased) from `address`; resolves to the wait when either is spent. */
export async function takeSignInAttempt(
  buckets: Buckets,
  now: number,
  account: string,
  address: string | undefined,
): Promise<SignInWait | undefined> {
  const byAddress = await buckets.take(`signin:a:${address ?? '-'}`, ADDRESS_RATE, now);
  const byAccount = byAddress > 0 ? 0 : await buckets.take(`signin:u:${account.toLowerCase()}`, ACCOUNT_RATE, now);
  const wait = Math.max(byAddress, byAccount);
  if (wait <= 0) return undefined;
  const seconds = Math.max(1, Math.ceil(wait / 1000));
  const minutes = Math.ceil(seconds / 60);
  return {
    seconds,
    message: `Too many sign-in attempts${byAddress > 0 ? ' from this device' : ' for this account'}. Try again in ${seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`}.`,
  };
}
