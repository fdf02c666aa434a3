/**
 * Readers for JSON request bodies: each checks one value and records a message against its
 * field path in `FieldErrors`, so one 422 names every bad field. Numbers the seed shows as
 * strings are accepted as strings or JSON numbers (API.md §1).
 * @module
 */
import type { FieldErrors } from './field-errors.ts';
import type { Guest } from '../../shared/records.ts';

/** The most items one reservation or booking request may carry (API.md §7). */
export const MAX_ITEMS = 50;

const DIGITS = /^\d{1,16}$/;
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;
// Deliberately loose: one @ with something on each side and no spaces. Mail servers decide the rest.
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Records every key of `o` that is not in `allowed` as `is not a <what> field`, so a typo
 * (`end` for `finish`, `qty` for `quantity`) is a 422 instead of a silently dropped value.
 * `prefix` is the object's path with its dot (`items[0].`), empty at the top; a key is cut to
 * 64 characters in the path.
 */
export function onlyFields(
  errors: FieldErrors,
  prefix: string,
  o: Record<string, unknown>,
  allowed: ReadonlySet<string>,
  what: string,
): void {
  for (const key of Object.keys(o))
    if (!allowed.has(key)) errors.add(`${prefix}${key.slice(0, 64)}`, `is not a ${what} field`);
}

/**
 * `value` as a canonical BCP 47 language tag (`de-ch` → `de-CH`), or undefined: the one rule of
 * a shop's and a widget's locale, so the widget's translations are looked up by one spelling.
 */
export function languageTag(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 35 || !LANGUAGE_TAG.test(value)) return undefined;
  try {
    return Intl.getCanonicalLocales(value)[0];
  } catch {
    return undefined;
  }
}

/** A plain JSON object, or undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A whole number in `[min, max]` given as a JSON number or a string of digits. */
export function wholeNumber(
  errors: FieldErrors,
  path: string,
  value: unknown,
  min: number,
  max = 1_000_000,
): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && DIGITS.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    errors.add(path, `must be a whole number from ${min} to ${max}`);
    return undefined;
  }
  return n;
}

/** A platform id: a positive whole number below 2^53, as a number or a string of digits. */
export function externalId(errors: FieldErrors, path: string, value: unknown): number | undefined {
  if (value === undefined || value === null) {
    errors.add(path, 'is required');
    return undefined;
  }
  return wholeNumber(errors, path, value, 1, Number.MAX_SAFE_INTEGER);
}

/** A string of 1 to `maxLength` printable characters; `optional` lets undefined through. */
export function text(
  errors: FieldErrors,
  path: string,
  value: unknown,
  maxLength = 255,
  optional = false,
): string | undefined {
  if (value === undefined && optional) return undefined;
  // eslint-disable-next-line no-control-regex
  if (
    typeof value !== 'string' ||
    value === '' ||
    value.length > maxLength ||
    /[\u0000-\u001f\u007f]/.test(value) ||
    !value.isWellFormed()
  ) {
    errors.add(
      path,
      value === undefined ? 'is required' : `must be a string of 1 to ${maxLength} printable characters`,
    );
    return undefined;
  }
  return value;
}

/**
 * A cart token as stored and looked up: trimmed and NFC-normalised, so that the same cart is
 * found however a client's string was composed; undefined when nothing is left, or it holds
 * control or format characters (zero-width spaces, bidi marks), or a lone surrogate.
 */
export function normalCartToken(value: string, maxLength = 255): string | undefined {
  // trim() removes every Unicode space (no-break ones included); zero-width ones are format
  // characters (\p{Cf}), refused anywhere with control characters and line separators.
  const token = value.normalize('NFC').trim();
  if (token === '' || token.length > maxLength || !token.isWellFormed() || /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(token))
    return undefined;
  return token;
}

/** `cart_token` in a body: `normalCartToken`'s, or the field's error; `optional` lets undefined through. */
export function cartToken(errors: FieldErrors, path: string, value: unknown, optional = false): string | undefined {
  if (value === undefined && optional) return undefined;
  const token = typeof value === 'string' ? normalCartToken(value) : undefined;
  if (token === undefined)
    errors.add(
      path,
      value === undefined
        ? 'is required'
        : 'must be 1 to 255 characters, not blank, without control or format characters',
    );
  return token;
}

/** A list of at most `max` elements, each read by `each`; undefined stays undefined. */
export function list<T>(
  errors: FieldErrors,
  path: string,
  value: unknown,
  max: number,
  each: (element: unknown, path: string) => T | undefined,
): T[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > max) {
    errors.add(path, `must be a list of at most ${max} entries`);
    return undefined;
  }
  const out: T[] = [];
  value.forEach((element, i) => {
    const read = each(element, `${path}[${i}]`);
    if (read !== undefined) out.push(read);
  });
  return out;
}

const PERSON_FIELDS: ReadonlySet<string> = new Set(['first_name', 'last_name', 'email']);

/**
 * A person (guest or customer): `email` required, names optional strings; any other field is
 * a 422 naming it (`what` says whose: "guest", "customer").
 */
export function person(errors: FieldErrors, path: string, value: unknown, what = 'person'): Guest | undefined {
  const o = asObject(value);
  if (!o) {
    errors.add(path, 'must be an object with first_name, last_name and email');
    return undefined;
  }
  onlyFields(errors, `${path}.`, o, PERSON_FIELDS, what);
  const first =
    o.first_name === undefined || o.first_name === '' ? '' : text(errors, `${path}.first_name`, o.first_name, 255);
  const last =
    o.last_name === undefined || o.last_name === '' ? '' : text(errors, `${path}.last_name`, o.last_name, 255);
  const email = text(errors, `${path}.email`, o.email, 254);
  if (email !== undefined && !EMAIL.test(email)) errors.add(`${path}.email`, 'must be an email address');
  if (first === undefined || last === undefined || email === undefined || !EMAIL.test(email)) return undefined;
  return { first_name: first, last_name: last, email };
}
