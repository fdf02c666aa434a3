import { isErrorBody, STATUS_CODES, type ErrorCode } from '../../shared/errors.ts';
import { parseRetryAfter } from '../core/retry-timing.ts';
import type { BookingApiError, BookingApiErrorInit } from './BookingApiError.ts';

/**
 * What an error is built from: the envelope's facts, the `Retry-After` wait if any, and for a
 * deadline that passed (`code` "timeout", `status` 0) the deadline.
 */
export type ErrorInit = BookingApiErrorInit & { retryAfterMs?: number | undefined; timeoutMs?: number | undefined };

/** Builds the error a requester throws for a non-2xx answer. */
export type ErrorFactory = (init: ErrorInit) => BookingApiError;

/** The API's code for a status, for bodies that carry none (an HTML page from a proxy). */
function codeForStatus(status: number): ErrorCode | 'unknown' {
  for (const code in STATUS_CODES) {
    if (STATUS_CODES[code as keyof typeof STATUS_CODES] === status) return code as ErrorCode;
  }
  return 'unknown';
}

/**
 * What the error of a non-2xx response (its body already read as text) says.
 * The envelope (API.md §4) supplies code, message and details when the body is one; any other
 * body (HTML, plain text, empty, JSON of another shape) still yields the status's code.
 */
export function errorInit(response: Response, bodyText: string, method: string, url: string): ErrorInit {
  const { status } = response;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const answered = `answered ${status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return {
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
}
