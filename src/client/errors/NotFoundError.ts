import { BookingApiError } from './BookingApiError.ts';

/** 404: no such path or id (an id of another shop also answers 404). */
export class NotFoundError extends BookingApiError {
  override readonly name = 'NotFoundError' as const;
}
