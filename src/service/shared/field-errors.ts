/**
 * Collects validation messages by field path while a request is checked, so one 422 names
 * every bad field at once instead of the first only.
 * @module
 */
import { InvalidError } from './errors.ts';

/** Field messages gathered during validation. */
export class FieldErrors {
  // No prototype: a path such as "constructor" or "__proto__" (an unknown body field) must be
  // an ordinary key, not Object.prototype's.
  readonly fields: Record<string, string[]> = Object.create(null) as Record<string, string[]>;

  /** Records `message` against `path` (e.g. `items[0].start`). */
  add(path: string, message: string): void {
    (this.fields[path] ??= []).push(message);
  }

  /** True when nothing was recorded. */
  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  /** Throws `InvalidError` (a 422) when anything was recorded. */
  throwIfAny(): void {
    if (!this.empty) throw new InvalidError(this.fields);
  }
}
