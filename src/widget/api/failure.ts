/**
 * The widget's one error type and the failure it keeps and reports. Every error the widget
 * raises itself (no widget on the product, a response of the wrong shape, a cart request that
 * failed) is a `WidgetError`, a `BookingApiError` of the typed client like those the client
 * throws, so one check reads them all; anything else thrown is a bug, reported as `internal`.
 * @module
 */
import { BookingApiError } from '../../client/errors/BookingApiError.ts';
import type { UnavailableItem } from '../../shared/errors.ts';

/** An error the widget itself raises, with the API's or the client's code. */
export class WidgetError extends BookingApiError {
  constructor(code: string, message: string) {
    super({ status: 0, code, message, method: '', url: '' });
    this.name = 'WidgetError';
    // No request to name: the sentence alone (BookingApiError prefixes method and URL).
    this.message = message;
  }
}

/** What went wrong with one request. */
export interface Failure {
  /** The API's error code (`unavailable`, `not_found`…) or the client's (`network_error`, `invalid_response`). */
  error: string;
  /** One sentence for a developer. */
  message: string;
  /** For a 409: the posted items with their status and the quantity left. */
  items?: UnavailableItem[];
}

/** The failure that `thrown` stands for. */
export function toFailure(thrown: unknown): Failure {
  if (!(thrown instanceof BookingApiError))
    return { error: 'internal', message: String((thrown as Error)?.message ?? thrown) };
  const items = thrown.details?.items;
  return {
    error: thrown.code,
    message: thrown.message,
    ...(thrown.code === 'unavailable' && { items: Array.isArray(items) ? (items as UnavailableItem[]) : [] }),
  };
}
