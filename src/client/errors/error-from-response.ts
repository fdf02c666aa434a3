import { AuthenticationError } from './AuthenticationError.ts';
import { BookingApiError, type BookingApiErrorInit } from './BookingApiError.ts';
import { errorInit, type ErrorInit } from './error-init.ts';
import { NetworkError } from './NetworkError.ts';
import { TimeoutError } from './TimeoutError.ts';
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

/**
 * The error of its family for `init`: no answer is a `NetworkError` or, when the deadline
 * passed, a `TimeoutError`; an answer is its status family's (a 409 an `UnavailableError`, …).
 */
export function errorFromInit(init: ErrorInit): BookingApiError {
  if (init.status === 0) {
    return init.code === 'timeout'
      ? new TimeoutError(init.method, init.url, init.timeoutMs ?? 0)
      : new NetworkError(init.method, init.url, init.cause);
  }
  return new (errorClassForStatus(init.status))(init);
}

/**
 * Builds the error for a non-2xx response whose body has already been read as text.
 * The envelope (API.md §4) supplies code, message and details when the body is one; any other
 * body (HTML, plain text, empty, JSON of another shape) still yields the status's class.
 */
export function errorFromResponse(response: Response, bodyText: string, method: string, url: string): BookingApiError {
  return errorFromInit(errorInit(response, bodyText, method, url));
}
