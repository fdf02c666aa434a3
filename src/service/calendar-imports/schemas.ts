/**
 * The bodies and records of /v1/variants/{id}/calendar-imports.
 * @module
 */
import { z } from '@hono/zod-openapi';
import { wholeNumber } from '../shared/schemas.ts';
import type { ImportRow } from './queries.ts';

/** POST /v1/variants/{id}/calendar-imports. */
export const ImportBody = z
  .strictObject({
    url: z
      .string({ error: () => 'must be an http or https address' })
      .max(2000, { error: () => 'must be at most 2000 characters' })
      .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), {
        error: () => 'must be an http or https address',
      })
      .openapi({ description: "Another site's calendar export (.ics)", example: 'https://example.com/calendar.ics' }),
    resource_id: wholeNumber(1, Number.MAX_SAFE_INTEGER).nullable().optional().openapi({
      description:
        'A resource of the shop whose own calendar this is (issue 39): its events close the resource, not the variant. @default null',
    }),
  })
  .openapi('CalendarImportBody');

/** An import and its last fetch's result. */
export const ImportSchema = z
  .object({
    id: z.number().int(),
    variant_id: z.number().int(),
    resource_id: z.number().int().nullable().openapi({
      description: 'The resource whose calendar it is: its events close the resource alone; null: the variant.',
    }),
    url: z.string(),
    created_at: z.string().openapi({ format: 'date-time' }),
    last_status: z.enum(['pending', 'ok', 'unchanged', 'error']).openapi({
      description:
        'pending: not fetched yet; ok: events read; unchanged: the site said nothing changed; error: see last_error',
    }),
    last_error: z.string().nullable(),
    last_fetched_at: z.string().nullable().openapi({ format: 'date-time' }),
    event_count: z.number().int().openapi({ description: 'Blackouts the last successful fetch made' }),
  })
  .openapi('CalendarImport');

/** The API's record of an import row. */
export function importRecord(row: ImportRow): z.infer<typeof ImportSchema> {
  return {
    id: row.id,
    variant_id: row.variant_id,
    resource_id: row.resource_id,
    url: row.url,
    created_at: new Date(row.created_at).toISOString(),
    last_status: row.last_status,
    last_error: row.last_error,
    last_fetched_at: row.last_fetched_at ? new Date(row.last_fetched_at).toISOString() : null,
    event_count: row.event_count,
  };
}
