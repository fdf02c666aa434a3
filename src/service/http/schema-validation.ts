/**
 * Validation at the route: every feature is an `OpenAPIHono` whose routes declare their body,
 * query and path as zod schemas (`createRoute`), so the same schemas check each request and
 * describe the API (`http/openapi.ts`). A failed check is the 422 of API.md §4, naming every
 * bad field with the messages the contract documents (the schemas carry them:
 * `shared/schemas.ts`, `shared/query-schemas.ts`).
 * @module
 */
import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import { InvalidError } from '../shared/errors.ts';
import { fieldsOf } from '../shared/schema-issues.ts';
import type { AppEnv } from './env.ts';

type Issue = z.core.$ZodIssue;

/** What `zValidator` hands the hook: the parse's result and which part of the request it read. */
interface HookResult {
  success: boolean;
  error?: { issues: readonly Issue[] };
  target: string;
}

/**
 * The hook of every route's validators: a failed check throws the 422 (`InvalidError`), which
 * `toHttpError` answers like every other. Query and path issues are named by the parameter.
 */
export function validationHook(result: HookResult): undefined {
  if (result.success) return undefined;
  const root = result.target === 'json' ? 'body' : 'request';
  throw new InvalidError(fieldsOf(result.error?.issues ?? [], root));
}

/** A feature's sub-app: its `openapi()` routes are validated by their schemas and documented. */
export function featureApp(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/** The `{id}` path of a route, if it declares one. */
type ParamsOf<R extends RouteConfig> = R['request'] extends { params: infer P } ? { params: P } : object;

/**
 * A route whose rules add messages a schema cannot see (a time the shop's zone skips, an id the
 * shop does not have): `app`'s document shows it with every schema, but only its `{id}` path is
 * checked before the handler. The handler checks its body and query with `checkPart`, and the
 * rules add theirs to the same `FieldErrors`, so one 422 names every bad field.
 */
export function collectingRoute<R extends RouteConfig>(
  app: OpenAPIHono<AppEnv>,
  route: R,
): Omit<R, 'request'> & { hide: true; request: ParamsOf<R> } {
  // The document describes; a route's middleware is code, which JSON would write as `null`.
  const { middleware: _code, ...described } = route;
  app.openAPIRegistry.registerPath(described);
  const params = route.request?.params;
  return { ...route, hide: true, request: (params ? { params } : {}) as ParamsOf<R> };
}
