/**
 * The booking and blackout records (API.md §2) as schemas for the OpenAPI document, beside
 * `record-schemas.ts`: `test/service/shared/record-schemas.test.ts` fails when a schema and its
 * record type (`src/shared/records.ts`) disagree.
 * @module
 */
import { z } from '@hono/zod-openapi';
import { codeOf, GuestSchema } from './record-schemas.ts';

/** An ISO 8601 UTC timestamp with milliseconds. */
const instant = () => z.string().openapi({ format: 'date-time', example: '2026-12-24T13:00:00.000Z' });

/** An instant's wall-clock time in the shop's zone. */
const wallClock = (example: string, of: string) =>
  z.string().openapi({
    example,
    description: `${of} in the shop's zone, YYYY-MM-DDTHH:MM (:SS when not 0), as a booking's times are posted.`,
  });

/** An id of ours or the platform's, or null for none. */
const idOrNull = () => z.number().int().nullable();

/** One booked item. */
export const BookingItemSchema = z
  .object({
    external_id: z.number().int(),
    variant_id: z.number().int(),
    resource_id: z.string().nullable(),
    quantity: z.number().int(),
    product_title: z.string(),
    variant_title: z.string(),
  })
  .openapi('BookingItem');

/** An answer to a custom booking question. */
export const BookingFieldSchema = z.object({ name: z.string(), value: z.string() }).openapi('BookingField');

/** A customer named on a booking: a guest, and a phone number when one was given (an extension). */
export const CustomerSchema = GuestSchema.extend({ phone: z.string().optional() }).openapi('Customer');

/** A booking (seed §2.4). */
export const BookingSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'confirmed', 'cancelled']),
    status_code: codeOf([1, 2, 4]),
    starts_at: instant(),
    finishes_at: instant(),
    starts_at_local: wallClock('2026-12-01T10:00', 'starts_at'),
    finishes_at_local: wallClock('2026-12-01T12:00', 'finishes_at'),
    tz: z.string().openapi({ example: 'Australia/Sydney' }),
    items: z.array(BookingItemSchema),
    customers: z.array(CustomerSchema),
    fields: z.array(BookingFieldSchema),
    tags: z.array(z.string()),
    create_draft_order: z.boolean(),
    created_at: instant(),
    customer_id: idOrNull().openapi({
      description: 'The customer record (GET /v1/customers/{id}) of the first of `customers`; null when it names none.',
    }),
    cancelled_by_customer_at: instant()
      .nullable()
      .openapi({ description: 'When its customer cancelled it with their manage link; null otherwise.' }),
    refund_due: z.boolean().openapi({
      description:
        'A Shopify order’s booking its customer cancelled: refund the order in Shopify, then POST /v1/bookings/{id}/refunded.',
    }),
    refunded_at: instant().nullable().openapi({ description: 'When the refund was marked made; null otherwise.' }),
  })
  .openapi('Booking');

/** A period in which items cannot be held or booked (seed §4). */
export const BlackoutSchema = z
  .object({
    id: z.number().int(),
    title: z
      .string()
      .nullable()
      .openapi({ description: "The merchant's own name; null for publishable tokens (never shown to shoppers)." }),
    shopper_reason: z
      .string()
      .nullable()
      .openapi({ description: 'What shoppers are told on the days it closes; null: they read "Closed".' }),
    starts_at: instant(),
    finishes_at: instant(),
    all_day: z.union([z.literal(0), z.literal(1)]),
    scope: z.enum(['overlap', 'start']),
    product_id: idOrNull(),
    external_product_id: idOrNull(),
    variant_id: idOrNull(),
    external_variant_id: idOrNull(),
    location_id: idOrNull(),
    resource_id: idOrNull().openapi({
      description: 'The resource it closes, naming nothing else; publishable tokens never see such a blackout.',
    }),
    vendor: z.string().nullable(),
    created_at: instant(),
    updated_at: instant(),
  })
  .openapi('Blackout');
