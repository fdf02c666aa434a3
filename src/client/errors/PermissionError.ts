import { BookingApiError, type BookingApiErrorInit } from './BookingApiError.ts';

/** 403: the token lacks the scope, or a publishable token came from an origin not allowed. */
export class PermissionError extends BookingApiError {
  declare readonly name: 'PermissionError';

  constructor(init: BookingApiErrorInit) {
    super(init);
    this.name = 'PermissionError';
  }
}
