/**
 * Bookings: create (POST /v1/bookings, seed §2.4) and, extensions with a secret token, list,
 * retrieve, update (move or change: PATCH /v1/bookings/{id}) and cancel.
 * @module
 */
import type { Booking, BookingCreateParams, BookingListParams, BookingUpdateParams } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import { paginate } from '../core/paginate.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

/** Options of `bookings.create`. */
export interface BookingCreateOptions extends RequestOptions {
  /**
   * Sent as the `Idempotency-Key` header so the service creates one booking however often the
   * request is retried. Give your own (e.g. your order id) to make a retry after a crash safe
   * too; `null` sends none, and then the request is never retried.
   * @default a new crypto.randomUUID() per call (none where the platform lacks it, e.g. an http: page)
   */
  idempotencyKey?: string | null | undefined;
}

/** A fresh idempotency key, or undefined where `crypto.randomUUID` is missing (insecure browser contexts). */
function newIdempotencyKey(): string | undefined {
  return typeof globalThis.crypto?.randomUUID === 'function' ? globalThis.crypto.randomUUID() : undefined;
}

/**
 * Creates a booking. `UnavailableError` (409) when it does not fit. Retried only when it
 * carries an `Idempotency-Key`, which it does unless the caller passes `idempotencyKey: null`.
 */
export function createBooking(
  requester: Requester,
  params: BookingCreateParams,
  options: BookingCreateOptions = {},
): ApiPromise<Booking> {
  const { idempotencyKey, ...rest } = options;
  return apiPromise(
    requester.request<Booking>({
      ...rest,
      method: 'POST',
      path: '/v1/bookings',
      body: params,
      idempotencyKey: idempotencyKey === null ? undefined : (idempotencyKey ?? newIdempotencyKey()),
    }),
  );
}

/** One page of bookings (GET /v1/bookings), by start. */
export function listBookings(
  requester: Requester,
  params: BookingListParams = {},
  options: RequestOptions = {},
): ApiPromise<Booking[]> {
  return apiPromise(requester.request<Booking[]>({ ...options, method: 'GET', path: '/v1/bookings', query: params }));
}

/** Every booking matching `params`, page by page. */
export function iterateBookings(
  requester: Requester,
  params: BookingListParams = {},
  options: RequestOptions = {},
): AsyncGenerator<Booking, void, undefined> {
  return paginate<Booking>(requester, '/v1/bookings', params, options);
}

/** One booking. */
export function retrieveBooking(
  requester: Requester,
  id: number | string,
  options: RequestOptions = {},
): ApiPromise<Booking> {
  return apiPromise(
    requester.request<Booking>({ ...options, method: 'GET', path: `/v1/bookings/${encodeURIComponent(id)}` }),
  );
}

/**
 * Moves or changes a booking (PATCH /v1/bookings/{id}): the fields given replace its own.
 * `UnavailableError` (409, `unavailable`) when the change does not fit, with the reason in
 * words in its message; a 409 `booking_cancelled` for a cancelled booking. The same body
 * answers the same however often it is sent, so it is retried.
 */
export function updateBooking(
  requester: Requester,
  id: number | string,
  params: BookingUpdateParams,
  options: RequestOptions = {},
): ApiPromise<Booking> {
  return apiPromise(
    requester.request<Booking>({
      ...options,
      method: 'PATCH',
      path: `/v1/bookings/${encodeURIComponent(id)}`,
      body: params,
      idempotent: true,
    }),
  );
}

/** POSTs an action on booking `id` (`cancel`, `refunded`): no body, and idempotent, so retried. */
function bookingAction(
  requester: Requester,
  id: number | string,
  action: 'cancel' | 'refunded',
  options: RequestOptions,
): ApiPromise<Booking> {
  return apiPromise(
    requester.request<Booking>({
      ...options,
      method: 'POST',
      path: `/v1/bookings/${encodeURIComponent(id)}/${action}`,
      idempotent: true,
    }),
  );
}

/** Cancels a booking, freeing its units; cancelling again answers the same, so it is retried. */
export function cancelBooking(
  requester: Requester,
  id: number | string,
  options: RequestOptions = {},
): ApiPromise<Booking> {
  return bookingAction(requester, id, 'cancel', options);
}

/**
 * Marks made the refund owed after a customer cancelled a Shopify order's booking with their
 * manage link (`refund_due`); marking again answers the same, so it is retried.
 */
export function markBookingRefunded(
  requester: Requester,
  id: number | string,
  options: RequestOptions = {},
): ApiPromise<Booking> {
  return bookingAction(requester, id, 'refunded', options);
}

/** The booking methods bound to one requester (`client.bookings`). */
export interface BookingsResource {
  /** Creates a booking; resolves to it once the service has answered 201. */
  create(params: BookingCreateParams, options?: BookingCreateOptions): ApiPromise<Booking>;
  list(params?: BookingListParams, options?: RequestOptions): ApiPromise<Booking[]>;
  iterate(params?: BookingListParams, options?: RequestOptions): AsyncGenerator<Booking, void, undefined>;
  retrieve(id: number | string, options?: RequestOptions): ApiPromise<Booking>;
  /** Moves or changes a booking; resolves to it as changed. */
  update(id: number | string, params: BookingUpdateParams, options?: RequestOptions): ApiPromise<Booking>;
  cancel(id: number | string, options?: RequestOptions): ApiPromise<Booking>;
  /** Marks a customer's cancellation refunded (`refund_due` to false, `refunded_at` set). */
  markRefunded(id: number | string, options?: RequestOptions): ApiPromise<Booking>;
}

/** The booking methods bound to `requester`. */
export function bookingsResource(requester: Requester): BookingsResource {
  return {
    create: (params, options) => createBooking(requester, params, options),
    list: (params, options) => listBookings(requester, params, options),
    iterate: (params, options) => iterateBookings(requester, params, options),
    retrieve: (id, options) => retrieveBooking(requester, id, options),
    update: (id, params, options) => updateBooking(requester, id, params, options),
    cancel: (id, options) => cancelBooking(requester, id, options),
    markRefunded: (id, options) => markBookingRefunded(requester, id, options),
  };
}
