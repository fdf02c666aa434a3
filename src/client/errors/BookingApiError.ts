import type { ErrorCode, ErrorDetails } from '../../shared/index.ts';

/**
 * Codes the client itself gives when there is no API envelope to read one from:
 * no response at all, a deadline passed, or a success whose body is not JSON.
 */
export type ClientErrorCode = 'network_error' | 'timeout' | 'invalid_response' | 'unknown';

/**
 * The envelope's `error` code (API.md §4), a client-side code, or a code this client version
 * does not know yet (a newer service may add some; `string & {}` keeps editor completion).
 */
export type BookingErrorCode = ErrorCode | ClientErrorCode | (string & {});

/** What every error of this client knows about the request and the answer. */
export interface BookingApiErrorInit {
  /** The HTTP status; 0 when no response arrived (as fetch's `Response.error()`). */
  status: number;
  code: BookingErrorCode;
  message: string;
  details?: ErrorDetails | undefined;
  method: string;
  /** The request URL, with any `token` query parameter redacted. */
  url: string;
  cause?: unknown;
}

/**
 * The base class of every error the client throws: catch this to handle them all.
 * Subclasses say which status family answered (see `errorFromResponse`).
 *
 * @example
 * ```ts
 * try {
 *   await client.blackouts.retrieve(99);
 * } catch (error) {
 *   if (isNotFoundError(error)) console.log(error.code, error.url);
 *   else throw error;
 * }
 * ```
 */
//
// Fields are `declare`d and assigned in constructors, rather than written as class fields,
// because the widget is built for ES2020, where every class field costs a defineProperty helper.
export class BookingApiError extends Error {
  declare name: string;
  /** The HTTP status; 0 when no response arrived. */
  declare readonly status: number;
  /** The envelope's `error`, e.g. `"not_found"`, or a client code such as `"timeout"`. */
  declare readonly code: BookingErrorCode;
  /** Extra facts from the envelope, e.g. `fields` of a 422 or `items` of a 409. */
  declare readonly details: ErrorDetails | undefined;
  /** The request's method, e.g. `"GET"`. */
  declare readonly method: string;
  /** The request's URL (a `token` query parameter is redacted, so errors are safe to log). */
  declare readonly url: string;

  constructor(init: BookingApiErrorInit) {
    // The server's sentence alone does not say which call failed; the prefix does.
    super(`${init.method} ${init.url} ${init.message}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'BookingApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.method = init.method;
    this.url = init.url;
  }
}
