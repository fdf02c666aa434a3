/**
 * The bodies of the catalogue writes (an extension: POST/PUT /v1/products, POST
 * /v1/products/{id}/variants, PUT /v1/variants/{id}) and the products' query, as schemas: one
 * 422 names every bad field. As for blackouts, a field the record does not have is 422 (a typo
 * in a PUT is never a silent no-op), and the record's read-only fields are ignored, so a record
 * read with GET can be sent back as it is.
 * @module
 */
import { z } from '@hono/zod-openapi';
import { PAGE_QUERY, query, queryId, queryString } from '../shared/query-schemas.ts';
import { externalId, fieldsOnly, list, text, wholeNumber } from '../shared/schemas.ts';
import type { Schedule } from '../../shared/schedule.ts';
import { ScheduleInputSchema } from '../slots/schedule-schema.ts';
import { REQUIREMENT_LIST, type RequirementInput, requirementInputsOf } from './requirement-schemas.ts';

/** The most variants a product may be created with in one request. */
export const MAX_VARIANTS = 100;
/** The largest capacity a variant may have per day. */
export const MAX_CAPACITY = 100_000;

/** A checked variant body; absent fields are undefined (PUT keeps them). */
export interface VariantInput {
  externalId?: number;
  title?: string;
  capacity?: number;
  /** A schedule books by slots; null books by days (a PUT returns the variant to days); undefined keeps it. */
  schedule?: Schedule | null;
  /** `booking: "slots"` without a schedule: the variant must have one already (a PUT's check). */
  slotsWithoutSchedule?: boolean;
  /** The resources it draws on (issue 39); undefined keeps them (a PUT), [] takes them away. */
  requirements?: RequirementInput[];
}

/** A checked product body; absent fields are undefined (PUT keeps them). */
export interface ProductInput {
  externalId?: number;
  title?: string;
  vendor?: string | null;
  locationId?: number | null;
  variants?: VariantInput[];
}

type Mode = 'create' | 'update';

/** Read-only fields a record read with GET may send back: ignored. */
const ignored = () => z.unknown().optional();
const trimmed = () => z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), text(255));
/** Required on create; on update only when given (`null` is given: it is checked, and refused). */
const inMode = <T extends z.ZodType>(schema: T, mode: Mode) => (mode === 'create' ? schema : schema.optional());

function variantShape(mode: Mode) {
  return {
    external_id: inMode(externalId(), mode),
    title: inMode(trimmed(), mode),
    capacity: inMode(wholeNumber(0, MAX_CAPACITY), mode),
    booking: z
      .enum(['days', 'slots'], { error: 'must be "days" or "slots"' })
      .optional()
      .openapi({ description: '`days` (no schedule) or `slots` (a schedule); follows `schedule` when not given.' }),
    schedule: ScheduleInputSchema.nullable().optional(),
    requirements: REQUIREMENT_LIST.optional(),
    id: ignored(),
    product_id: ignored(),
    external_product_id: ignored(),
    created_at: ignored(),
    updated_at: ignored(),
  };
}

/**
 * `booking` and `schedule` agree: `days` has no schedule (a PUT's `{"booking": "days"}` alone
 * clears it), `slots` needs one (given, or on a PUT already the variant's: the rules check).
 */
function bookingAgrees(mode: Mode) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    if (typeof value !== 'object' || value === null) return;
    const { booking, schedule } = value as { booking?: unknown; schedule?: unknown };
    if (booking === 'days' && typeof schedule === 'object' && schedule !== null)
      ctx.addIssue({ code: 'custom', path: ['schedule'], message: 'must be null when booking is "days"' });
    if (booking === 'slots' && (schedule === null || (schedule === undefined && mode === 'create')))
      ctx.addIssue({ code: 'custom', path: ['schedule'], message: 'is required when booking is "slots"' });
  };
}

