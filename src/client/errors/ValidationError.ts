import { BookingApiError } from './BookingApiError.ts';

/** 422 or 400: the request was malformed or a field is invalid; `details.fields` names them. */
export class ValidationError extends BookingApiError {
  override readonly name = 'ValidationError' as const;
}
