/**
 * A variant's `requirements` in its body (issue 39, RESOURCES.md §1): at most five, each a pool
 * of 1 to 20 distinct resource ids with the units it takes (`uses`), what it takes them per and
 * who picks. The shapes are checked here, in the variant body's one 422; that the ids are the
 * shop's resources, that each has the units and that `per: "slot"` has times of day, against the
 * database (`requirements.ts`).
 * @module
 */
import { z } from '@hono/zod-openapi';
import type { VariantRequirement } from '../../shared/resource-records.ts';
import { REQUIREMENT_CHOICE, REQUIREMENT_PER } from '../shared/resource-record-schemas.ts';
import { fieldsOnly, list, wholeNumber } from '../shared/schemas.ts';

/** The most requirements one variant may have. */
export const MAX_REQUIREMENTS = 5;
/** The most resources one pool may have. */
export const MAX_POOL = 20;
/** The most units a requirement may take (a resource's most units). */
export const MAX_USES = 100_000;

/** A checked requirement, its defaults filled in: the record's shape. */
export type RequirementInput = VariantRequirement;

const resourceId = () => wholeNumber(1, Number.MAX_SAFE_INTEGER);
const oneOf = (values: readonly string[]) => `must be ${values.map((v) => `"${v}"`).join(' or ')}`;

/** The pool: distinct ids (one given twice is named at its place). */
const POOL = list(resourceId(), MAX_POOL, { noun: 'resources', empty: 'must name at least one resource' })
  .superRefine(
    (ids, ctx) => {
      if (!Array.isArray(ids)) return;
      const seen = new Set<number>();
      (ids as unknown[]).forEach((value, i) => {
        const id = resourceId().safeParse(value).data;
        if (id === undefined) return;
        if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i], message: 'is given twice' });
        seen.add(id);
      });
    },
    { when: () => true },
  )
  .openapi({ description: 'Resource ids of the shop: one of them is taken (a pool: Anna or Ben).' });

const REQUIREMENT = fieldsOnly(
  {
    resources: POOL,
    uses: wholeNumber(1, MAX_USES).optional().openapi({ description: 'Units taken of the resource. @default 1' }),
    per: z
      .enum(REQUIREMENT_PER, { error: oneOf(REQUIREMENT_PER) })
      .optional()
      .openapi({
        description:
          '`unit`: each booked unit takes `uses`; `booking`: once per booking; `slot`: once per departure of the product, shared by its bookings (times of day only). @default unit',
      }),
    choice: z
      .enum(REQUIREMENT_CHOICE, { error: oneOf(REQUIREMENT_CHOICE) })
      .optional()
      .openapi({ description: '`any`: the service assigns; `shopper`: the shopper may pick. @default any' }),
  },
  'requirement',
  'must be an object with resources, and uses, per and choice if not their defaults',
).openapi('RequirementInput');

/** `requirements` of a variant's body: a PUT's list replaces the variant's; [] takes them all away. */
export const REQUIREMENT_LIST = list(REQUIREMENT, MAX_REQUIREMENTS, { noun: 'requirements' }).openapi({
  description: 'The resources the variant draws on, in order; a PUT without it keeps them.',
});

/** The body's requirements with their defaults. */
export function requirementInputsOf(body: z.output<typeof REQUIREMENT_LIST>): RequirementInput[] {
  return body.map((r) => ({
    resources: r.resources,
    uses: r.uses ?? 1,
    per: r.per ?? 'unit',
    choice: r.choice ?? 'any',
  }));
}
