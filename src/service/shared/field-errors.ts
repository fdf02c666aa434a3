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

  /**
   * `order`: the fields in the order the 422 names them (a schema's keys), so a message added
   * later (the shop's zone, the database) still comes at its field's place; a path under a field
   * (`items[0].quantity`) goes with it, and one not listed (an unknown field) comes first, or
   * last with `unlisted: 'last'`. Without `order`, messages come in the order they were added.
   */
  constructor(
    private readonly order: readonly string[] = [],
    private readonly unlisted: 'first' | 'last' = 'first',
  ) {}

  /** Records `message` against `path` (e.g. `items[0].start`). */
  add(path: string, message: string): void {
    (this.fields[path] ??= []).push(message);
  }

  /** True when nothing was recorded. */
  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  /** True when something was recorded against `path` or below it. */
  has(path: string): boolean {
    return Object.keys(this.fields).some((key) => key === path || topField(key) === path);
  }

  /** Throws `InvalidError` (a 422) when anything was recorded. */
  throwIfAny(): void {
    if (!this.empty) throw new InvalidError(this.ordered());
  }

  /** The fields in `order` (a stable sort: a field's own messages keep theirs). */
  private ordered(): Record<string, string[]> {
    if (this.order.length === 0) return this.fields;
    const none = this.unlisted === 'first' ? -1 : this.order.length;
    const rank = (path: string) => {
      const at = this.order.indexOf(topField(path));
      return at === -1 ? none : at;
    };
    const out = Object.create(null) as Record<string, string[]>;
    for (const key of Object.keys(this.fields).sort((a, b) => rank(a) - rank(b))) out[key] = this.fields[key]!;
    return out;
  }
}

/** The top field of a path: `items[0].quantity` → `items`; `status[]` (a parameter) stays as it is. */
function topField(path: string): string {
  return path.replace(/(\[\d+\]|\.).*$/s, '');
}
