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
import type { AppEnv } from './env.ts';

type Issue = z.core.$ZodIssue;
type Key = PropertyKey;

/** `['items', 0, 'start']` → `items[0].start`; the empty path of a body is `body`. */
export function fieldPath(path: readonly Key[], root = 'body'): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? root : out;
}

function startsWith(path: readonly Key[], prefix: readonly Key[]): boolean {
  return prefix.every((key, i) => path[i] === key);
}

/**
 * zod's issues as the envelope's `fields`. An unknown key (`unrecognized_keys`) is named under
 * its object (cut to 64 characters) and listed before that object's other fields, as the
 * contract's messages always came: the field names of the 422's message keep their order.
 */
export function fieldsOf(issues: readonly Issue[], root = 'body'): Record<string, string[]> {
  const ordered: Issue[] = [];
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') {
      ordered.push(issue);
      continue;
    }
    const at = ordered.findIndex((other) => startsWith(other.path, issue.path));
    ordered.splice(at === -1 ? ordered.length : at, 0, issue);
  }
  // No prototype: an unknown field named "constructor" or "__proto__" is an ordinary key.
  const fields = Object.create(null) as Record<string, string[]>;
  const add = (path: string, message: string) => {
    (fields[path] ??= []).push(message);
  };
  for (const issue of ordered) {
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys) add(fieldPath([...issue.path, key.slice(0, 64)], root), issue.message);
    else add(fieldPath(issue.path, root), issue.message);
  }
  return fields;
}

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
