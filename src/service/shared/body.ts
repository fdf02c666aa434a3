/**
 * The few rules of body values shared beyond the schemas (`schemas.ts`): a language tag, a cart
 * token's normal form, a plain object, and `text` for the checks of a shop's creation, which
 * records its message against a field path in `FieldErrors` (one 422 names every bad field).
 * @module
 */
import type { FieldErrors } from './field-errors.ts';

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

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

/**
 * Why `value` is not a string of 1 to `maxLength` printable characters, in words a person can
 * act on (empty, too long, a line break or other control character), or undefined when it is one.
 */
export function textProblem(value: string, maxLength: number): string | undefined {
  if (value === '') return 'must not be empty';
  if (value.length > maxLength) return `must be at most ${maxLength} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value) || !value.isWellFormed())
    return 'must not contain line breaks or other control characters';
  return undefined;
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
  const problem =
    value === undefined
      ? 'is required'
      : typeof value !== 'string'
        ? 'must be a string'
        : textProblem(value, maxLength);
  if (problem) {
    errors.add(path, problem);
    return undefined;
  }
  return value as string;
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
