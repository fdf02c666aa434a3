import { ERROR_STATUS, isErrorBody, type ErrorCode } from '../../shared/errors.ts';
import { parseRetryAfter } from '../core/retry-timing.ts';
import { AuthenticationError } from './AuthenticationError.ts';
import { BookingApiError, type BookingApiErrorInit } from './BookingApiError.ts';
import { NotFoundError } from './NotFoundError.ts';
import { PermissionError } from './PermissionError.ts';
import { RateLimitError } from './RateLimitError.ts';
import { ServerError } from './ServerError.ts';
import { UnavailableError } from './UnavailableError.ts';
import { ValidationError } from './ValidationError.ts';

type ErrorClass = new (init: BookingApiErrorInit & { retryAfterMs?: number | undefined }) => BookingApiError;

/**
 * The one place that maps an HTTP status to an error class. Statuses with no family of their
 * own (405, 413, 415, an unexpected 418) fall back to the base class, so nothing is lost.
 */
export function errorClassForStatus(status: number): ErrorClass {
  switch (status) {
    case 400:
    case 422:
      return ValidationError;
    case 401:
      return AuthenticationError;
    case 403:
      return PermissionError;
    case 404:
      return NotFoundError;
    case 409:
      return UnavailableError;
    case 429:
      return RateLimitError;
    default:
      return status >= 500 && status <= 599 ? ServerError : BookingApiError;
  }
}

/** The API's code for a status, for bodies that carry none (an HTML page from a proxy). */
function codeForStatus(status: number): ErrorCode | 'unknown' {
  for (const code in ERROR_STATUS) {
    if (ERROR_STATUS[code as ErrorCode] === status) return code as ErrorCode;
  }
  return 'unknown';
}

/**
 * Builds the error for a non-2xx response whose body has already been read as text.
 * The envelope (API.md §4) supplies code, message and details when the body is one; any other
 * body (HTML, plain text, empty, JSON of another shape) still yields the status's class.
 */
export function errorFromResponse(response: Response, bodyText: string, method: string, url: string): BookingApiError {
  const { status } = response;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const answered = `answered ${status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const init = {
    status,
    method,
    url,
    retryAfterMs: parseRetryAfter(response.headers.get('Retry-After'), response.headers.get('Date')),
    ...(isErrorBody(body)
      ? { code: body.error, message: `${answered}: ${body.message}`, details: body.details }
      : {
          code: codeForStatus(status),
          message: `${answered} with a body that is not the API's JSON error (${response.headers.get('Content-Type') ?? 'no content type'})`,
        }),
  };
  return new (errorClassForStatus(status))(init);
}
