import { BookingApiError } from '../errors/BookingApiError.ts';
import { backoffDelay } from './retry-timing.ts';
import type { ApiRequest, RetryOptions } from './types.ts';

/**
 * Whether sending `request` twice is harmless, so a failure may be retried: GET and DELETE
 * always; a POST only when the service dedupes it, by its cart token (`idempotent`, for
 * POST /v1/reservations) or by an `Idempotency-Key` (POST /v1/bookings). Blackout writes are
 * never retried: a replayed POST would create the blackout twice.
 */
export function isRetryableRequest(request: ApiRequest): boolean {
  return (
    request.method === 'GET' ||
    request.method === 'DELETE' ||
    request.idempotent === true ||
    request.idempotencyKey !== undefined
  );
}

/**
 * The wait before retrying after `error` on retry number `retry` (0 for the first), or
 * undefined when the error is not worth retrying: only no-response failures, 429 and 5xx are.
 * A `Retry-After` is honoured exactly, unless it exceeds `maxRetryAfterMs`. Timeouts are not
 * retried: the caller's deadline has passed, and a retry would double it.
 */
export function retryWait(error: unknown, retry: number, options: RetryOptions): number | undefined {
  // By status and code, not by subclass: a light requester's errors are all the base class.
  if (!(error instanceof BookingApiError)) return undefined;
  const { status } = error;
  if (status === 429 || (status >= 500 && status <= 599)) {
    const asked = (error as { retryAfterMs?: number | undefined }).retryAfterMs;
    if (asked !== undefined) return asked <= options.maxRetryAfterMs ? asked : undefined;
    return backoffDelay(retry, options);
  }
  return error.code === 'network_error' ? backoffDelay(retry, options) : undefined;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
