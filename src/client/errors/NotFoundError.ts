import { BookingApiError, type BookingApiErrorInit } from './BookingApiError.ts';

/** 404: no such path or id (an id of another shop also answers 404). */
export class NotFoundError extends BookingApiError {
  declare readonly name: 'NotFoundError';

  constructor(init: BookingApiErrorInit) {
    super(init);
    this.name = 'NotFoundError';
  }
}
