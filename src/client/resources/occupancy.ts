/**
 * The merchant's occupancy view (GET /v1/occupancy and /v1/occupancy/slots, extensions; secret token).
 * @module
 */
import type { OccupancyDay, OccupancyParams, OccupancySlot, OccupancySlotsParams } from '../../shared/index.ts';
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

/** A slot variant's slots on one local day with the units booked, held and left. */
export function listSlotOccupancy(
  requester: Requester,
  params: OccupancySlotsParams,
  options: RequestOptions = {},
): ApiPromise<OccupancySlot[]> {
  return apiPromise(
    requester.request<OccupancySlot[]>({ ...options, method: 'GET', path: '/v1/occupancy/slots', query: params }),
  );
}

/** The occupancy methods bound to one requester (`client.occupancy`). */
export interface OccupancyResource {
  list(params: OccupancyParams, options?: RequestOptions): ApiPromise<OccupancyDay[]>;
  /** One slot variant's day, slot by slot. */
  slots(params: OccupancySlotsParams, options?: RequestOptions): ApiPromise<OccupancySlot[]>;
}

/** The occupancy methods bound to `requester`. */
export function occupancyResource(requester: Requester): OccupancyResource {
  return {
    list: (params, options) => listOccupancy(requester, params, options),
    slots: (params, options) => listSlotOccupancy(requester, params, options),
  };
}
