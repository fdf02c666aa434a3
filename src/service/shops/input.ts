/**
 * The body of PUT /v1/shop (issue 18), checked without the database: every bad field is named
 * in one 422 and nothing is changed. Any field may be left out. `id` and
 * `shopify.api_secret_set` and `shopify.previous_secret_expires_at` may be sent back as GET
 * showed them; they are read-only and ignored.
 * @module
 */
import type { ShopifyBookOn } from '../../shared/merchant-records.ts';
import { isTimeZone } from '../../shared/zones.ts';
import { asObject, languageTag, onlyFields, text } from '../shared/body.ts';
import { FieldErrors } from '../shared/field-errors.ts';

/** A checked PUT /v1/shop body; absent fields are undefined, `null` disconnects from Shopify. */
export interface ShopInput {
  name?: string;
  tz?: string;
  locale?: string;
  shopify?: null | { domain?: string | null; api_secret?: string | null; book_on?: ShopifyBookOn };
}

/** The order topics a shop may book on (migration 15). */
export const BOOK_ON_TOPICS: readonly ShopifyBookOn[] = ['orders/create', 'orders/paid'];

/** A myshopify.com domain, as Shopify names a shop (`example.myshopify.com`). */
export const SHOPIFY_DOMAIN = /^[a-z0-9][a-z0-9-]{0,62}\.myshopify\.com$/i;

// `id`, `api_secret_set` and `previous_secret_expires_at` are read-only: sent back as GET showed them, they are ignored.
const SHOP_FIELDS: ReadonlySet<string> = new Set(['id', 'name', 'tz', 'locale', 'shopify']);
const SHOPIFY_FIELDS: ReadonlySet<string> = new Set([
  'domain',
  'api_secret',
  'book_on',
  'api_secret_set',
  'previous_secret_expires_at',
]);

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

function readShopify(errors: FieldErrors, value: unknown): ShopInput['shopify'] {
  if (value === null) return null;
  const o = asObject(value);
  if (!o)
    return void errors.add(
      'shopify',
      'must be an object with domain and api_secret, or null to disconnect the shop from Shopify',
    );
  const out: { domain?: string | null; api_secret?: string | null; book_on?: ShopifyBookOn } = {};
  onlyFields(errors, 'shopify.', o, SHOPIFY_FIELDS, 'Shopify settings');
  if (o.domain === null) out.domain = null;
  else if (o.domain !== undefined) {
    if (typeof o.domain === 'string' && SHOPIFY_DOMAIN.test(o.domain.trim()))
      out.domain = o.domain.trim().toLowerCase();
    else errors.add('shopify.domain', "must be the shop's myshopify.com domain, like example.myshopify.com");
  }
  if (o.api_secret === null) out.api_secret = null;
  else if (o.api_secret !== undefined) {
    const secret = text(errors, 'shopify.api_secret', o.api_secret, 255);
    if (secret !== undefined && /\s/.test(secret)) errors.add('shopify.api_secret', 'must not contain spaces');
    else if (secret !== undefined) out.api_secret = secret;
  }
  // null is what GET shows for a shop not connected: sent back, it changes nothing.
  if (o.book_on !== undefined && o.book_on !== null) {
    if (BOOK_ON_TOPICS.includes(o.book_on as ShopifyBookOn)) out.book_on = o.book_on as ShopifyBookOn;
    else
      errors.add(
        'shopify.book_on',
        'must be "orders/create" (book when the order is placed) or "orders/paid" (book when it is paid)',
      );
  }
  // A null removes both (the domain means nothing without the secret that checks its requests).
  const removing = out.domain === null || out.api_secret === null;
  if (removing && typeof out.domain === 'string')
    errors.add(
      'shopify.domain',
      'must be left out (or null) when api_secret is null: that disconnects the shop from Shopify',
    );
  if (removing && out.book_on !== undefined)
    errors.add(
      'shopify.book_on',
      'must be left out when domain or api_secret is null: that disconnects the shop from Shopify',
    );
  if (removing && typeof out.api_secret === 'string')
    errors.add(
      'shopify.api_secret',
      'must be left out (or null) when domain is null: that disconnects the shop from Shopify',
    );
  return out;
}

/** Checks a PUT /v1/shop body; throws `InvalidError` (422) naming every bad field. */
export function readShopInput(body: unknown): ShopInput {
  const errors = new FieldErrors();
  const o = asObject(body);
  const input: ShopInput = {};
  if (!o) errors.add('body', 'must be a JSON object');
  else {
    onlyFields(errors, '', o, SHOP_FIELDS, 'shop');
    if (o.name !== undefined) input.name = shopName(errors, 'name', o.name);
    if (o.tz !== undefined) {
      input.tz = zoneName(o.tz);
      if (input.tz === undefined) errors.add('tz', 'must be an IANA time zone, like Europe/Berlin');
    }
    if (o.locale !== undefined) {
      input.locale = languageTag(o.locale);
      if (input.locale === undefined) errors.add('locale', 'must be a language tag like "en" or "de-CH"');
    }
    if (o.shopify !== undefined) input.shopify = readShopify(errors, o.shopify);
  }
  errors.throwIfAny();
  return input;
}
