/**
 * The zod schemas every JSON body is built from, each with the message API.md documents for a
 * bad value (the 422's `fields`: `is required`, `must be a whole number from 0 to 1000000`,
 * `is not a reservation field`). Numbers the seed shows as strings are accepted as strings of
 * digits or JSON numbers (API.md §1). The same schemas describe the API (`/v1/openapi.json`).
 * @module
 */
import { z } from '@hono/zod-openapi';
import { normalCartToken, textProblem } from './body.ts';
import { emailAddressProblem, MAX_EMAIL_LENGTH } from './email-address.ts';

/** The most items one reservation or booking request may carry (API.md §7). */
export const MAX_ITEMS = 50;

const DIGITS = /^\d{1,16}$/;

/** A string of digits as its number, anything else as it came (so the number check names it). */
function digitsToNumber(value: unknown): unknown {
  return typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;
}

/** A whole number in `[min, max]`, as a JSON number or a string of digits. */
export function wholeNumber(min: number, max = 1_000_000) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .preprocess(
      digitsToNumber,
      z
        .number({ error: (issue) => (issue.input === undefined ? 'is required' : message) })
        // One refinement, not zod's int(): its failure would stop the item's checks of the other fields.
        .refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, message),
    )
    .openapi({
      type: 'integer',
      minimum: min,
      maximum: max,
      description: `A whole number from ${min} to ${max}, or a string of its digits.`,
    });
}

/** A platform id: a positive whole number below 2^53, as a number or a string of digits; null is missing. */
export function externalId() {
  return z
    .preprocess((value) => (value === null ? undefined : value), wholeNumber(1, Number.MAX_SAFE_INTEGER))
    .openapi({ description: "The platform's id (e.g. Shopify's variant id), as a number or a string of digits." });
}

/** A required string of 1 to `maxLength` printable characters; each refusal says which rule it broke. */
export function text(maxLength = 255) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .refine((value) => textProblem(value, maxLength) === undefined, {
      error: (issue) => textProblem(issue.input as string, maxLength),
      abort: true,
    })
    .openapi({ maxLength });
}

/** A cart token as stored: trimmed and NFC-normalised (`normalCartToken`). */
export function cartToken() {
  const message = 'must be 1 to 255 characters, not blank, without control or format characters';
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : message) })
    .transform((value, ctx) => {
      const token = normalCartToken(value);
      if (token === undefined) ctx.issues.push({ code: 'custom', message, input: value });
      return token ?? z.NEVER;
    })
    .openapi({ description: "The platform's cart token (Shopify's cart token).", maxLength: 255 });
}

/**
 * An object of exactly these fields: any other is named `is not a <what> field` (a typo, `end`
 * for `finish`, is a 422 instead of a silently dropped value); not an object is `notObject`.
 */
export function fieldsOnly<Shape extends z.ZodRawShape>(shape: Shape, what: string, notObject: string) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `is not a ${what} field` : notObject),
  });
}

/** Stands for a list too long to read, and for a missing or empty one where that is refused. */
const TOO_LONG = Symbol('too long');
const EMPTY = Symbol('empty');

/**
 * A list of at most `max` entries of `each`; a longer one is refused without reading them
 * (`must be a list of at most 50 <noun>`). With `empty`, a missing or empty list is refused
 * with that message.
 */
export function list<T extends z.ZodType>(
  each: T,
  max: number,
  { empty, noun = 'entries' }: { empty?: string; noun?: string } = {},
) {
  const message = `must be a list of at most ${max} ${noun}`;
  return z.preprocess(
    (value) =>
      Array.isArray(value) && value.length > max
        ? TOO_LONG
        : empty !== undefined && (value === undefined || (Array.isArray(value) && value.length === 0))
          ? EMPTY
          : value,
    z.array(each, { error: (issue) => (issue.input === EMPTY ? empty : message) }).max(max, message),
  );
}

/** An optional name: missing or empty is empty. */
function name() {
  return z.preprocess((value) => (value === '' ? undefined : value), text(255).optional()).transform((v) => v ?? '');
}

/**
 * One email address (at most 254 characters, something@somewhere, never a list): the service's
 * one rule, `emailAddressProblem` (email-address.ts).
 */
export function emailAddress() {
  return text(MAX_EMAIL_LENGTH)
    .refine((value) => emailAddressProblem(value) === undefined, {
      error: (issue) => emailAddressProblem(issue.input as string),
    })
    .openapi({ description: 'One email address: never a list, a display name or a group.' });
}

/** A person (guest or customer): `email` required, names optional; `what` says whose ("guest"). */
export function person(what: string) {
  return fieldsOnly(
    {
      first_name: name(),
      last_name: name(),
      email: emailAddress(),
    },
    what,
    'must be an object with first_name, last_name and email',
  );
}
