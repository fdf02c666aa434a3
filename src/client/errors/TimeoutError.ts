import { BookingApiError } from './BookingApiError.ts';

/** No complete response arrived within `timeoutMs`. `status` is 0. */
export class TimeoutError extends BookingApiError {
  declare readonly name: 'TimeoutError';
  /** The deadline that passed. */
  declare readonly timeoutMs: number;

  constructor(method: string, url: string, timeoutMs: number) {
    super({ status: 0, code: 'timeout', message: `timed out after ${timeoutMs} ms`, method, url });
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}
