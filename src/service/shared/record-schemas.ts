/**
 * The records the service answers with (API.md §2) and the error envelope (§4), as schemas for
 * the OpenAPI document. They describe `src/shared/records.ts`, the one set of record types the
 * widget, the client and the service share: `test/service/http/record-schemas.test.ts` fails
 * when a schema and its record type disagree.
 * @module
 */
import { z } from '@hono/zod-openapi';
import { isPlainDate, type PlainDate } from '../../shared/plain-date.ts';
import { ITEM_STATUS, type ItemStatus, type ItemStatusCode } from '../../shared/status.ts';
import { RequirementSchema } from './resource-record-schemas.ts';
import { ScheduleSchema } from './schedule-record-schemas.ts';
import { FreeResourceSchema, ResourceShortageSchema, ResourceVariantSchema } from './resource-schemas.ts';

const STATUS_NAMES = Object.keys(ITEM_STATUS) as [ItemStatus, ...ItemStatus[]];
const STATUS_CODES = Object.values(ITEM_STATUS) as [ItemStatusCode, ...ItemStatusCode[]];

/** An ISO 8601 UTC timestamp with milliseconds. */
const instant = () => z.string().openapi({ format: 'date-time', example: '2026-12-24T13:00:00.000Z' });

/** A shop-local day `YYYY-MM-DD` (whole-day items) or wall-clock time `YYYY-MM-DDTHH:MM` (timed ones). */
const localTime = (example: string) =>
  z.string().openapi({
    example,
    description:
      "In the shop's zone: the day YYYY-MM-DD for a whole-day item, else the wall-clock YYYY-MM-DDTHH:MM (:SS when not 0). Exclusive at the finish, as the UTC instant is.",
  });

/**
 * One of `codes`, as an integer enum. `z.literal([1, 2, 3])` checks every value, but the
 * OpenAPI generator writes only the first (`enum: [1]`), so a client generated from the
 * document refused every answer but `ok` (issue #38); the document's enum is written here.
 */
export const codeOf = <const T extends number>(codes: readonly [T, ...T[]]) =>
  z.literal(codes).openapi({ type: 'integer', enum: [...codes] });

/** The API's 0/1 flags. */
const flag = () => z.union([z.literal(0), z.literal(1)]);

/** A guest named on a reservation. */
export const GuestSchema = z
  .object({ first_name: z.string(), last_name: z.string(), email: z.string() })
  .openapi('Guest');

/** One held item of a reservation (seed §2.1). */
export const ReservationItemSchema = z
  .object({
    start: instant(),
    finish: instant(),
    start_local: localTime('2026-12-01'),
    finish_local: localTime('2026-12-02'),
    status: z.enum(STATUS_NAMES),
    status_code: codeOf(STATUS_CODES),
    variant_id: z.number().int(),
    external_id: z.number().int(),
    quantity: z.number().int(),
    quantity_available: z.number().int(),
    variant_title: z.string(),
    product_title: z.string(),
    all_day: flag(),
    resources: z.array(FreeResourceSchema).optional().openapi({
      description:
        "The shared resources assigned to it, in its variant's order of requirements; absent for a variant without.",
    }),
  })
  .openapi('ReservationItem');

/** A timed hold of items against a cart token (seed §2.1). */
export const ReservationSchema = z
  .object({
    id: z.number().int(),
    cart_token: z.string(),
    created_at: instant(),
    expires_at: instant(),
    tz: z.string().openapi({ example: 'Australia/Sydney' }),
    items: z.array(ReservationItemSchema),
  })
  .openapi('Reservation');

/** A widget's settings (API.md §2): the rules its calendar and the holds follow. */
export const WidgetSettingsSchema = z
  .object({
    lead_days: z.number().int(),
    horizon_days: z.number().int(),
    min_days: z.number().int(),
    max_days: z.number().int(),
    count: z.enum(['days', 'nights']),
    first_day_of_week: z.number().int().nullable(),
    quantity_min: z.number().int(),
    quantity_max: z.number().int(),
    hold_minutes: z.number().int(),
    pricing: z.enum(['booking', 'day', 'night', 'slot']),
    max_slots: z.number().int().openapi({
      description:
        "A slot widget's longest run of consecutive slots a shopper may choose (a Length choice), within the variant's own `max_slots`; 1: one slot, no choice.",
    }),
  })
  .openapi('WidgetSettings');

/** A widget: where the calendar shows and the rules it applies (API.md §2). */
export const WidgetSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    type: z.enum(['date', 'range', 'slot']),
    tz: z.string(),
    locale: z.string(),
    product_ids: z.array(z.number().int()),
    external_product_ids: z.array(z.number().int()),
    settings: WidgetSettingsSchema,
    created_at: instant(),
    updated_at: instant(),
    resource_variants: z.array(ResourceVariantSchema).optional().openapi({
      description:
        'The variants of its products that draw on shared resources (ticket types sharing seats, pools a shopper may choose from); absent when none does.',
    }),
  })
  .openapi('Widget');

/** An API token as listed (the token itself is never shown again). */
export const TokenSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['secret', 'publishable']),
    hint: z.string().nullable().openapi({ example: 'pk_…x7Qa' }),
    label: z.string().nullable(),
    origins: z.array(z.string()),
    created_at: instant(),
  })
  .openapi('Token');

/** A token as created: the record and, in this one answer only, the token. */
export const NewTokenSchema = TokenSchema.extend({ token: z.string() }).openapi('NewToken');

/** A location of the shop (products and blackouts may name it). */
export const LocationSchema = z.object({ id: z.number().int(), name: z.string() }).openapi('Location');

