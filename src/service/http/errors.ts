/**
 * Errors as HTTP: `HttpError` knows its status, its envelope (API.md §4) and its extra headers,
 * and turns itself into the response (as hono's `HTTPException.getResponse`). The HTTP layer
 * raises it for what only HTTP knows (a bad header, a body too large, a wrong method, a rate
 * limit); the rules raise domain errors, which `toHttpError` maps. Anything else thrown is a bug
 * and becomes a bare 500 (see `app.ts`).
 * @module
 */
import { ERROR_STATUS, type ErrorBody, type ErrorCode, type ErrorDetails } from '../../shared/errors.ts';
import {
  BookingCancelledError,
  ConflictError,
  ForbiddenError,
  InUseError,
  InvalidError,
  NotFoundError,
  OriginNotAllowedError,
} from '../shared/errors.ts';

/** An error with a ready response: status, `{error, message, details}` and headers. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetails; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  /** The envelope this error travels as. */
  body(): ErrorBody {
    return this.details
      ? { error: this.code, message: this.message, details: this.details }
      : { error: this.code, message: this.message };
  }

  /** The response, with `extraHeaders` (e.g. CORS) added. */
  toResponse(extraHeaders: Record<string, string> = {}): Response {
    return jsonResponse(this.body(), this.status, { ...this.headers, ...extraHeaders });
  }
}

/** A JSON response with our content type. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/**
 * The one place an error becomes HTTP: a domain error (shared/errors.ts) is given its status
 * and envelope here, an `HttpError` is already one; anything else is undefined (a bug: the app
 * logs it and answers a bare 500).
 */
export function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof NotFoundError) return new HttpError('not_found', error.message);
  if (error instanceof ConflictError)
    return new HttpError('unavailable', error.message, { details: { items: error.items } });
  if (error instanceof BookingCancelledError)
    return new HttpError('booking_cancelled', error.message, { details: { id: error.id } });
  if (error instanceof InvalidError)
    return new HttpError('validation_failed', error.message, { details: { fields: error.fields } });
  if (error instanceof InUseError)
    return new HttpError('in_use', error.message, { details: { dependents: error.dependents, ...error.ids } });
  if (error instanceof OriginNotAllowedError)
    return new HttpError('forbidden', error.message, { details: { origin: error.origin } });
  if (error instanceof ForbiddenError) return new HttpError('forbidden', error.message);
  // A unique index refused a write: two requests raced past the check that names the field
  // (a title, an external id). Nothing was written; sent again, the check names the field.
  if (isUniqueViolation(error))
    return new HttpError(
      'validation_failed',
      'Another request took a value that must be unique at the same moment; nothing was changed. Send it again to see which field.',
      { details: { fields: {} } },
    );
  return undefined;
}

/** PostgreSQL's unique_violation (23505), as both drivers (pg and PGlite) report it. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
