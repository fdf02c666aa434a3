/**
 * The bodies and records of /v1/calendar-feeds.
 * @module
 */
import { z } from '@hono/zod-openapi';

/** POST /v1/calendar-feeds: what the feed covers. */
export const FeedBody = z
  .strictObject({
    scope: z
      .enum(['shop', 'location', 'variant', 'resource'], {
        error: () => 'must be shop, location, variant or resource',
      })
      .openapi({ description: "The whole shop, one location, one variant or one resource (a guide's own calendar)" }),
    location_id: z.number().int().positive().optional().openapi({ description: 'With scope location: its id' }),
    variant_id: z.number().int().positive().optional().openapi({ description: 'With scope variant: its id' }),
    resource_id: z.number().int().positive().optional().openapi({ description: 'With scope resource: its id' }),
  })
  .openapi('CalendarFeedBody');

/** A feed as listed: never its URL, only the token's first characters. */
export const FeedSchema = z
  .object({
    id: z.number().int(),
    scope: z.enum(['shop', 'location', 'variant', 'resource']),
    location_id: z.number().int().nullable(),
    variant_id: z.number().int().nullable(),
    resource_id: z.number().int().nullable(),
    hint: z.string().openapi({ description: "The secret's first characters, to tell feeds apart" }),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('CalendarFeed');

/** A feed as POST answers it, once: with its URL. */
export const NewFeedSchema = FeedSchema.extend({
  url: z.string().openapi({ description: 'The secret address to subscribe to; shown in this answer only' }),
}).openapi('NewCalendarFeed');

/** The record of a feed row. */
export type FeedRecord = z.infer<typeof FeedSchema>;
