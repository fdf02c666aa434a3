/**
 * The records of times of day (issue 28) as schemas for the OpenAPI document, beside
 * `record-schemas.ts`: a variant's schedule (`src/shared/schedule.ts`) and a misfit
 * (`src/shared/merchant-records.ts`); the tests of their answers check them against the types.
 * @module
 */
import { z } from '@hono/zod-openapi';

/** An ISO 8601 UTC timestamp with milliseconds. */
const instant = () => z.string().openapi({ format: 'date-time', example: '2026-12-05T22:00:00.000Z' });

/** A local day (whole-day items) or wall-clock time in the shop's zone. */
const localTime = (example: string) =>
  z.string().openapi({
    example,
    description:
      "In the shop's zone: the day YYYY-MM-DD for a whole-day item, else the wall-clock YYYY-MM-DDTHH:MM. Exclusive at the finish.",
  });

/** Weekday → value, as schedules key their times (`mon` … `sun`; a closed day is absent). */
const byWeekday = <T extends z.ZodType>(each: T) =>
  z.object({
    mon: each.optional(),
    tue: each.optional(),
    wed: each.optional(),
    thu: each.optional(),
    fri: each.optional(),
    sat: each.optional(),
    sun: each.optional(),
  });

/** A variant's times of day (src/shared/schedule.ts; API.md, "Schedules (times of day)"). */
export const ScheduleSchema = z
  .object({
    counting: z.enum(['seats', 'units']),
    hours: byWeekday(z.array(z.tuple([z.string(), z.string()])))
      .optional()
      .openapi({ example: { mon: [['09:00', '17:00']] } }),
    departures: byWeekday(z.array(z.string()))
      .optional()
      .openapi({ example: { sat: ['09:00', '13:00'] } }),
    duration_minutes: z.number().int(),
    interval_minutes: z.number().int(),
    buffer_before_minutes: z.number().int(),
    buffer_after_minutes: z.number().int(),
    min_notice_minutes: z.number().int(),
    horizon_days: z.number().int(),
    max_slots: z.number().int(),
  })
  .openapi('Schedule');

/** A live hold item or coming booking that no longer fits its variant's schedule (GET /v1/variants/{id}/misfits). */
export const MisfitSchema = z
  .object({
    kind: z.enum(['hold', 'booking']),
    id: z.number().int(),
    cart_token: z.string().nullable(),
    status: z.enum(['pending', 'confirmed']).nullable(),
    starts_at: instant(),
    finishes_at: instant(),
    start_local: localTime('2026-12-05T09:30'),
    finish_local: localTime('2026-12-05T11:30'),
    all_day: z.union([z.literal(0), z.literal(1)]),
    quantity: z.number().int(),
    expires_at: instant().nullable(),
    reason: z.string(),
  })
  .openapi('Misfit');

/** One slot of a slot variant's day with its units booked, held and left (GET /v1/occupancy/slots). */
export const OccupancySlotSchema = z
  .object({
    starts_at: instant(),
    finishes_at: instant(),
    local_start: z.string().openapi({ example: '09:00' }),
    local_finish: z.string().openapi({ example: '11:00' }),
    capacity: z.number().int(),
    booked: z.number().int(),
    held: z.number().int(),
    available: z.number().int(),
  })
  .openapi('OccupancySlot');
