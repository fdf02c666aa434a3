/**
 * The body of POST and PUT /v1/blackouts (API.md §3, an extension), checked field by field
 * without the database: every bad field is recorded, so one 422 names them all. Whether the
 * ids name things of the shop is checked afterwards, against the database (writes.ts).
 *
 * Decisions where the spec is silent:
 * - A field the record does not have is 422 ("is not a blackout field"), so a typo in a PUT is
 *   never a silent no-op. The record's read-only fields (`id`, `vendor`, `created_at`,
 *   `updated_at`) are ignored, so a record read with GET can be sent back as it is.
 * - A title is trimmed; it must then be 1-255 characters without control or bidirectional
 *   formatting characters (shoppers see it; an override character could disguise it). `null`
 *   or no title is allowed.
 * - Times lie between 1970 and 9999.
 * @module
 */
import type { BlackoutScope } from '../../shared/records.ts';
import { onlyFields } from '../shared/body.ts';
import type { FieldErrors } from '../shared/field-errors.ts';
import { parseBlackoutTime } from './times.ts';
import type { TargetField } from './types.ts';

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
] as const satisfies readonly TargetField[];

/** The fields a body gave, checked; absent ones are undefined (PUT keeps their stored value). */
export interface BlackoutInput {
  title?: string | null;
  starts_at?: BoundaryInput;
  finishes_at?: BoundaryInput;
  all_day?: 0 | 1;
  scope?: BlackoutScope;
  targets: Partial<Record<TargetField, number | null>>;
}

const READ_ONLY_FIELDS = new Set(['id', 'vendor', 'created_at', 'updated_at']);
const WRITABLE_FIELDS = new Set<string>(['title', 'starts_at', 'finishes_at', 'all_day', 'scope', ...TARGET_FIELDS]);
const FIELDS: ReadonlySet<string> = new Set([...WRITABLE_FIELDS, ...READ_ONLY_FIELDS]);
const TITLE_MAX = 255;
// C0 and C1 controls, and the bidirectional embedding, override and isolate characters.
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(10000, 0, 1);

function readTitle(value: unknown, errors: FieldErrors): string | null | undefined {
  if (value === null) return null;
  const message = `must be 1 to ${TITLE_MAX} characters without control characters, or null`;
  if (typeof value !== 'string') return void errors.add('title', message);
  const title = value.trim();
  if (title === '' || [...title].length > TITLE_MAX || UNSHOWABLE.test(title) || !title.isWellFormed())
    return void errors.add('title', message);
  return title;
}

function readBoundary(field: string, value: unknown, tz: string, errors: FieldErrors): BoundaryInput | undefined {
  // Checked on the text first: zone arithmetic on the years 0-99 is not defined.
  if (typeof value === 'string' && /^\d{4}-/.test(value) && value < '1970')
    return void errors.add(field, 'must be between the years 1970 and 9999');
  const parsed = parseBlackoutTime(value, tz);
  if ('error' in parsed) return void errors.add(field, parsed.error);
  const ms = parsed.instant.getTime();
  if (!(ms >= EARLIEST && ms < LATEST)) return void errors.add(field, 'must be between the years 1970 and 9999');
  return parsed;
}

/** A positive whole number (a JSON number or its digits as a string), or null. */
function readTarget(field: TargetField, value: unknown, errors: FieldErrors): number | null | undefined {
  if (value === null) return null;
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]{1,16}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) return void errors.add(field, 'must be a positive whole number or null');
  return n;
}

/**
 * Checks `body` in the shop's zone `tz`. `create` requires `starts_at` and `finishes_at`.
 * Problems go to `errors`; the result holds only the fields that passed.
 */
export function readBlackoutInput(
  body: unknown,
  tz: string,
  mode: 'create' | 'update',
  errors: FieldErrors,
): BlackoutInput {
  const input: BlackoutInput = { targets: {} };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    errors.add('body', 'must be a JSON object');
    return input;
  }
  const fields = body as Record<string, unknown>;
  onlyFields(errors, '', fields, FIELDS, 'blackout');
  const given = (key: string) => Object.hasOwn(fields, key) && fields[key] !== undefined;
  if (given('title')) input.title = readTitle(fields.title, errors);
  for (const key of ['starts_at', 'finishes_at'] as const) {
    if (given(key)) input[key] = readBoundary(key, fields[key], tz, errors);
    else if (mode === 'create') errors.add(key, 'is required');
  }
  if (given('all_day')) {
    const v = fields.all_day;
    if (v === 0 || v === 1) input.all_day = v;
    else if (typeof v === 'boolean') input.all_day = v ? 1 : 0;
    else errors.add('all_day', 'must be 0 or 1');
  }
  if (given('scope')) {
    if (fields.scope === 'overlap' || fields.scope === 'start') input.scope = fields.scope;
    else errors.add('scope', 'must be "overlap" or "start"');
  }
  for (const field of TARGET_FIELDS) {
    if (!given(field)) continue;
    const id = readTarget(field, fields[field], errors);
    if (id !== undefined) input.targets[field] = id;
  }
  return input;
}
