/**
 * The booking endpoints' requests as schemas (seed §2.4, API.md §3): the body of
 * POST /v1/bookings and the query of GET /v1/bookings. A field the payload does not have is a
 * 422 naming it (`items[0].qty`: "is not a booking item field"), so nothing posted is silently
 * dropped. The schemas check the shape of the shop-local times; the shop's zone places them
 * (`input.ts`), adding its messages to the same 422.
 * @module
 */
import { z } from '@hono/zod-openapi';
import type { BookingStatus } from '../../shared/records.ts';
import { parseLocalDateTime } from '../../shared/zones.ts';
import { PAGE_QUERY, query, queryBool, queryId, queryInstant, queryString } from '../shared/query-schemas.ts';
import { MAX_ITEMS, cartToken, externalId, fieldsOnly, list, person, text, wholeNumber } from '../shared/schemas.ts';

// A phone number as people write it: an optional +, then digits with spaces, dots, dashes and
// brackets between; at least 3 digits. Call centres and shops dial it, nobody parses it.
const PHONE = /^\+?[0-9(][0-9 ().-]{1,28}[0-9]$/;
const PHONE_MESSAGE = 'must be a phone number: digits with spaces, + ( ) - or . between, at most 30 characters';

const STATUSES: readonly BookingStatus[] = ['pending', 'confirmed', 'cancelled'];
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A shop-local `YYYY-MM-DD HH:MM`; whether the shop's zone has that time is `input.ts`'s. */
const LOCAL_TIME = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string "YYYY-MM-DD HH:MM"') })
  .superRefine((value, ctx) => {
    // UTC skips no time: only the shape can fail here.
    const parsed = parseLocalDateTime(value, 'UTC');
    if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
  })
  .openapi({ example: '2026-12-24 13:00', description: "A time in the shop's zone, YYYY-MM-DD HH:MM." });

/** A resource's id: a string, or a whole number as its digits; missing, null or '' is none. */
const RESOURCE_ID = z
  .preprocess(
    (value) =>
      typeof value === 'number' && Number.isSafeInteger(value)
        ? String(value)
        : value === null || value === ''
          ? undefined
          : value,
    text(255).optional(),
  )
  .transform((value) => value ?? null)
  .openapi({ type: 'string', description: 'The resource booked (a string, or a whole number).' });

/** One booked item; its fields in the order the 422 names them. */
const ITEM = fieldsOnly(
  { external_id: externalId(), quantity: wholeNumber(1), resource_id: RESOURCE_ID },
  'booking item',
  'must be an object with external_id and quantity',
);

// Line breaks and tabs are fine in an answer; NUL and other control characters are not (and
// PostgreSQL's jsonb cannot store NUL at all).
const VALUE_MESSAGE = 'must be a string of at most 2000 characters without control characters';
const ANSWER = fieldsOnly(
  {
    name: text(255),
    value: z
      .string({ error: () => VALUE_MESSAGE })
      .refine((value) => value.length <= 2000 && value.isWellFormed() && !CONTROL.test(value), VALUE_MESSAGE)
      .openapi({ maxLength: 2000 }),
  },
  'booking answer',
  'must be an object with name and value',
);

/**
 * A customer: a person (names optional, email required) and, an extension, a phone number;
 * a missing, null or empty phone is none.
 */
const CUSTOMER = person('customer').extend({
  phone: z
    .preprocess(
      (value) => (value === null || value === '' ? undefined : value),
      z
        .string({ error: () => PHONE_MESSAGE })
        .refine((value) => PHONE.test(value) && value.replace(/[^0-9]/g, '').length >= 3, PHONE_MESSAGE)
        .optional(),
    )
    .openapi({ type: 'string', maxLength: 30, example: '+61 3 9000 1234' }),
});

/** A booking's customers: 1 to 50 people. */
const CUSTOMERS = list(CUSTOMER, MAX_ITEMS, { empty: `must list 1 to ${MAX_ITEMS} customers` });

/** A booking's items: 1 to 50. */
const ITEMS = list(ITEM, MAX_ITEMS, { empty: `must list 1 to ${MAX_ITEMS} items` });

/** `true`/`false`, also as `"true"`/`"false"` and 1/0; missing or null is false. */
const FLAG = z
  .unknown()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return false;
    if (value === true || value === 'true' || value === 1 || value === '1') return true;
    if (value === false || value === 'false' || value === 0 || value === '0') return false;
    ctx.issues.push({ code: 'custom', message: 'must be true or false (or "true"/"false")', input: value });
    return z.NEVER;
  })
  .optional()
  .openapi({ type: 'boolean', description: 'Also "true"/"false". @default false' });

/** The body of POST /v1/bookings: the seed's fields (§2.4), and `cart_token` (an extension). */
export const BookingBody = fieldsOnly(
  {
    starts_at: LOCAL_TIME,
    finishes_at: LOCAL_TIME,
    items: ITEMS,
    // A booking is someone's: the merchant must be able to reach them (issue 15).
    customers: CUSTOMERS,
    fields: list(ANSWER, 100).optional(),
    tags: list(text(255), 50).optional(),
    create_draft_order: FLAG,
    cart_token: cartToken().optional(),
  },
  'booking',
  'must be a JSON object with starts_at, finishes_at and items',
).openapi('BookingRequest');

/**
 * The body of PATCH /v1/bookings/{id} (an extension): any of these fields, in the formats of
 * POST /v1/bookings; each one given replaces the booking's (`items` and `customers` as whole
 * lists). A field POST takes but a change cannot (`cart_token`, `create_draft_order`) is a 422.
 */
export const BookingPatchBody = fieldsOnly(
  {
    starts_at: LOCAL_TIME.optional(),
    finishes_at: LOCAL_TIME.optional(),
    items: ITEMS.optional(),
    customers: CUSTOMERS.optional(),
    fields: list(ANSWER, 100).optional(),
    tags: list(text(255), 50).optional(),
  },
  'booking change',
  'must be a JSON object with any of starts_at, finishes_at, items, customers, fields and tags',
).openapi('BookingChange');

/** The query of GET /v1/bookings. */
export const BookingListQuery = query({
  ...PAGE_QUERY,
  status: queryString(20)
    .refine((value) => STATUSES.includes(value as BookingStatus), `must be one of ${STATUSES.join(', ')}`)
    .transform((value) => value as BookingStatus)
    .optional()
    .openapi({ type: 'string', enum: [...STATUSES] }),
  external_variant_id: queryId(),
  external_product_id: queryId(),
  start_min: queryInstant().openapi({ description: 'Only bookings finishing after this.' }),
  finish_max: queryInstant().openapi({ description: 'Only bookings starting before this.' }),
  q: queryString(100).optional().openapi({
    description: "Text in a customer's name, email or a tag, the booking's id, or its Shopify order's name or number.",
  }),
  customer_id: queryId().openapi({ description: 'Only bookings naming this customer (GET /v1/customers).' }),
  location_id: queryId().openapi({ description: 'Only bookings of a product at this location.' }),
  refund_due: queryBool().openapi({
    description:
      'true: only the bookings whose refund is still to be made (a customer cancelled a Shopify order’s booking).',
  }),
});

/** The optional `Idempotency-Key` header of POST /v1/bookings (checked by the route, by hand). */
export const IdempotencyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .optional()
    .openapi({ description: '1 to 255 printable ASCII characters: a retried POST returns the first booking.' }),
});
