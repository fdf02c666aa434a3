/**
 * The body of POST /v1/bookings (seed §2.4, API.md §3), checked in the shop's zone: shop-local
 * `YYYY-MM-DD HH:MM` times become UTC instants, and a time a DST change skips is a 422. A field
 * the payload does not have is a 422 naming it (`items[0].qty`: "is not a booking item field"),
 * as for every other write, so nothing posted is silently dropped.
 * @module
 */
import { createHash } from 'node:crypto';
import { FieldErrors } from '../shared/field-errors.ts';
import type { BookingField, Customer } from '../../shared/records.ts';
import { parseLocalDateTime } from '../../shared/zones.ts';
import {
  MAX_ITEMS,
  asObject,
  cartToken as readCartToken,
  externalId,
  list,
  onlyFields,
  person,
  text,
  wholeNumber,
} from '../shared/body.ts';

/** The longest booking, in milliseconds (366 days, as a hold). */
const MAX_BOOKING_MS = 366 * 86_400_000;

/** The fields of the body: the seed's (§2.4), and `cart_token` (an extension). */
const BOOKING_FIELDS: ReadonlySet<string> = new Set([
  'starts_at',
  'finishes_at',
  'items',
  'customers',
  'fields',
  'tags',
  'create_draft_order',
  'cart_token',
]);
const ITEM_FIELDS: ReadonlySet<string> = new Set(['external_id', 'resource_id', 'quantity']);
const ANSWER_FIELDS: ReadonlySet<string> = new Set(['name', 'value']);

/** One booked item. */
export interface BookingItemInput {
  externalId: number;
  resourceId: string | null;
  quantity: number;
}

/** A checked POST /v1/bookings body. */
export interface BookingInput {
  startAt: number;
  finishAt: number;
  items: BookingItemInput[];
  customers: Customer[];
  fields: BookingField[];
  tags: string[];
  createDraftOrder: boolean;
  cartToken: string | undefined;
}

/** Checks `body` in the shop's zone `tz`, throwing the 422 that names every bad field. */
export function readBookingInput(body: unknown, tz: string): BookingInput {
  const errors = new FieldErrors();
  const o = asObject(body);
  if (!o) {
    errors.add('body', 'must be a JSON object with starts_at, finishes_at and items');
    errors.throwIfAny();
  }
  onlyFields(errors, '', o!, BOOKING_FIELDS, 'booking');
  const startAt = localTime(errors, 'starts_at', o!.starts_at, tz);
  const finishAt = localTime(errors, 'finishes_at', o!.finishes_at, tz);
  if (startAt !== undefined && finishAt !== undefined) {
    if (finishAt <= startAt) errors.add('finishes_at', 'must be after starts_at');
    else if (finishAt - startAt > MAX_BOOKING_MS) errors.add('finishes_at', 'must be at most 366 days after starts_at');
  }
  if (o!.items === undefined || (Array.isArray(o!.items) && o!.items.length === 0))
    errors.add('items', `must list 1 to ${MAX_ITEMS} items`);
  const items = list(errors, 'items', o!.items, MAX_ITEMS, (v, path) => readItem(errors, path, v)) ?? [];
  // A booking is someone's: the merchant must be able to reach them (issue 15).
  if (o!.customers === undefined || (Array.isArray(o!.customers) && o!.customers.length === 0))
    errors.add('customers', `must list 1 to ${MAX_ITEMS} customers`);
  const customers =
    list(errors, 'customers', o!.customers, MAX_ITEMS, (v, path) => person(errors, path, v, 'customer')) ?? [];
  const fields = list(errors, 'fields', o!.fields, 100, (v, path) => readField(errors, path, v)) ?? [];
  const tags = list(errors, 'tags', o!.tags, 50, (v, path) => text(errors, path, v, 255)) ?? [];
  const createDraftOrder = flag(errors, 'create_draft_order', o!.create_draft_order);
  const cartToken = readCartToken(errors, 'cart_token', o!.cart_token, true);
  errors.throwIfAny();
  return {
    startAt: startAt!,
    finishAt: finishAt!,
    items,
    customers,
    fields,
    tags,
    createDraftOrder: createDraftOrder!,
    cartToken,
  };
}

/**
 * A fingerprint of the checked request (keys sorted), stored with an `Idempotency-Key` so that
 * the same key with another body can be refused. It is taken of the validated input, never the
 * raw body: that is shallow and bounded, where a raw body may nest thousands of levels deep.
 */
export function requestHash(input: BookingInput): string {
  return createHash('sha256').update(stableJson(input)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function localTime(errors: FieldErrors, path: string, value: unknown, tz: string): number | undefined {
  if (value === undefined) {
    errors.add(path, 'is required');
    return undefined;
  }
  const parsed = parseLocalDateTime(value, tz);
  if ('error' in parsed) {
    errors.add(path, parsed.error);
    return undefined;
  }
  return parsed.instant.getTime();
}

function readItem(errors: FieldErrors, path: string, value: unknown): BookingItemInput | undefined {
  const o = asObject(value);
  if (!o) {
    errors.add(path, 'must be an object with external_id and quantity');
    return undefined;
  }
  onlyFields(errors, `${path}.`, o, ITEM_FIELDS, 'booking item');
  const id = externalId(errors, `${path}.external_id`, o.external_id);
  const quantity =
    o.quantity === undefined
      ? (errors.add(`${path}.quantity`, 'is required'), undefined)
      : wholeNumber(errors, `${path}.quantity`, o.quantity, 1);
  let resourceId: string | null = null;
  if (typeof o.resource_id === 'number' && Number.isSafeInteger(o.resource_id)) resourceId = String(o.resource_id);
  else if (o.resource_id !== undefined && o.resource_id !== null && o.resource_id !== '')
    resourceId = text(errors, `${path}.resource_id`, o.resource_id, 255) ?? null;
  if (id === undefined || quantity === undefined) return undefined;
  return { externalId: id, resourceId, quantity };
}

function readField(errors: FieldErrors, path: string, value: unknown): BookingField | undefined {
  const o = asObject(value);
  if (o) onlyFields(errors, `${path}.`, o, ANSWER_FIELDS, 'booking answer');
  const name = o && text(errors, `${path}.name`, o.name, 255);
  if (!o) errors.add(path, 'must be an object with name and value');
  // Line breaks and tabs are fine in an answer; NUL and other control characters are not (and
  // PostgreSQL's jsonb cannot store NUL at all).
  // eslint-disable-next-line no-control-regex
  else if (
    typeof o.value !== 'string' ||
    o.value.length > 2000 ||
    !o.value.isWellFormed() ||
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(o.value)
  ) {
    errors.add(`${path}.value`, 'must be a string of at most 2000 characters without control characters');
  }
  if (!o || name === undefined || typeof o.value !== 'string') return undefined;
  return { name, value: o.value };
}

function flag(errors: FieldErrors, path: string, value: unknown): boolean | undefined {
  if (value === undefined || value === null) return false;
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  errors.add(path, 'must be true or false (or "true"/"false")');
  return undefined;
}
