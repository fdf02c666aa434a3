import { AuthenticationError } from './AuthenticationError.ts';
import { BookingApiError } from './BookingApiError.ts';
import { NetworkError } from './NetworkError.ts';
import { NotFoundError } from './NotFoundError.ts';
import { PermissionError } from './PermissionError.ts';
import { RateLimitError } from './RateLimitError.ts';
import { ServerError } from './ServerError.ts';
import { TimeoutError } from './TimeoutError.ts';
import { UnavailableError } from './UnavailableError.ts';
import { ValidationError } from './ValidationError.ts';

// Each guard checks `instanceof` OR the literal `name`: the widget may run in an iframe or beside
// a second copy of this client, and an error from another realm or copy fails `instanceof`.
// A numeric `status` is required too, because DOM errors share two of these names
// (a DOMException "TimeoutError" from `AbortSignal.timeout()`, "NetworkError") but carry none.

const NAMES = [
  'BookingApiError',
  'ValidationError',
  'AuthenticationError',
  'PermissionError',
  'NotFoundError',
  'UnavailableError',
  'RateLimitError',
  'ServerError',
  'NetworkError',
  'TimeoutError',
];

function hasName(value: unknown, name: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { name?: unknown; status?: unknown };
  return v.name === name && typeof v.status === 'number';
}

/** True for every error this client throws, from this realm or another. */
export function isBookingApiError(value: unknown): value is BookingApiError {
  return value instanceof BookingApiError || NAMES.some((name) => hasName(value, name));
}

/** True for a 400 or 422 (`ValidationError`). */
export function isValidationError(value: unknown): value is ValidationError {
  return value instanceof ValidationError || hasName(value, 'ValidationError');
}

/** True for a 401 (`AuthenticationError`). */
export function isAuthenticationError(value: unknown): value is AuthenticationError {
  return value instanceof AuthenticationError || hasName(value, 'AuthenticationError');
}

/** True for a 403 (`PermissionError`). */
export function isPermissionError(value: unknown): value is PermissionError {
  return value instanceof PermissionError || hasName(value, 'PermissionError');
}

/** True for a 404 (`NotFoundError`). */
export function isNotFoundError(value: unknown): value is NotFoundError {
  return value instanceof NotFoundError || hasName(value, 'NotFoundError');
}

/** True for a 409 (`UnavailableError`), whose `details.items` say what did not fit. */
export function isUnavailableError(value: unknown): value is UnavailableError {
  return value instanceof UnavailableError || hasName(value, 'UnavailableError');
}

/** True for a 429 (`RateLimitError`). */
export function isRateLimitError(value: unknown): value is RateLimitError {
  return value instanceof RateLimitError || hasName(value, 'RateLimitError');
}

/** True for a 5xx (`ServerError`). */
export function isServerError(value: unknown): value is ServerError {
  return value instanceof ServerError || hasName(value, 'ServerError');
}

/** True when no response arrived (`NetworkError`). */
export function isNetworkError(value: unknown): value is NetworkError {
  return value instanceof NetworkError || hasName(value, 'NetworkError');
}

/** True when the deadline passed (`TimeoutError`). */
export function isTimeoutError(value: unknown): value is TimeoutError {
  return value instanceof TimeoutError || hasName(value, 'TimeoutError');
}
