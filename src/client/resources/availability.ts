/**
 * Availability of a variant, day by day (GET /v1/availability, an extension), so a calendar
 * can grey out sold-out days as well as blacked-out ones.
 * @module
 */
import type { AvailabilityDay, AvailabilityParams } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

/** One entry per day from `start` up to (not including) `finish`; at most 366 days. Not paginated. */
export function listAvailability(
  requester: Requester,
  params: AvailabilityParams,
  options: RequestOptions = {},
): ApiPromise<AvailabilityDay[]> {
  return apiPromise(
    requester.request<AvailabilityDay[]>({ ...options, method: 'GET', path: '/v1/availability', query: params }),
  );
}

/** The availability methods bound to one requester (`client.availability`). */
export interface AvailabilityResource {
  /** One entry per day of the period, with the units left and the day's status. */
  list(params: AvailabilityParams, options?: RequestOptions): ApiPromise<AvailabilityDay[]>;
}

/** The availability methods bound to `requester`. */
export function availabilityResource(requester: Requester): AvailabilityResource {
  return { list: (params, options) => listAvailability(requester, params, options) };
}
