/**
 * Query parameters as zod schemas, with the messages of API.md §4: every problem is named by
 * its parameter in one 422. A parameter given twice is an error (`must be given once`), never
 * silently the first or last; one this endpoint reads written `name[]` (PHP's and Rails' list
 * syntax) is one too: ignoring it would answer unfiltered.
 * @module
 */
import { z } from '@hono/zod-openapi';
import { PAGE_DEFAULT_PER, PAGE_MAX_PER } from '../../shared/params.ts';
import { diffDays, isPlainDate, type PlainDate } from '../../shared/plain-date.ts';
import { parseLocalDateTime, startOfDayInZone } from '../../shared/zones.ts';
import { normalCartToken } from './body.ts';
import type { FieldErrors } from './field-errors.ts';
import type { Page } from '../shared/page.ts';

const WHOLE = /^\d{1,16}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const LOCAL = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The message of a bad value, or `must be given once` for a repeated parameter (Hono gives it as a list). */
function once(message: string) {
  return (issue: { input?: unknown }) => (Array.isArray(issue.input) ? 'must be given once' : message);
}

/** A whole number within `[min, max]`; without `max`, any from `min`. */
export function queryInt(min = 1, max = Number.MAX_SAFE_INTEGER) {
  const message =
    max === Number.MAX_SAFE_INTEGER
      ? `must be a whole number from ${min}`
      : `must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: once(message) })
    .refine((value) => WHOLE.test(value) && Number(value) >= min && Number(value) <= max, message)
    .transform(Number)
    .optional()
    .openapi({ type: 'integer', minimum: min, ...(max === Number.MAX_SAFE_INTEGER ? {} : { maximum: max }) });
}

/** An id: a positive whole number (also the platform's external ids). */
export function queryId() {
  return queryInt(1);
}

/** `true` or `false` (also `1`/`0`). */
export function queryBool() {
  return z
    .enum(['true', 'false', '1', '0'], { error: once('must be true or false') })
    .transform((value) => value === 'true' || value === '1')
    .optional()
    .openapi({ type: 'boolean' });
}

/** A non-empty string of at most `maxLength` characters, without control characters. */
export function queryString(maxLength = 255) {
  const message = `must be 1 to ${maxLength} printable characters`;
  return z
    .string({ error: once(message) })
    .refine((value) => value !== '' && value.length <= maxLength && !CONTROL.test(value) && value.isWellFormed(), {
      message,
      abort: true,
    });
}

/**
 * A query of these parameters: others are ignored (a cache-buster, a tracking tag), except one
 * of these written `name[]`.
 */
export function query<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.looseObject(shape).superRefine(
    (_value, ctx) => {
      const given = ctx.value as Record<string, unknown>;
      for (const key of Object.keys(given))
        if (key.endsWith('[]') && key.slice(0, -2) in shape)
          ctx.addIssue({ code: 'custom', path: [key], message: `is not a list: give ${key.slice(0, -2)} once` });
    },
    { when: () => true },
  );
}

/** `page` and `per` of every list (seed §4, API.md §5). */
export const PAGE_QUERY = {
  page: queryInt(1, 1_000_000).openapi({ description: 'The page, from 1. @default 1' }),
  per: queryInt(1, PAGE_MAX_PER).openapi({ description: `The page size. @default ${PAGE_DEFAULT_PER}` }),
};

/** The page a checked query names. */
export function pageOf(query: { page?: number; per?: number }): Page {
  const page = query.page ?? 1;
  const per = query.per ?? PAGE_DEFAULT_PER;
  return { page, per, offset: (page - 1) * per };
}

/** A day `YYYY-MM-DD`, required (`is required`); `.optional()` when it is not. */
export function queryDate(): z.ZodPipe<z.ZodString, z.ZodTransform<PlainDate, string>> {
  const message = 'must be a date YYYY-MM-DD from 1000-01-01 to 9998-12-31';
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : once(message)(issue)) })
    .refine((value) => isPlainDate(value), message)
    .transform((value) => value as PlainDate)
    .openapi({ type: 'string', format: 'date' });
}

/** A required id (a positive whole number). */
export function requiredQueryId() {
  const message = 'must be a whole number from 1';
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : once(message)(issue)) })
    .refine((value) => WHOLE.test(value) && Number(value) >= 1 && Number(value) <= Number.MAX_SAFE_INTEGER, message)
    .transform(Number)
    .openapi({ type: 'integer', minimum: 1 });
}

/**
 * The `[start, finish)` check of a period query: finish after start, at most `maxDays` later;
 * `what` says what the finish is the first day not of ("listed").
 */
export function periodCheck(maxDays: number) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const { start, finish } = value;
    if (!isPlainDate(start) || !isPlainDate(finish)) return;
    if (diffDays(start, finish) < 1)
      ctx.addIssue({
        code: 'custom',
        path: ['finish'],
        message: 'must be after start (it is the first day not listed)',
      });
    if (diffDays(start, finish) > maxDays)
      ctx.addIssue({ code: 'custom', path: ['finish'], message: `must be at most ${maxDays} days after start` });
  };
}

/** The query of `url` as the routes' validators see it: a parameter given twice is a list. */
export function queryValues(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const params = new URL(url).searchParams;
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

/**
 * An instant: an ISO 8601 timestamp with a zone, a shop-local `YYYY-MM-DD HH:MM` or a day
 * `YYYY-MM-DD` (the start of that day in the shop's zone). The schema checks the shape; the
 * shop's zone places it (`instantIn`).
 */
export function queryInstant() {
  const message = 'must be a timestamp like 2026-12-24T13:00:00Z, a local "YYYY-MM-DD HH:MM" or a date YYYY-MM-DD';
  return z
    .string({ error: once(message) })
    .refine(
      (value) =>
        isPlainDate(value) ||
        LOCAL.test(value) ||
        (ISO_INSTANT.test(value) && isPlainDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value))),
      message,
    )
    .optional()
    .openapi({ type: 'string', example: '2026-12-24' });
}

/** A `queryInstant` in the shop's zone `tz`, or the message of a time the zone cannot place. */
export function instantIn(value: string, tz: string): { instant: Date } | { error: string } {
  if (isPlainDate(value)) {
    try {
      return { instant: startOfDayInZone(value, tz) };
    } catch {
      // Defence in depth: should zone arithmetic ever fail to place a day, the caller's odd day
      // is a 422, never a 500.
      return { error: `must be a day that can be placed in ${tz}` };
    }
  }
  if (LOCAL.test(value)) return parseLocalDateTime(value, tz);
  return { instant: new Date(Date.parse(value)) };
}

/**
 * The `queryInstant` parameters `names` of a checked `query` placed in the shop's zone `tz`; a
 * time the zone cannot place is added to `errors`, in the same 422 as the schema's messages.
 */
export function instantsIn<N extends string>(
  query: Record<string, unknown>,
  names: readonly N[],
  tz: string,
  errors: FieldErrors,
): Partial<Record<N, Date>> {
  const placed: Partial<Record<N, Date>> = {};
  for (const name of names) {
    const value = query[name];
    if (typeof value !== 'string' || errors.has(name)) continue;
    const at = instantIn(value, tz);
    if ('error' in at) errors.add(name, at.error);
    else placed[name] = at.instant;
  }
  return placed;
}

/**
 * A `cart_token` filter, normalised as the posts store it, so a filter finds the cart its posts
 * made; a blank one, or one holding control or format characters, is a 422 (API.md §6).
 */
export function cartTokenQuery() {
  return queryString(255)
    .transform((value, ctx) => {
      const token = normalCartToken(value);
      if (token === undefined)
        ctx.issues.push({
          code: 'custom',
          message: 'must not be blank nor hold control or format characters',
          input: value,
        });
      return token ?? z.NEVER;
    })
    .optional();
}
