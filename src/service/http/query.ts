/**
 * Reads and checks query parameters, gathering every problem into one 422 that names each
 * parameter (API.md §4). A parameter given twice is an error, never silently the first or last.
 * @module
 */
import { isPlainDate, type PlainDate } from '../../shared/plain-date.ts';
import { parseLocalDateTime, startOfDayInZone } from '../../shared/zones.ts';
import { FieldErrors } from '../shared/field-errors.ts';

const WHOLE = /^\d{1,16}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The query of one request, with typed readers. Call `done()` to throw the 422 if any failed. */
export class QueryReader {
  readonly errors = new FieldErrors();
  private readonly params: URLSearchParams;
  /** The names read: a known name written `name[]` is refused at `done()`. */
  private readonly known = new Set<string>();

  constructor(url: string | URL) {
    this.params = new URL(url).searchParams;
  }

  /** The raw single value of `name`, or undefined; records an error when given more than once. */
  raw(name: string): string | undefined {
    this.known.add(name);
    const all = this.params.getAll(name);
    if (all.length > 1) {
      this.errors.add(name, 'must be given once');
      return undefined;
    }
    return all[0];
  }

  /** True when `name` is present at all. */
  has(name: string): boolean {
    this.known.add(name);
    return this.params.has(name);
  }

  /** A whole number within `[min, max]`. */
  int(name: string, bounds: { min?: number; max?: number } = {}): number | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const min = bounds.min ?? 1;
    const max = bounds.max ?? Number.MAX_SAFE_INTEGER;
    const n = WHOLE.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      this.errors.add(
        name,
        max === Number.MAX_SAFE_INTEGER
          ? `must be a whole number from ${min}`
          : `must be a whole number from ${min} to ${max}`,
      );
      return undefined;
    }
    return n;
  }

  /** An id: a positive whole number (also used for the platform's external ids). */
  id(name: string): number | undefined {
    return this.int(name, { min: 1 });
  }

  /** `true` or `false` (also `1`/`0`). */
  bool(name: string): boolean | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    this.errors.add(name, 'must be true or false');
    return undefined;
  }

  /** A non-empty string of at most `maxLength` characters, without control characters. */
  string(name: string, maxLength = 255): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    // eslint-disable-next-line no-control-regex
    if (value === '' || value.length > maxLength || /[\u0000-\u001f\u007f]/.test(value) || !value.isWellFormed()) {
      this.errors.add(name, `must be 1 to ${maxLength} printable characters`);
      return undefined;
    }
    return value;
  }

  /** A day `YYYY-MM-DD`. */
  date(name: string): PlainDate | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (!isPlainDate(value)) {
      this.errors.add(name, 'must be a date YYYY-MM-DD from 1000-01-01 to 9998-12-31');
      return undefined;
    }
    return value;
  }

  /**
   * An instant, given as an ISO 8601 timestamp with a zone, as a shop-local `YYYY-MM-DD HH:MM`
   * (as the writes take it), or as a day `YYYY-MM-DD` meaning the start of that day in the
   * shop's zone `tz`.
   */
  instantOrDay(name: string, tz: string): Date | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (isPlainDate(value)) {
      try {
        return startOfDayInZone(value, tz);
      } catch {
        // Defence in depth: should zone arithmetic ever fail to place a day, the caller's odd
        // day is a 422, never a 500.
        this.errors.add(name, `must be a day that can be placed in ${tz}`);
        return undefined;
      }
    }
    if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(value)) {
      const local = parseLocalDateTime(value, tz);
      if ('instant' in local) return local.instant;
      this.errors.add(name, local.error);
      return undefined;
    }
    const ms = ISO_INSTANT.test(value) && isPlainDate(value.slice(0, 10)) ? Date.parse(value) : NaN;
    if (Number.isNaN(ms)) {
      this.errors.add(
        name,
        'must be a timestamp like 2026-12-24T13:00:00Z, a local "YYYY-MM-DD HH:MM" or a date YYYY-MM-DD',
      );
      return undefined;
    }
    return new Date(ms);
  }

  /**
   * Throws the 422 naming every bad parameter, if any. A parameter this endpoint reads written
   * as `name[]` (PHP's and Rails' list syntax) is one: ignoring it would answer unfiltered.
   */
  done(): void {
    for (const key of new Set(this.params.keys())) {
      if (key.endsWith('[]') && this.known.has(key.slice(0, -2)))
        this.errors.add(key, `is not a list: give ${key.slice(0, -2)} once`);
    }
    this.errors.throwIfAny();
  }
}
