/**
 * The rules of a shop's fields that creating a shop (the CLI, fixtures), the body of PUT
 * /v1/shop (`schemas.ts`) and Shopify's requests share: the zone's and the name's spelling, the
 * myshopify.com domain, the order topics a shop may book on.
 * @module
 */
import type { ShopifyBookOn } from '../../shared/merchant-records.ts';
import { isTimeZone } from '../../shared/zones.ts';
import { text } from '../shared/body.ts';
import type { FieldErrors } from '../shared/field-errors.ts';

/** The order topics a shop may book on (migration 15). */
export const BOOK_ON_TOPICS: readonly ShopifyBookOn[] = ['orders/create', 'orders/paid'];

/** A myshopify.com domain, as Shopify names a shop (`example.myshopify.com`). */
export const SHOPIFY_DOMAIN = /^[a-z0-9][a-z0-9-]{0,62}\.myshopify\.com$/i;

/** `value` as an IANA zone name in its canonical spelling (`europe/berlin` → `Europe/Berlin`), or undefined. */
export function zoneName(value: unknown): string | undefined {
  if (!isTimeZone(value)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** A shop name: trimmed, 1 to 255 printable characters. */
export function shopName(errors: FieldErrors, path: string, value: unknown): string | undefined {
  return text(errors, path, typeof value === 'string' ? value.trim() : value, 255);
}
