import type { ErrorDetails, UnavailableItem } from '../../shared/index.ts';
import { BookingApiError, type BookingApiErrorInit } from './BookingApiError.ts';

/** The details of a 409: every posted item with its status and what is left. */
export interface UnavailableDetails extends ErrorDetails {
  items: UnavailableItem[];
}

/**
 * 409: the reservation or booking does not fit (sold out, blacked out, outside the window…).
 * Nothing was changed. `details.items` says which posted items failed and how many are left.
 */
export class UnavailableError extends BookingApiError {
  declare readonly name: 'UnavailableError';
  declare readonly details: UnavailableDetails;

  constructor(init: BookingApiErrorInit) {
    super(init);
    this.name = 'UnavailableError';
    // A 409 from a proxy or an older service may lack the list; callers can always iterate it.
    const items = init.details?.items;
    this.details = { ...init.details, items: Array.isArray(items) ? items : [] };
  }
}
