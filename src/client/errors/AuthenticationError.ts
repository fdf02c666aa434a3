import { BookingApiError } from './BookingApiError.ts';

/** 401: no token, or a token the service does not know. */
export class AuthenticationError extends BookingApiError {
  override readonly name = 'AuthenticationError' as const;
}
