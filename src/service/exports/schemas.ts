/**
 * The query of GET /v1/exports/bookings.csv as a schema: the shop days of the period (both
 * included), a product, a variant and a status, each named in the 422 when it is wrong.
 * @module
 */
import type { BookingStatus } from '../../shared/records.ts';
import { query, queryDate, queryId, queryString } from '../shared/query-schemas.ts';

const STATUSES: readonly BookingStatus[] = ['pending', 'confirmed', 'cancelled'];

/** The query of the bookings export. */
export const BookingExportQuery = query({
  start_min: queryDate().optional().openapi({
    description: 'The first shop day exported (YYYY-MM-DD): bookings finishing after its start. @default none',
  }),
  finish_max: queryDate().optional().openapi({
    description: 'The last shop day exported (YYYY-MM-DD, included): bookings starting before its end. @default none',
  }),
  external_product_id: queryId().openapi({ description: "Only this product's bookings, and only its items." }),
  external_variant_id: queryId().openapi({ description: "Only this variant's bookings, and only its items." }),
  status: queryString(20)
    .refine((value) => STATUSES.includes(value as BookingStatus), `must be one of ${STATUSES.join(', ')}`)
    .transform((value) => value as BookingStatus)
    .optional()
    .openapi({ type: 'string', enum: [...STATUSES], description: 'Only bookings in this state. @default every state' }),
}).superRefine((value, ctx) => {
  const { start_min: from, finish_max: to } = value as { start_min?: unknown; finish_max?: unknown };
  if (typeof from === 'string' && typeof to === 'string' && to < from)
    ctx.addIssue({ code: 'custom', path: ['finish_max'], message: 'must be on or after start_min' });
});
