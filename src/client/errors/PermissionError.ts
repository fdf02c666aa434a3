import { BookingApiError } from './BookingApiError.ts';

/** 403: the token lacks the scope, or a publishable token came from an origin not allowed. */
export class PermissionError extends BookingApiError {
  override readonly name = 'PermissionError' as const;
}
