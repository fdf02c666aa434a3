import { BookingApiError, type BookingApiErrorInit } from './BookingApiError.ts';

/** 401: no token, or a token the service does not know. */
export class AuthenticationError extends BookingApiError {
  declare readonly name: 'AuthenticationError';

  constructor(init: BookingApiErrorInit) {
    super(init);
    this.name = 'AuthenticationError';
  }
}
