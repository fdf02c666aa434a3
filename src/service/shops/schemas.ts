/**
 * The body of PUT /v1/shop (issue 18) as a schema: every bad field is named in one 422 and
 * nothing is changed. Any field may be left out. `id` and `shopify.api_secret_set` and
 * `shopify.previous_secret_expires_at` may be sent back as GET showed them; they are read-only
 * and ignored. `shopify: null` disconnects the shop from Shopify.
 * @module
 */
import { z } from '@hono/zod-openapi';
import type { ShopifyBookOn } from '../../shared/merchant-records.ts';
import { languageTag } from '../shared/body.ts';
import { emailAddress, fieldsOnly, text } from '../shared/schemas.ts';
import { BOOK_ON_TOPICS, SHOPIFY_DOMAIN, zoneName } from './input.ts';
import type { ShopRowChange } from './shop-queries.ts';

/** A checked PUT /v1/shop body; absent fields are undefined, `null` disconnects from Shopify. */
export interface ShopInput extends ShopRowChange {
  shopify?: null | { domain?: string | null; api_secret?: string | null; book_on?: ShopifyBookOn };
}

/** `read` of the value, or the message when it gives undefined; `doc` is what the document shows. */
function readWith<T>(read: (value: unknown) => T | undefined, message: string, doc: Record<string, unknown>) {
  return z
    .unknown()
    .transform((value, ctx) => {
      const out = read(value);
      if (out === undefined) ctx.issues.push({ code: 'custom', message, input: value });
      return out ?? z.NEVER;
    })
    .optional()
    .openapi(doc);
}

const DOMAIN_MESSAGE = "must be the shop's myshopify.com domain, like example.myshopify.com";
const domainOf = (value: unknown) =>
  typeof value === 'string' && SHOPIFY_DOMAIN.test(value.trim()) ? value.trim().toLowerCase() : undefined;
const BOOK_ON_MESSAGE =
  'must be "orders/create" (book when the order is placed) or "orders/paid" (book when it is paid)';
const bookOnOf = (value: unknown) =>
  BOOK_ON_TOPICS.includes(value as ShopifyBookOn) ? (value as ShopifyBookOn) : undefined;
const SECRET = text(255).refine((secret) => !/\s/.test(secret), 'must not contain spaces');
const DISCONNECT = 'that disconnects the shop from Shopify';

const SHOPIFY = fieldsOnly(
  {
    domain: readWith(domainOf, DOMAIN_MESSAGE, { type: 'string', example: 'example.myshopify.com' }).nullable(),
    api_secret: SECRET.nullable().optional(),
    // null is what GET shows for a shop not connected: sent back, it changes nothing.
    book_on: readWith(bookOnOf, BOOK_ON_MESSAGE, { type: 'string', enum: BOOK_ON_TOPICS }).nullable(),
    api_secret_set: z.unknown().optional(),
    previous_secret_expires_at: z.unknown().optional(),
  },
  'Shopify settings',
  'must be an object with domain and api_secret, or null to disconnect the shop from Shopify',
).superRefine(
  (raw, ctx) => {
    // A null removes both (the domain means nothing without the secret that checks its requests).
    const o = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    if (o.domain !== null && o.api_secret !== null) return;
    const refuse = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    if (domainOf(o.domain) !== undefined)
      refuse('domain', `must be left out (or null) when api_secret is null: ${DISCONNECT}`);
    if (o.book_on !== null && bookOnOf(o.book_on) !== undefined)
      refuse('book_on', `must be left out when domain or api_secret is null: ${DISCONNECT}`);
    if (typeof o.api_secret === 'string' && SECRET.safeParse(o.api_secret).success)
      refuse('api_secret', `must be left out (or null) when domain is null: ${DISCONNECT}`);
  },
  { when: () => true },
);

/** The body of PUT /v1/shop. */
export const ShopBody = fieldsOnly(
  {
    name: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), text(255)).optional(),
    tz: readWith(zoneName, 'must be an IANA time zone, like Europe/Berlin', {
      type: 'string',
      example: 'Europe/Berlin',
    }),
    locale: readWith(languageTag, 'must be a language tag like "en" or "de-CH"', { type: 'string', example: 'de-CH' }),
    shopify: SHOPIFY.nullable().optional(),
    // "" is how a form clears it: the same as null.
    notify_email: z
      .preprocess((value) => (typeof value === 'string' ? value.trim() || null : value), emailAddress().nullable())
      .optional(),
    cancel_cutoff_hours: z
      .number({ error: 'must be a whole number of hours from 0 to 720, or null' })
      .int('must be a whole number of hours from 0 to 720, or null')
      .min(0, 'must be a whole number of hours from 0 to 720, or null')
      .max(720, 'must be a whole number of hours from 0 to 720, or null')
      .nullable()
      .optional()
      .openapi({ description: 'Until how many hours before its start a customer may cancel online; null: not at all' }),
    reminder_hours: z
      .number({ error: () => 'must be a whole number of hours from 1 to 72, or null for no reminders' })
      .int({ error: () => 'must be a whole number of hours from 1 to 72, or null for no reminders' })
      .min(1, { error: () => 'must be a whole number of hours from 1 to 72, or null for no reminders' })
      .max(72, { error: () => 'must be a whole number of hours from 1 to 72, or null for no reminders' })
      .nullable()
      .optional(),
    id: z.unknown().optional(),
  },
  'shop',
  'must be a JSON object',
).openapi('ShopChange');

/** The checked body as the rules take it: only the fields given. */
export function shopInputOf(body: z.output<typeof ShopBody>): ShopInput {
  const input: ShopInput = {};
  if (body.name !== undefined) input.name = body.name;
  if (body.tz !== undefined) input.tz = body.tz;
  if (body.locale !== undefined) input.locale = body.locale;
  if (body.notify_email !== undefined) input.notify_email = body.notify_email;
  if (body.cancel_cutoff_hours !== undefined) input.cancel_cutoff_hours = body.cancel_cutoff_hours;
  if (body.reminder_hours !== undefined) input.reminder_hours = body.reminder_hours;
  if (body.shopify === null) input.shopify = null;
  else if (body.shopify !== undefined) {
    const { domain, api_secret, book_on } = body.shopify;
    const shopify: NonNullable<ShopInput['shopify']> = {};
    if (domain !== undefined) shopify.domain = domain;
    if (api_secret !== undefined) shopify.api_secret = api_secret;
    if (book_on !== undefined && book_on !== null) shopify.book_on = book_on;
    input.shopify = shopify;
  }
  return input;
}
