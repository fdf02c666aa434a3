/**
 * The customers endpoints' query and answers as schemas (API.md §4.16): the query of
 * GET /v1/customers, and the customer records for the OpenAPI document
 * (`test/service/customers/customers.test.ts` holds them to `src/shared/merchant-records.ts`).
 * @module
 */
import { z } from '@hono/zod-openapi';
import { BookingSchema } from '../shared/booking-record-schemas.ts';
import { PAGE_QUERY, query, queryString } from '../shared/query-schemas.ts';

/** The query of GET /v1/customers. */
export const CustomerListQuery = query({
  ...PAGE_QUERY,
  q: queryString(100).optional().openapi({ description: "Text in the customer's name, email or phone." }),
});

const instant = () => z.string().openapi({ format: 'date-time', example: '2026-12-24T13:00:00.000Z' });

/** A shop's customer, with a summary of their bookings. */
export const CustomerRecordSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    bookings_count: z.number().int().openapi({ description: 'Their bookings that are not cancelled.' }),
    next_starts_at: instant().nullable().openapi({ description: 'When their next booking starts; null: none coming.' }),
    last_starts_at: instant()
      .nullable()
      .openapi({ description: 'When their latest booking that has started began; null: none has.' }),
    created_at: instant(),
    updated_at: instant(),
  })
  .openapi('CustomerRecord');

/** A customer with every booking that names them, by start. */
export const CustomerWithBookingsSchema = CustomerRecordSchema.extend({ bookings: z.array(BookingSchema) }).openapi(
  'CustomerWithBookings',
);