/** A variant of a product: what is held and booked, with its units per shop-local day or per slot. */
export const VariantSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    external_id: z.number().int(),
    external_product_id: z.number().int(),
    title: z.string(),
    capacity: z.number().int(),
    booking: z.enum(['days', 'slots']),
    schedule: ScheduleSchema.nullable(),
    requirements: z
      .array(RequirementSchema)
      .openapi({ description: 'The resources it draws on, in order; [] when none.' }),
  })
  .openapi('Variant');

/** A product with its variants. */
export const ProductSchema = z
  .object({
    id: z.number().int(),
    external_id: z.number().int(),
    title: z.string(),
    vendor: z.string().nullable(),
    location_id: z.number().int().nullable(),
    variants: z.array(VariantSchema),
  })
  .openapi('Product');

/** A shop-local day, `YYYY-MM-DD`. */
const day = () => z.custom<PlainDate>(isPlainDate).openapi({ type: 'string', format: 'date', example: '2026-12-10' });

/** One day of a variant's availability (GET /v1/availability, an extension). */
export const AvailabilityDaySchema = z
  .object({
    date: day(),
    quantity_available: z.number().int().openapi({
      description: 'Units a one-day item starting this day could have; 0 on a closed day (`status` says why).',
    }),
    quantity_free: z.number().int().openapi({
      description: 'Units not held or booked this day, whatever the rules (a day closed only to starts).',
    }),
    status: z.enum(STATUS_NAMES),
    status_code: codeOf(STATUS_CODES),
    slots_available: z.number().int().optional().openapi({
      description: 'A variant booked by times of day only: how many slots of the day can take the quantity asked.',
    }),
    free_resources: z.array(FreeResourceSchema).optional().openapi({
      description: "A variant booked by days whose resource the shopper may choose: the pool's members free that day.",
    }),
  })
  .openapi('AvailabilityDay');

/** One time of day of a slot variant (GET /v1/slots, SLOTS.md §2). */
export const AvailableSlotSchema = z
  .object({
    starts_at: instant(),
    finishes_at: instant(),
    local_start: z.string().openapi({ example: '09:00', description: "Wall-clock HH:MM in the shop's zone." }),
    local_finish: z.string().openapi({ example: '10:30', description: "Wall-clock HH:MM in the shop's zone." }),
    quantity_available: z.number().int().openapi({
      description: 'Units a hold of this slot could have; 0 on a closed slot (`status` says why).',
    }),
    status: z.enum(STATUS_NAMES),
    status_code: codeOf(STATUS_CODES),
    max_slots: z.number().int().optional().openapi({
      example: 1,
      description:
        "How many consecutive slots a hold starting at this slot may span: the schedule's `max_slots` for `units`, 1 for `seats` (GET /v1/slots).",
    }),
    free_resources: z.array(FreeResourceSchema).optional().openapi({
      description:
        "A variant whose resource the shopper may choose: the pool's members free for one unit of this slot.",
    }),
  })
  .openapi('AvailableSlot');

/** GET /v1/slots: each local date of the period with its slots (an empty list on a closed day). */
export const SlotsByDateSchema = z
  .record(z.string().openapi({ format: 'date' }), z.array(AvailableSlotSchema))
  .openapi('SlotsByDate', { example: {} });

/** One variant on one shop-local day (GET /v1/occupancy, an extension). */
export const OccupancyDaySchema = z
  .object({
    variant_id: z.number().int(),
    external_variant_id: z.number().int(),
    product_id: z.number().int(),
    product_title: z.string(),
    variant_title: z.string(),
    date: day(),
    capacity: z.number().int(),
    held: z.number().int(),
    booked: z.number().int(),
    available: z.number().int(),
    blacked_out: z.boolean(),
    blackout_title: z.string().nullable(),
  })
  .openapi('OccupancyDay');

/** A Shopify order line the service did not book as it was paid (GET /v1/shopify/conflicts). */
export const ShopifyConflictSchema = z
  .object({
    id: z.number().int(),
    order_id: z.string(),
    order_name: z.string().nullable(),
    line_id: z.string(),
    external_variant_id: z.number().int(),
    starts_at: instant(),
    finishes_at: instant(),
    quantity: z.number().int(),
    line_quantity: z.number().int().nullable(),
    held_line_quantity: z.number().int().nullable(),
    pricing: z.enum(['booking', 'day', 'night', 'slot']).nullable(),
    booking_id: z.number().int().nullable(),
    reason: z.string(),
    created_at: instant(),
  })
  .openapi('ShopifyConflict');

/** A posted item as a 409 `unavailable` reports it: its instants, status and what is left (API.md §4). */
export const UnavailableItemSchema = z
  .object({
    external_id: z.number().int(),
    start: instant(),
    finish: instant(),
    quantity: z.number().int(),
    quantity_available: z.number().int(),
    status: z.enum(STATUS_NAMES),
    status_code: codeOf(STATUS_CODES),
    resource_shortage: ResourceShortageSchema.optional().openapi({
      description: 'Present when a shared resource refused the item (RESOURCES.md §2).',
    }),
  })
  .openapi('UnavailableItem');

/** The error envelope of every 4xx and 5xx (API.md §4). */
export const ErrorSchema = z
  .object({
    error: z.string().openapi({ example: 'invalid' }),
    message: z.string(),
    details: z
      .object({
        fields: z.record(z.string(), z.array(z.string())).optional(),
        items: z.array(UnavailableItemSchema).optional(),
      })
      .passthrough()
      .optional(),
  })
  .openapi('Error');
