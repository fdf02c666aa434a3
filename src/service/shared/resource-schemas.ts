/**
 * The shapes shared resources add to other records (RESOURCES.md §3): a resource by id and name,
 * a variant drawing on resources as a widget sees it, and a 409 item's shortage.
 * @module
 */
import { z } from '@hono/zod-openapi';

/** A shared resource by id and name: one assigned, or a `shopper` pool's member that is free. */
export const FreeResourceSchema = z.object({ id: z.number().int(), name: z.string() }).openapi('FreeResource');

/** A variant of a widget's products that draws on shared resources: its requirements' pools by name. */
export const ResourceVariantSchema = z
  .object({
    external_id: z.number().int(),
    product_external_id: z.number().int(),
    title: z.string(),
    requirements: z.array(
      z.object({
        per: z.enum(['unit', 'booking', 'slot']),
        uses: z.number().int(),
        choice: z.enum(['any', 'shopper']),
        resources: z.array(FreeResourceSchema),
      }),
    ),
  })
  .openapi('ResourceVariant');

/** Why a requirement's pool could not take an item, in words and a code. */
export const ResourceShortageSchema = z
  .object({
    code: z.enum(['resource_sold_out', 'departure_led']),
    message: z.string(),
    resources: z.array(z.object({ id: z.number().int(), name: z.string(), units_free: z.number().int() })),
    free_instead: z.array(FreeResourceSchema),
  })
  .openapi('ResourceShortage');
