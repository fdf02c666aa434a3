/**
 * The merchant's occupancy view (GET /v1/occupancy, an extension; secret token).
 * @module
 */
import type { OccupancyDay, OccupancyParams } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

/** Every variant (or one) by day: capacity, held, booked, available, blackouts; at most 92 days. */
export function listOccupancy(
  requester: Requester,
  params: OccupancyParams,
  options: RequestOptions = {},
): ApiPromise<OccupancyDay[]> {
  return apiPromise(
    requester.request<OccupancyDay[]>({ ...options, method: 'GET', path: '/v1/occupancy', query: params }),
  );
}

/** The occupancy method bound to one requester (`client.occupancy`). */
export interface OccupancyResource {
  list(params: OccupancyParams, options?: RequestOptions): ApiPromise<OccupancyDay[]>;
}

/** The occupancy method bound to `requester`. */
export function occupancyResource(requester: Requester): OccupancyResource {
  return { list: (params, options) => listOccupancy(requester, params, options) };
}
