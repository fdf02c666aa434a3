import { BookingApiError, type BookingApiErrorInit } from './BookingApiError.ts';

/** 422 or 400: the request was malformed or a field is invalid; `details.fields` names them. */
export class ValidationError extends BookingApiError {
  declare readonly name: 'ValidationError';

  constructor(init: BookingApiErrorInit) {
    super(init);
    this.name = 'ValidationError';
  }
}
