import type { ApiRequest } from './types.ts';

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
