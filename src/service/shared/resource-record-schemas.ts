/**
 * The records of resources (issue 39, `src/shared/resource-records.ts`) as schemas for the
 * OpenAPI document, beside `record-schemas.ts`: a resource and a variant's requirement.
 * `test/service/shared/record-schemas.test.ts` holds them against their types.
 * @module
 */
import { z } from '@hono/zod-openapi';

/** An ISO 8601 UTC timestamp with milliseconds. */
const instant = () => z.string().openapi({ format: 'date-time', example: '2026-12-24T13:00:00.000Z' });

const interval = () => z.array(z.tuple([z.string(), z.string()]));

/** Weekly hours by weekday (`mon` … `sun`; a closed day is absent), as a schedule's `hours`. */
const HoursSchema = z
  .object({
    mon: interval().optional(),
    tue: interval().optional(),
    wed: interval().optional(),
    thu: interval().optional(),
    fri: interval().optional(),
    sat: interval().optional(),
    sun: interval().optional(),
  })
  .openapi('ResourceHours', { example: { tue: [['09:00', '17:00']], sat: [['08:00', '12:00']] } });

/** The kinds of resource: wording and icons only. */
export const RESOURCE_KINDS = ['staff', 'equipment', 'room', 'vehicle', 'other'] as const;
/** What a requirement's `uses` is taken per. */
export const REQUIREMENT_PER = ['unit', 'booking', 'slot'] as const;
/** Who picks a pool's resource. */
export const REQUIREMENT_CHOICE = ['any', 'shopper'] as const;

/** A person or thing the shop's products share (GET /v1/resources). */
export const ResourceSchema = z
  .object({
    id: z.number().int(),
    name: z.string().openapi({ example: 'Anna' }),
    kind: z.enum(RESOURCE_KINDS),
    units: z.number().int().openapi({ description: 'How many can be in use at once.' }),
    hours: HoursSchema.nullable().openapi({ description: "When it can be used, in the shop's zone; null: always." }),
    location_id: z.number().int().nullable(),
    staff_account_id: z.number().int().nullable(),
    created_at: instant(),
    updated_at: instant(),
  })
  .openapi('Resource');

/** A variant's requirement: a pool of interchangeable resources and the units taken of one. */
export const RequirementSchema = z
  .object({
    resources: z.array(z.number().int()).openapi({ description: "The pool's resource ids, ascending." }),
    uses: z.number().int(),
    per: z.enum(REQUIREMENT_PER),
    choice: z.enum(REQUIREMENT_CHOICE),
  })
  .openapi('Requirement');
