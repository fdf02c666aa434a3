import { BookingApiError, type BookingApiErrorInit } from './BookingApiError.ts';

/** 5xx: the service (or a proxy in front of it) failed; safe requests are retried. */
export class ServerError extends BookingApiError {
  override readonly name = 'ServerError' as const;
  /** How long the service asked us to wait (a 503's `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(init: BookingApiErrorInit & { retryAfterMs?: number | undefined }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}
