/**
 * The pieces every route's description repeats: a JSON body, a JSON answer, and the error
 * answers of API.md §4 (one envelope, `ErrorSchema`), so each route states only its own.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { requireSecret } from '../tokens/scopes.ts';
import type { AppEnv } from './env.ts';
import { jsonResponse } from './errors.ts';
import { pathIdOr404 } from './path-id.ts';
import { ErrorSchema } from '../shared/record-schemas.ts';

/** A JSON answer of `schema`. */
export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** A required JSON request body of `schema`. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } };
}

/** The error answers every authenticated endpoint may give, all in the envelope. */
export const errorResponses = {
  400: json(ErrorSchema, 'The body is not JSON'),
  401: json(ErrorSchema, 'No valid token'),
  403: json(ErrorSchema, 'The token may not do this'),
  404: json(ErrorSchema, 'No such record'),
  409: json(ErrorSchema, 'A conflict (items that do not fit, with their status)'),
  422: json(ErrorSchema, 'Invalid fields, each named with its messages'),
  413: json(ErrorSchema, 'The body is over 64 KiB'),
  414: json(ErrorSchema, 'The URL is over 8,192 characters'),
  415: json(ErrorSchema, 'A body sent with another Content-Type than JSON'),
  429: json(ErrorSchema, 'Too many requests (Retry-After says when to try again)'),
  500: json(ErrorSchema, 'An unexpected error: the body says nothing internal, the log has it'),
} as const;

/** The answer of a cacheable read (`http/caching.ts`) to a request whose `If-None-Match` still holds. */
export const notModified = {
  304: { description: 'Not modified: the ETag sent in If-None-Match is still the answer (no body)' },
} as const;

/**
 * `jsonResponse` typed as the answer its route declares, so a handler that answers anything
 * but the route's response schema does not compile (the records of `src/shared/records.ts`
 * against the schemas, checked at every route).
 */
export function jsonAnswer<T, S extends ContentfulStatusCode = 200>(
  body: T,
  status: S = 200 as S,
  headers: Record<string, string> = {},
): TypedResponse<T, S, 'json'> {
  return jsonResponse(body, status, headers) as unknown as TypedResponse<T, S, 'json'>;
}

/**
 * The path of one record, `{id}`: an id that cannot name a record names none, so it is the 404
 * of an unknown id (`pathIdOr404`, thrown as the schema reads it), never a 422, and it is
 * answered before the body is checked.
 */
export function recordPath(what: string) {
  return z.object({
    id: z
      .string()
      .transform((raw) => pathIdOr404(raw, what))
      .openapi({ param: { name: 'id', in: 'path' }, type: 'integer', minimum: 1, example: 1 }),
  });
}

/**
 * The route's middleware that refuses a publishable token (403) before its body is checked, as
 * every secret-only write always has: a refusal says nothing about the body.
 */
export function secretOnly(action: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    requireSecret(c.var.auth, action);
    await next();
  };
}

/**
 * The answers of a route of the admin's own page (sign-in, staff, sessions): checked at the route
 * like every /v1 route, but hidden from the public document (`hide: true` on the route), so
 * they are described here only as far as the router needs.
 */
export const pageAnswers = { 200: { description: 'Done' }, ...errorResponses } as const;

/**
 * A route of the admin's own page (`/admin/…`): its schemas check the request as every /v1
 * route's do (the same 422), but it is the page's, so it stays out of the public document.
 */
export function pageRoute<const R extends Omit<Parameters<typeof createRoute>[0], 'responses'>>(config: R) {
  return createRoute({ ...config, tags: ['Admin'], hide: true, responses: pageAnswers });
}
