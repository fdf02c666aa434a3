/**
 * The one error the service raises on purpose: it knows its status, its envelope (API.md §4)
 * and its extra headers, and turns itself into the response. Anything else thrown is a bug and
 * becomes a bare 500 (see `app.ts`).
 * @module
 */
import { ERROR_STATUS, type ErrorBody, type ErrorCode, type ErrorDetails } from '../../shared/errors.ts';

/** An error with a ready response: status, `{error, message, details}` and headers. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetails; headers?: Record<string, string> } = {}) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  /** The envelope this error travels as. */
  body(): ErrorBody {
    return this.details ? { error: this.code, message: this.message, details: this.details } : { error: this.code, message: this.message };
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

/** 404 for an id this shop does not have (another shop's id looks exactly the same). */
export function notFound(what: string, id: unknown): HttpError {
  return new HttpError('not_found', `No ${what} with id ${String(id)}.`);
}

/** 422 naming each bad field: `{ "items[0].quantity": ["must be a whole number from 1"] }`. */
export function validationFailed(fields: Record<string, string[]>): HttpError {
  const names = Object.keys(fields);
  const first = names[0] ?? 'request';
  const message =
    names.length === 1 ? `${first} ${fields[first]?.[0] ?? 'is invalid'}.` : `${names.length} fields are invalid: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}.`;
  return new HttpError('validation_failed', message, { details: { fields } });
}

/** 403 with a reason. */
export function forbidden(message: string): HttpError {
  return new HttpError('forbidden', message);
}
