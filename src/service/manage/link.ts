/**
 * The customer's manage link (issue 31 point 4): `/manage/<token>`, where the token names the
 * shop, the booking and when the link expires, signed with HMAC-SHA256 under the service's key
 * (`MANAGE_LINK_SECRET`, else one the database keeps: secret-queries.ts). A token whose
 * signature does not match (forged, altered, another shop's booking id) is refused before
 * anything is read; the expiry is judged by the database's clock by the caller.
 * @module
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long after the booking finishes its link still opens (ms): a week. */
export const LINK_LIFETIME_AFTER_FINISH_MS = 7 * 24 * 3_600_000;

/** What a token names. */
export interface ManageClaim {
  shopId: number;
  bookingId: number;
  /** When the link stops working (epoch seconds). */
  expiresAt: number;
}

/** What the service signs links with and where they point. */
export interface ManageLinks {
  /** The service's public origin, like https://bookings.example.com. */
  baseUrl: string;
  secret: string;
}

function signatureOf(claim: ManageClaim, secret: string): Buffer {
  return createHmac('sha256', secret)
    .update(`manage-link:v1:${claim.shopId}:${claim.bookingId}:${claim.expiresAt}`)
    .digest();
}

/** The token of `claim`: `<shop>.<booking>.<expiry>.<signature as base64url>`. */
export function signManageToken(claim: ManageClaim, secret: string): string {
  const signature = signatureOf(claim, secret).toString('base64url');
  return `${claim.shopId}.${claim.bookingId}.${claim.expiresAt}.${signature}`;
}

/** The claim of a token whose signature matches (compared in constant time), else undefined. */
export function verifyManageToken(token: string, secret: string): ManageClaim | undefined {
  const match = /^([1-9]\d{0,15})\.([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const claim = { shopId: Number(match[1]), bookingId: Number(match[2]), expiresAt: Number(match[3]) };
  const expected = signatureOf(claim, secret);
  const given = Buffer.from(match[4]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return claim;
}

/** The link of a booking that finishes at `finishesAt` (ISO or epoch ms): valid until a week after. */
export function manageUrl(
  links: ManageLinks,
  booking: { shopId: number; bookingId: number; finishesAt: string | number },
): string {
  const finish = new Date(booking.finishesAt).getTime();
  const expiresAt = Math.floor((finish + LINK_LIFETIME_AFTER_FINISH_MS) / 1000);
  const token = signManageToken({ shopId: booking.shopId, bookingId: booking.bookingId, expiresAt }, links.secret);
  return `${links.baseUrl.replace(/\/+$/, '')}/manage/${token}`;
}
