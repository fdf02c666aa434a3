/**
 * Reservations: timed holds of items against a cart token (seed §2.1, API.md §3).
 * Each method is also a standalone function taking a `Requester`.
 * @module
 */
import type { Reservation, ReservationCreateParams, ReservationListParams } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import { paginate } from '../core/paginate.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

const PATH = '/v1/reservations';

/** A reservation id: a number, or its digits as a string. */
export type ReservationId = number | string;

/** Query of GET /v1/reservations/{id}. */
export interface ReservationRetrieveParams {
  /** The reservation's cart token; a publishable token may read a reservation only with it. */
  cart_token?: string | undefined;
}

/** One page of reservations (GET /v1/reservations), newest first. A publishable token must filter by `cart_token`. */
export function listReservations(
  requester: Requester,
  params: ReservationListParams = {},
  options: RequestOptions = {},
): ApiPromise<Reservation[]> {
  return apiPromise(requester.request<Reservation[]>({ ...options, method: 'GET', path: PATH, query: params }));
}

/** Every reservation matching `params`, fetching pages as the loop needs them. */
export function iterateReservations(
  requester: Requester,
  params: ReservationListParams = {},
  options: RequestOptions = {},
): AsyncGenerator<Reservation, void, undefined> {
  return paginate<Reservation>(requester, PATH, params, options);
}

/** One reservation (GET /v1/reservations/{id}); the cart token travels as a query parameter. */
export function retrieveReservation(
  requester: Requester,
  id: ReservationId,
  params: ReservationRetrieveParams = {},
  options: RequestOptions = {},
): ApiPromise<Reservation> {
  const path = `${PATH}/${encodeURIComponent(id)}`;
  return apiPromise(requester.request<Reservation>({ ...options, method: 'GET', path, query: params }));
}

/**
 * Holds items for a cart (POST /v1/reservations): replaces that cart's items for the same
 * variants and renews the hold. All or nothing: `UnavailableError` (409) when any item does
 * not fit. Retried like a GET, because a repeat with the same cart token changes nothing more.
 * Use `.withResponse()` to read the server's `Date` for a countdown to `expires_at`.
 */
export function createReservation(
  requester: Requester,
  params: ReservationCreateParams,
  options: RequestOptions = {},
): ApiPromise<Reservation> {
  return apiPromise(
    requester.request<Reservation>({ ...options, method: 'POST', path: PATH, body: params, idempotent: true }),
  );
}

/**
 * Releases a hold at once (DELETE /v1/reservations/{id}, an extension): a publishable token
 * must pass `{ cart_token }`. `NotFoundError` when it is gone already.
 */
export function releaseReservation(
  requester: Requester,
  id: ReservationId,
  params: ReservationRetrieveParams = {},
  options: RequestOptions = {},
): ApiPromise<void> {
  return apiPromise(
    requester.request<void>({ ...options, method: 'DELETE', path: `${PATH}/${encodeURIComponent(id)}`, query: params }),
  );
}

/** The reservation methods bound to one requester (`client.reservations`). */
export interface ReservationsResource {
  /** One page of reservations, newest first. */
  list(params?: ReservationListParams, options?: RequestOptions): ApiPromise<Reservation[]>;
  /** Every reservation matching `params`, page by page, for `for await`. */
  iterate(params?: ReservationListParams, options?: RequestOptions): AsyncGenerator<Reservation, void, undefined>;
  /** One reservation by id; pass `{ cart_token }` when using a publishable token. */
  retrieve(id: ReservationId, params?: ReservationRetrieveParams, options?: RequestOptions): ApiPromise<Reservation>;
  /** Holds items for a cart; resolves to the whole reservation (201 created or 200 updated). */
  create(params: ReservationCreateParams, options?: RequestOptions): ApiPromise<Reservation>;
  /** Releases the hold at once; pass `{ cart_token }` when using a publishable token. */
  release(id: ReservationId, params?: ReservationRetrieveParams, options?: RequestOptions): ApiPromise<void>;
}

/**
 * The reservation methods bound to `requester`.
 *
 * @example
 * ```ts
 * const reservations = reservationsResource(requester);
 * const { data, response } = await reservations
 *   .create({ cart_token: 'cart-1', items: [{ external_id: 8001, start: '2026-12-01', quantity: 1 }] })
 *   .withResponse();
 * ```
 */
export function reservationsResource(requester: Requester): ReservationsResource {
  return {
    list: (params, options) => listReservations(requester, params, options),
    iterate: (params, options) => iterateReservations(requester, params, options),
    retrieve: (id, params, options) => retrieveReservation(requester, id, params, options),
    create: (params, options) => createReservation(requester, params, options),
    release: (id, params, options) => releaseReservation(requester, id, params, options),
  };
}
