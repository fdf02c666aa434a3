import { BookingApiError } from './BookingApiError.ts';

/** No complete response arrived within `timeoutMs`. `status` is 0. */
export class TimeoutError extends BookingApiError {
  override readonly name = 'TimeoutError' as const;
  /** The deadline that passed. */
  readonly timeoutMs: number;

  constructor(method: string, url: string, timeoutMs: number) {
    super({ status: 0, code: 'timeout', message: `timed out after ${timeoutMs} ms`, method, url });
    this.timeoutMs = timeoutMs;
  }
}
