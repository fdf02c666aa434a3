/**
 * zod's issues as the 422's `fields` (API.md §4): each named by its path (`items[0].start`), in
 * the order the contract's messages always came. Below every layer: the routes' validation hook
 * and the rules' own checks of a body (`readHoldInput`) both use it.
 * @module
 */
import type { z } from 'zod';
import { FieldErrors } from './field-errors.ts';

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

/** A schema's check of a request part, not thrown: what passed, and the fields that did not. */
export interface PartCheck<T> {
  /** The parsed value; undefined when anything failed. */
  data: T | undefined;
  /** The schema's messages, ordered by its fields, for the rules to add theirs to. */
  errors: FieldErrors;
}

/**
 * Checks `value` (a body, `root` 'body'; a query, 'request') with `schema` without throwing, so
 * rules the schema cannot see (the shop's zone, the database) add their messages to the same
 * `FieldErrors` and one 422 names every bad field, each at its place in the schema's order.
 */
export function checkPart<S extends z.ZodType>(
  schema: S,
  value: unknown,
  root: 'body' | 'request' = 'body',
): PartCheck<z.output<S>> {
  const shape = (schema as { shape?: Record<string, unknown> }).shape ?? {};
  const errors = new FieldErrors(Object.keys(shape), root === 'body' ? 'first' : 'last');
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data, errors };
  for (const [path, messages] of Object.entries(fieldsOf(result.error.issues, root)))
    for (const message of messages) errors.add(path, message);
  return { data: undefined, errors };
}
