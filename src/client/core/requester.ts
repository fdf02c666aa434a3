import { BookingApiError } from '../errors/BookingApiError.ts';
import { errorFromInit } from '../errors/error-from-response.ts';
import { createBaseRequester } from './base-requester.ts';
import type { ClientOptions, Requester } from './types.ts';

export { DEFAULT_TIMEOUT_MS } from './base-requester.ts';

/**
 * A requester: the small core that the operation functions call (`booking-widget/client/internal`,
 * unstable); `createClient` builds one for its resources. Each failure is the error class of its status
 * family (`UnavailableError` for a 409, …), as the type guards expect.
 *
 * @example
 * ```ts
 * const requester = createRequester({ baseUrl: 'https://bookings.example', token: 'pk_live_…', tokenInQuery: true });
 * const widgets = await listWidgets(requester, { external_product_id: 7001 });
 * ```
 */
export function createRequester(options: ClientOptions): Requester {
  return createBaseRequester(options, errorFromInit);
}

/**
 * A requester for a storefront bundle that counts its bytes (the widget): the same requests,
 * deadlines and retries as `createRequester`, but every failure is a plain `BookingApiError`,
 * so none of the subclasses is bundled. Read `status`, `code` (`"unavailable"`,
 * `"network_error"`, `"timeout"`, `"invalid_response"`, …) and `details`; a 429's or 5xx's
 * `retryAfterMs` is on it too. `isBookingApiError` holds for these errors; the family guards
 * (`isUnavailableError`, …) do not: test `code` instead.
 *
 * @example
 * ```ts
 * const requester = createLightRequester({ baseUrl: 'https://bookings.example', token: 'pk_live_…', tokenInQuery: true });
 * try {
 *   await createReservation(requester, params);
 * } catch (error) {
 *   if (isBookingApiError(error) && error.code === 'unavailable') console.log(error.details?.items);
 * }
 * ```
 */
export function createLightRequester(options: ClientOptions): Requester {
  return createBaseRequester(options, (init) =>
    Object.assign(new BookingApiError(init), { retryAfterMs: init.retryAfterMs }),
  );
}
