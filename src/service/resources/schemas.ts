/**
 * The bodies of POST and PUT /v1/resources and the query of GET /v1/resources, as schemas: one
 * 422 names every bad field. As for products, a field the record does not have is 422 (a typo in
 * a PUT is never a silent no-op) and the read-only ones are ignored, so a record read with GET
 * can be sent back as it is.
 * @module
 */
import { z } from '@hono/zod-openapi';
import type { ResourceHours, ResourceKind } from '../../shared/resource-records.ts';
import { PAGE_QUERY, query, queryId } from '../shared/query-schemas.ts';
import { RESOURCE_KINDS } from '../shared/resource-record-schemas.ts';
import { fieldsOnly, text, wholeNumber } from '../shared/schemas.ts';
import { HoursInputSchema } from './hours.ts';

/** The most units a resource may have (migration 34's check). */
export const MAX_UNITS = 100_000;
/** The longest name (migration 34's check). */
export const MAX_NAME = 120;

/** A checked body; absent fields are undefined (PUT keeps them), null clears. */
export interface ResourceInput {
  name?: string;
  kind?: ResourceKind;
  units?: number;
  hours?: ResourceHours | null;
  locationId?: number | null;
  staffAccountId?: number | null;
}

type Mode = 'create' | 'update';

const KIND_MESSAGE = `must be one of ${RESOURCE_KINDS.map((k) => `"${k}"`).join(', ')}`;
const ignored = () => z.unknown().optional();
const inMode = <T extends z.ZodType>(schema: T, mode: Mode) => (mode === 'create' ? schema : schema.optional());
const id = (description: string) =>
  wholeNumber(1, Number.MAX_SAFE_INTEGER).nullable().optional().openapi({ description });

function resourceBody(mode: Mode) {
  return fieldsOnly(
    {
      name: inMode(
        z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), text(MAX_NAME)),
        mode,
      ).openapi({ description: 'Unique in the shop; trimmed.' }),
      kind: z
        .enum(RESOURCE_KINDS, { error: KIND_MESSAGE })
        .optional()
        .openapi({ description: 'Wording and icons only. @default other' }),
      units: inMode(wholeNumber(1, MAX_UNITS), mode).openapi({ description: 'How many can be in use at once.' }),
      hours: HoursInputSchema.nullable().optional(),
      location_id: id('A location of the shop, or null.'),
      staff_account_id: id("A staff account of the shop (the admin's Staff), or null."),
      id: ignored(),
      created_at: ignored(),
      updated_at: ignored(),
    },
    'resource',
    'must be a JSON object',
  );
}

/** The body of POST /v1/resources. */
export const ResourceCreateBody = resourceBody('create').openapi('ResourceCreate');
/** The body of PUT /v1/resources/{id}: the fields given change. */
export const ResourceChangeBody = resourceBody('update').openapi('ResourceChange');

/** A checked body as the rules take it. */
export function resourceInputOf(
  body: z.output<typeof ResourceCreateBody> | z.output<typeof ResourceChangeBody>,
): ResourceInput {
  const input: ResourceInput = {};
  if (body.name !== undefined) input.name = body.name;
  if (body.kind !== undefined) input.kind = body.kind;
  if (body.units !== undefined) input.units = body.units;
  if (body.hours !== undefined) input.hours = body.hours;
  if (body.location_id !== undefined) input.locationId = body.location_id;
  if (body.staff_account_id !== undefined) input.staffAccountId = body.staff_account_id;
  return input;
}

/** The query of GET /v1/resources. */
export const ResourceListQuery = query({
  ...PAGE_QUERY,
  kind: z
    .enum(RESOURCE_KINDS, { error: (issue) => (Array.isArray(issue.input) ? 'must be given once' : KIND_MESSAGE) })
    .optional(),
  location_id: queryId(),
  staff_account_id: queryId(),
});
