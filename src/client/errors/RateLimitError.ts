import { BookingApiError, type BookingApiErrorInit } from './BookingApiError.ts';

/** 429: the token sent more requests than its bucket allows (API.md §7). */
export class RateLimitError extends BookingApiError {
  declare readonly name: 'RateLimitError';
  /** How long the service asked us to wait (its `Retry-After`), when it said. */
  declare readonly retryAfterMs: number | undefined;

  constructor(init: BookingApiErrorInit & { retryAfterMs?: number | undefined }) {
    super(init);
    this.name = 'RateLimitError';
    this.retryAfterMs = init.retryAfterMs;
  }
}
