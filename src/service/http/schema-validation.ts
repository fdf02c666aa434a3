/**
 * Validation at the route: every feature is an `OpenAPIHono` whose routes declare their body,
 * query and path as zod schemas (`createRoute`), so the same schemas check each request and
 * describe the API (`http/openapi.ts`). A failed check is the 422 of API.md §4, naming every
 * bad field with the messages the contract documents (the schemas carry them:
 * `shared/schemas.ts`, `http/query-schemas.ts`).
 * @module
 */
import { OpenAPIHono } from '@hono/zod-openapi';
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
