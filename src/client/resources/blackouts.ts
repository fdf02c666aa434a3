/**
 * Blackouts: periods in which nothing can be held or booked (API.md §2, §3).
 * Each method is also a standalone function taking a `Requester`, so a bundle keeps only the
 * ones it imports.
 * @module
 */
import type { Blackout, BlackoutCreateParams, BlackoutListParams, BlackoutUpdateParams } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import { paginate } from '../core/paginate.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

const PATH = '/v1/blackouts';

/** A blackout id: a number, or its digits as a string. */
export type BlackoutId = number | string;

function blackoutPath(id: BlackoutId): string {
  return `${PATH}/${encodeURIComponent(id)}`;
}

/** One page of blackouts (GET /v1/blackouts), ordered by `starts_at`. */
export function listBlackouts(
  requester: Requester,
  params: BlackoutListParams = {},
  options: RequestOptions = {},
): ApiPromise<Blackout[]> {
  return apiPromise(requester.request<Blackout[]>({ ...options, method: 'GET', path: PATH, query: params }));
}

/** Every blackout matching `params`, fetching pages as the loop needs them. */
export function iterateBlackouts(
  requester: Requester,
  params: BlackoutListParams = {},
  options: RequestOptions = {},
): AsyncGenerator<Blackout, void, undefined> {
  return paginate<Blackout>(requester, PATH, params, options);
}

/** One blackout (GET /v1/blackouts/{id}); `NotFoundError` when it is not this shop's. */
export function retrieveBlackout(
  requester: Requester,
  id: BlackoutId,
  options: RequestOptions = {},
): ApiPromise<Blackout> {
  return apiPromise(requester.request<Blackout>({ ...options, method: 'GET', path: blackoutPath(id) }));
}

/** Creates a blackout (POST /v1/blackouts, an extension). Never retried: a replay would create two. */
export function createBlackout(
  requester: Requester,
  params: BlackoutCreateParams,
  options: RequestOptions = {},
): ApiPromise<Blackout> {
  return apiPromise(requester.request<Blackout>({ ...options, method: 'POST', path: PATH, body: params }));
}

/** Changes some fields of a blackout (PUT /v1/blackouts/{id}, an extension). Never retried. */
export function updateBlackout(
  requester: Requester,
  id: BlackoutId,
  params: BlackoutUpdateParams,
  options: RequestOptions = {},
): ApiPromise<Blackout> {
  return apiPromise(requester.request<Blackout>({ ...options, method: 'PUT', path: blackoutPath(id), body: params }));
}

/** Deletes a blackout (DELETE /v1/blackouts/{id}); holds and bookings already made stay. */
export function deleteBlackout(requester: Requester, id: BlackoutId, options: RequestOptions = {}): ApiPromise<void> {
  return apiPromise(requester.request<void>({ ...options, method: 'DELETE', path: blackoutPath(id) }));
}

/** The blackout methods bound to one requester (`client.blackouts`). */
export interface BlackoutsResource {
  /** One page of blackouts, ordered by `starts_at`. */
  list(params?: BlackoutListParams, options?: RequestOptions): ApiPromise<Blackout[]>;
  /** Every blackout matching `params`, page by page, for `for await`. */
  iterate(params?: BlackoutListParams, options?: RequestOptions): AsyncGenerator<Blackout, void, undefined>;
  /** One blackout by id. */
  retrieve(id: BlackoutId, options?: RequestOptions): ApiPromise<Blackout>;
  /** Creates a blackout (secret token). */
  create(params: BlackoutCreateParams, options?: RequestOptions): ApiPromise<Blackout>;
  /** Changes some fields of a blackout (secret token). */
  update(id: BlackoutId, params: BlackoutUpdateParams, options?: RequestOptions): ApiPromise<Blackout>;
  /** Deletes a blackout (secret token); resolves once the service has answered 204. */
  delete(id: BlackoutId, options?: RequestOptions): ApiPromise<void>;
}

/**
 * The blackout methods bound to `requester`.
 *
 * @example
 * ```ts
 * const blackouts = blackoutsResource(createRequester({ baseUrl, token: 'sk_test_harbour' }));
 * for await (const blackout of blackouts.iterate({ vendor: 'Harbour' })) console.log(blackout.title);
 * ```
 */
export function blackoutsResource(requester: Requester): BlackoutsResource {
  return {
    list: (params, options) => listBlackouts(requester, params, options),
    iterate: (params, options) => iterateBlackouts(requester, params, options),
    retrieve: (id, options) => retrieveBlackout(requester, id, options),
    create: (params, options) => createBlackout(requester, params, options),
    update: (id, params, options) => updateBlackout(requester, id, params, options),
    delete: (id, options) => deleteBlackout(requester, id, options),
  };
}
