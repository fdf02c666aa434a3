/**
 * A POST or PUT /v1/blackouts body in the shop's zone: the schema (`schemas.ts`) checked each
 * field's shape; here the times are placed in the shop's zone (a time a DST change skips, or
 * one outside the years 1970-9999 there, is a 422), and the fields that passed are gathered
 * for the database's checks (`writes.ts`), whose messages join the same 422.
 * @module
 */
import type { z } from '@hono/zod-openapi';
import type { BlackoutScope } from '../../shared/records.ts';
import { asObject } from '../shared/body.ts';
import type { FieldErrors } from '../shared/field-errors.ts';
import { BlackoutChange } from './schemas.ts';
import { boundaryIn } from './times.ts';
import type { TargetField } from './types.ts';

type Shape = typeof BlackoutChange.shape;

/** A checked boundary: the instant, and whether it was written as a day `YYYY-MM-DD`. */
export interface BoundaryInput {
  instant: Date;
  isDay: boolean;
}

/** The target fields a body may carry; each names a thing of the shop, or `null` for none. */
export const TARGET_FIELDS = [
  'product_id',
  'external_product_id',
  'variant_id',
  'external_variant_id',
  'location_id',
  'resource_id',
] as const satisfies readonly TargetField[];

/** The fields a body gave, checked; absent ones are undefined (PUT keeps their stored value). */
export interface BlackoutInput {
  title?: string | null;
  shopper_reason?: string | null;
  starts_at?: BoundaryInput;
  finishes_at?: BoundaryInput;
  all_day?: 0 | 1;
  scope?: BlackoutScope;
  targets: Partial<Record<TargetField, number | null>>;
}

/** A body and its schema's messages (`checkPart`): the rules add theirs. */
export interface CheckedBody {
  body: unknown;
  errors: FieldErrors;
}

/**
 * The fields of `body` its schema passed (`errors` holds the schema's messages), with the times
 * placed in the shop's zone `tz`: a time the zone cannot place is added to `errors`. Every
 * field that passed is kept even when another failed, so the database checks its ids too and
 * one 422 names every bad field.
 */
export function blackoutInputOf(body: unknown, errors: FieldErrors, tz: string): BlackoutInput {
  const input: BlackoutInput = { targets: {} };
  const fields = asObject(body);
  if (!fields) return input;
  // Each field as its schema reads it; only fields the schema did not name are read.
  const read = <K extends keyof Shape>(key: K): z.output<Shape[K]> | undefined =>
    fields[key] === undefined || errors.has(key)
      ? undefined
      : (BlackoutChange.shape[key].parse(fields[key]) as z.output<Shape[K]>);
  const title = read('title');
  if (title !== undefined) input.title = title;
  const reason = read('shopper_reason');
  if (reason !== undefined) input.shopper_reason = reason;
  for (const key of ['starts_at', 'finishes_at'] as const) {
    if (fields[key] === undefined || errors.has(key)) continue;
    const placed = boundaryIn(fields[key], tz);
    if ('error' in placed) errors.add(key, placed.error);
    else input[key] = placed;
  }
  const allDay = read('all_day');
  if (allDay !== undefined) input.all_day = allDay;
  const scope = read('scope');
  if (scope !== undefined) input.scope = scope;
  for (const field of TARGET_FIELDS) {
    const id = read(field);
    if (id !== undefined) input.targets[field] = id;
  }
  return input;
}
