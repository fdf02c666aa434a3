/**
 * A failure as the widget keeps and reports it: the API's error code and message (API.md §4),
 * whatever was thrown (a client error, a malformed response, a bug), so the widget can show
 * it and dispatch `booking-widget:error` without ever throwing into the page.
 * @module
 */
import type { UnavailableItem } from '../../shared/errors.ts';

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
  const e = (thrown ?? {}) as { code?: unknown; message?: unknown; details?: { items?: unknown } };
  // The light requester's errors are the base class: a 409 is known by its code, not its class.
  const items = e.details?.items;
  return {
    error: typeof e.code === 'string' ? e.code : 'internal',
    message: typeof e.message === 'string' ? e.message : String(thrown),
    ...(e.code === 'unavailable' && { items: Array.isArray(items) ? (items as UnavailableItem[]) : [] }),
  };
}
