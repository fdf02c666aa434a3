import { BookingApiError } from './BookingApiError.ts';

/**
 * No response arrived: DNS, connection refused, CORS refusal, offline. `status` is 0 and
 * `cause` holds what `fetch` threw.
 */
export class NetworkError extends BookingApiError {
  declare readonly name: 'NetworkError';

  constructor(method: string, url: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super({
      status: 0,
      code: 'network_error',
      message: `failed before a response arrived: ${reason}`,
      method,
      url,
      cause,
    });
    this.name = 'NetworkError';
  }
}
