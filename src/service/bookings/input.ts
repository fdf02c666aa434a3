/**
 * A POST /v1/bookings body in the shop's zone (seed §2.4, API.md §3): the schema (`schemas.ts`)
 * checked its shape; here shop-local `YYYY-MM-DD HH:MM` times become UTC instants, a time a DST
 * change skips is a 422, and so is a booking that does not end after it starts, or lasts more
 * than 366 days. Their messages join the schema's in one 422.
 * @module
 */
import { createHash } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import type { BookingField, Customer } from '../../shared/records.ts';
import { parseLocalDateTime } from '../../shared/zones.ts';
import { asObject } from '../shared/body.ts';
import type { FieldErrors } from '../shared/field-errors.ts';
import type { PartCheck } from '../shared/schema-issues.ts';
import type { BookingBody, BookingPatchBody } from './schemas.ts';

/** The longest booking, in milliseconds (366 days, as a hold). */
const MAX_BOOKING_MS = 366 * 86_400_000;

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

/** A checked PATCH body: the fields given (times placed in the shop's zone, epoch ms). */
export interface BookingChange {
  startAt?: number | undefined;
  finishAt?: number | undefined;
  items?: BookingItemInput[] | undefined;
  customers?: Customer[] | undefined;
  fields?: BookingField[] | undefined;
  tags?: string[] | undefined;
}

/**
 * The checked `body` placed in the shop's zone `tz`: throws the 422 naming every bad field, the
 * schema's (`check`) and the zone's together.
 */
export function bookingInputOf(
  body: unknown,
  check: PartCheck<z.output<typeof BookingBody>>,
  tz: string,
): BookingInput {
  const { data, errors } = check;
  const o = asObject(body);
  // Not an object: the schema named the body, and there is nothing to place.
  if (!o) errors.throwIfAny();
  const startAt = localTime(errors, 'starts_at', o!.starts_at, tz);
  const finishAt = localTime(errors, 'finishes_at', o!.finishes_at, tz);
  if (startAt !== undefined && finishAt !== undefined) {
    if (finishAt <= startAt) errors.add('finishes_at', 'must be after starts_at');
    else if (finishAt - startAt > MAX_BOOKING_MS) errors.add('finishes_at', 'must be at most 366 days after starts_at');
  }
  errors.throwIfAny();
  const checked = data!;
  return {
    startAt: startAt!,
    finishAt: finishAt!,
    items: checked.items.map((item) => ({
      externalId: item.external_id,
      resourceId: item.resource_id,
      quantity: item.quantity,
    })),
    customers: customersOf(checked.customers),
    fields: checked.fields ?? [],
    tags: checked.tags ?? [],
    createDraftOrder: checked.create_draft_order ?? false,
    cartToken: checked.cart_token,
  };
}

/**
 * A checked PATCH /v1/bookings/{id} body placed in the shop's zone `tz`: the fields given, or
 * the 422 naming every bad one (the schema's and the zone's together). Whether the period it
 * leaves is one (ends after it starts) is the change's to judge: it knows the booking.
 */
export function bookingChangeOf(
  body: unknown,
  check: PartCheck<z.output<typeof BookingPatchBody>>,
  tz: string,
): BookingChange {
  const { data, errors } = check;
  const o = asObject(body);
  if (!o) errors.throwIfAny();
  const startAt = o!.starts_at === undefined ? undefined : localTime(errors, 'starts_at', o!.starts_at, tz);
  const finishAt = o!.finishes_at === undefined ? undefined : localTime(errors, 'finishes_at', o!.finishes_at, tz);
  errors.throwIfAny();
  const checked = data!;
  return {
    startAt,
    finishAt,
    items: checked.items?.map((item) => ({
      externalId: item.external_id,
      resourceId: item.resource_id,
      quantity: item.quantity,
    })),
    customers: checked.customers && customersOf(checked.customers),
    fields: checked.fields,
    tags: checked.tags,
  };
}

/** The customers as stored: a phone only when one was given. */
function customersOf(customers: ReadonlyArray<Customer & { phone?: string | undefined }>): Customer[] {
  return customers.map(({ phone, ...person }) => (phone === undefined ? person : { ...person, phone }));
}

/**
 * A fingerprint of the checked request (keys sorted), stored with an `Idempotency-Key` so that
 * the same key with another body can be refused. It is taken of the validated input, never the
 * raw body: that is shallow and bounded, where a raw body may nest thousands of levels deep.
 */
export function requestHash(input: BookingInput): string {
  return createHash('sha256').update(stableJson(input)).digest('hex');
}

/** `value` as JSON with every object's keys sorted: equal values, equal strings. */
export function stableJson(value: unknown): string {
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

/** `value` placed in `tz`, unless the schema already named the field (its shape is wrong). */
function localTime(errors: FieldErrors, path: string, value: unknown, tz: string): number | undefined {
  if (errors.has(path)) return undefined;
  const parsed = parseLocalDateTime(value, tz);
  if ('error' in parsed) {
    errors.add(path, parsed.error);
    return undefined;
  }
  return parsed.instant.getTime();
}
