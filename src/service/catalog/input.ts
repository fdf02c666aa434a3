/**
 * The bodies of the catalogue writes (an extension: POST/PUT /v1/products, POST
 * /v1/products/{id}/variants, PUT /v1/variants/{id}), checked field by field without the
 * database so one 422 names every bad field. As for blackouts, a field the record does not have
 * is 422 (a typo in a PUT is never a silent no-op), and the record's read-only fields are
 * ignored, so a record read with GET can be sent back as it is.
 * @module
 */
import { asObject, externalId, onlyFields, text, wholeNumber } from '../shared/body.ts';
import { FieldErrors } from '../shared/field-errors.ts';

/** The most variants a product may be created with in one request. */
export const MAX_VARIANTS = 100;
/** The largest capacity a variant may have per day. */
export const MAX_CAPACITY = 100_000;

/** A checked variant body; absent fields are undefined (PUT keeps them). */
export interface VariantInput {
  externalId?: number;
  title?: string;
  capacity?: number;
}

/** A checked product body; absent fields are undefined (PUT keeps them). */
export interface ProductInput {
  externalId?: number;
  title?: string;
  vendor?: string | null;
  locationId?: number | null;
  variants?: VariantInput[];
}

// Each record's writable fields, then the read-only ones a record read with GET may send back.
const PRODUCT_FIELDS: ReadonlySet<string> = new Set([
  'external_id',
  'title',
  'vendor',
  'location_id',
  'variants',
  'id',
  'created_at',
  'updated_at',
]);
const VARIANT_FIELDS: ReadonlySet<string> = new Set([
  'external_id',
  'title',
  'capacity',
  'id',
  'product_id',
  'external_product_id',
  'created_at',
  'updated_at',
]);

function fieldsOf(body: unknown, errors: FieldErrors, path: string): Record<string, unknown> | undefined {
  const o = asObject(body);
  if (!o) errors.add(path, 'must be a JSON object');
  return o;
}

function readVariantFields(
  o: Record<string, unknown>,
  mode: 'create' | 'update',
  errors: FieldErrors,
  prefix: string,
): VariantInput {
  onlyFields(errors, prefix, o, VARIANT_FIELDS, 'variant');
  const input: VariantInput = {};
  const given = (key: string) => o[key] !== undefined;
  if (given('external_id') || mode === 'create')
    input.externalId = externalId(errors, `${prefix}external_id`, o.external_id);
  if (given('title') || mode === 'create')
    input.title = text(errors, `${prefix}title`, typeof o.title === 'string' ? o.title.trim() : o.title);
  if (given('capacity') || mode === 'create') {
    input.capacity =
      o.capacity === undefined
        ? void errors.add(`${prefix}capacity`, 'is required')
        : wholeNumber(errors, `${prefix}capacity`, o.capacity, 0, MAX_CAPACITY);
  }
  return input;
}

/** Checks a variant body; throws `InvalidError` (422) naming every bad field. */
export function readVariantInput(body: unknown, mode: 'create' | 'update'): VariantInput {
  const errors = new FieldErrors();
  const o = fieldsOf(body, errors, 'body');
  const input = o ? readVariantFields(o, mode, errors, '') : {};
  errors.throwIfAny();
  return input;
}

/** Checks a product body (with `variants` only on create); throws `InvalidError` (422). */
export function readProductInput(body: unknown, mode: 'create' | 'update'): ProductInput {
  const errors = new FieldErrors();
  const o = fieldsOf(body, errors, 'body');
  const input: ProductInput = {};
  if (o) {
    onlyFields(errors, '', o, PRODUCT_FIELDS, 'product');
    const given = (key: string) => o[key] !== undefined;
    if (given('external_id') || mode === 'create') input.externalId = externalId(errors, 'external_id', o.external_id);
    if (given('title') || mode === 'create')
      input.title = text(errors, 'title', typeof o.title === 'string' ? o.title.trim() : o.title);
    if (o.vendor === null) input.vendor = null;
    else if (given('vendor'))
      input.vendor = text(errors, 'vendor', typeof o.vendor === 'string' ? o.vendor.trim() : o.vendor);
    if (o.location_id === null) input.locationId = null;
    else if (given('location_id'))
      input.locationId = wholeNumber(errors, 'location_id', o.location_id, 1, Number.MAX_SAFE_INTEGER);
    if (given('variants')) {
      // A product's variants are changed through /v1/variants/{id}: a PUT carrying the list
      // (as GET shows it) ignores it, so the record can be sent back.
      if (mode === 'create') input.variants = readVariantList(o.variants, errors);
    }
  }
  errors.throwIfAny();
  return input;
}

function readVariantList(value: unknown, errors: FieldErrors): VariantInput[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_VARIANTS)
    return void errors.add('variants', `must be a list of at most ${MAX_VARIANTS} variants`);
  const seen = new Set<number>();
  return value.map((element, i) => {
    const o = asObject(element);
    if (!o) {
      errors.add(`variants[${i}]`, 'must be an object with external_id, title and capacity');
      return {};
    }
    const v = readVariantFields(o, 'create', errors, `variants[${i}].`);
    if (v.externalId !== undefined && seen.has(v.externalId))
      errors.add(`variants[${i}].external_id`, 'is given twice');
    if (v.externalId !== undefined) seen.add(v.externalId);
    return v;
  });
}
