import { BookingApiError, type BookingApiErrorInit } from './BookingApiError.ts';

/** 429: the token sent more requests than its bucket allows (API.md §7). */
export class RateLimitError extends BookingApiError {
  override readonly name = 'RateLimitError' as const;
  /** How long the service asked us to wait (its `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(init: BookingApiErrorInit & { retryAfterMs?: number | undefined }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}
