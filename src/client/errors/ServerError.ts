import { BookingApiError, type BookingApiErrorInit } from './BookingApiError.ts';

/** 5xx: the service (or a proxy in front of it) failed; safe requests are retried. */
export class ServerError extends BookingApiError {
  declare readonly name: 'ServerError';
  /** How long the service asked us to wait (a 503's `Retry-After`), when it said. */
  declare readonly retryAfterMs: number | undefined;

  constructor(init: BookingApiErrorInit & { retryAfterMs?: number | undefined }) {
    super(init);
    this.name = 'ServerError';
    this.retryAfterMs = init.retryAfterMs;
  }
}