/** The body of POST /v1/products/{id}/variants or PUT /v1/variants/{id}. */
const variantBody = (mode: Mode) =>
  fieldsOnly(variantShape(mode), 'variant', 'must be a JSON object').superRefine(bookingAgrees(mode), {
    when: () => true,
  });

/** The body of POST /v1/products/{id}/variants. */
export const VariantCreateBody = variantBody('create').openapi('VariantCreate');
/** The body of PUT /v1/variants/{id}. */
export const VariantChangeBody = variantBody('update').openapi('VariantChange');

const VARIANT_LIST = list(
  fieldsOnly(variantShape('create'), 'variant', 'must be an object with external_id, title and capacity').superRefine(
    bookingAgrees('create'),
    { when: () => true },
  ),
  MAX_VARIANTS,
  { noun: 'variants' },
).superRefine(
  (variants, ctx) => {
    // One product cannot hold the same platform variant twice.
    if (!Array.isArray(variants)) return;
    const seen = new Set<number>();
    (variants as unknown[]).forEach((variant, i) => {
      const id = externalId().safeParse((variant as { external_id?: unknown } | null)?.external_id).data;
      if (id === undefined) return;
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i, 'external_id'], message: 'is given twice' });
      seen.add(id);
    });
  },
  { when: () => true },
);

function productBody(mode: Mode) {
  return fieldsOnly(
    {
      external_id: inMode(externalId(), mode),
      title: inMode(trimmed(), mode),
      vendor: trimmed().nullable().optional(),
      location_id: wholeNumber(1, Number.MAX_SAFE_INTEGER).nullable().optional(),
      // A product's variants are changed through /v1/variants/{id}: a PUT carrying the list (as
      // GET shows it) ignores it, so the record can be sent back.
      variants: mode === 'create' ? VARIANT_LIST.optional() : ignored(),
      id: ignored(),
      created_at: ignored(),
      updated_at: ignored(),
    },
    'product',
    'must be a JSON object',
  );
}

/** The body of POST /v1/products. */
export const ProductCreateBody = productBody('create').openapi('ProductCreate');
/** The body of PUT /v1/products/{id}. */
export const ProductChangeBody = productBody('update').openapi('ProductChange');

/** A checked variant body as the rules take it. */
export function variantInputOf(body: {
  external_id?: number;
  title?: string;
  capacity?: number;
  booking?: 'days' | 'slots' | undefined;
  schedule?: Schedule | null | undefined;
  requirements?: z.output<typeof REQUIREMENT_LIST> | undefined;
}): VariantInput {
  const input: VariantInput = {};
  if (body.external_id !== undefined) input.externalId = body.external_id;
  if (body.title !== undefined) input.title = body.title;
  if (body.capacity !== undefined) input.capacity = body.capacity;
  if (body.schedule !== undefined) input.schedule = body.schedule;
  else if (body.booking === 'days') input.schedule = null;
  else if (body.booking === 'slots') input.slotsWithoutSchedule = true;
  if (body.requirements !== undefined) input.requirements = requirementInputsOf(body.requirements);
  return input;
}

/** A checked product body as the rules take it. */
export function productInputOf(
  body: z.output<typeof ProductChangeBody> | z.output<typeof ProductCreateBody>,
): ProductInput {
  const input: ProductInput = {};
  if (body.external_id !== undefined) input.externalId = body.external_id;
  if (body.title !== undefined) input.title = body.title;
  if (body.vendor !== undefined) input.vendor = body.vendor;
  if (body.location_id !== undefined) input.locationId = body.location_id;
  // Only a create reads the list (a PUT ignores it: `variants` is then any value sent back).
  if ('variants' in body && Array.isArray(body.variants))
    input.variants = (body.variants as z.output<typeof VariantCreateBody>[]).map(variantInputOf);
  return input;
}

/** The query of GET /v1/products. */
export const ProductListQuery = query({ ...PAGE_QUERY, external_id: queryId(), q: queryString(100).optional() });
