/**
 * The shop's own record (GET /v1/shop), as a schema for the OpenAPI document (beside
 * `record-schemas.ts`, which holds the booking records).
 * @module
 */
import { z } from '@hono/zod-openapi';

/** An ISO 8601 UTC timestamp with milliseconds. */
const instant = () => z.string().openapi({ format: 'date-time', example: '2026-12-24T13:00:00.000Z' });

/** The caller's shop and its Shopify settings (GET /v1/shop; the API secret is never shown). */
export const ShopSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    tz: z.string(),
    locale: z.string(),
    notify_email: z.string().nullable(),
    cancel_cutoff_hours: z.number().int().nullable().openapi({
      description:
        'Until how many hours before its start a customer may cancel with their manage link; null: not online',
    }),
    reminder_hours: z.number().int().nullable(),
    shopify: z.object({
      domain: z.string().nullable(),
      api_secret_set: z.boolean(),
      previous_secret_expires_at: instant().nullable(),
      book_on: z.enum(['orders/create', 'orders/paid']).nullable(),
    }),
  })
  .openapi('Shop');
