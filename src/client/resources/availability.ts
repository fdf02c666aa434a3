/**
 * Availability of a variant, day by day (GET /v1/availability, an extension), so a calendar
 * can grey out sold-out days as well as blacked-out ones; and a slot variant's times of day
 * (GET /v1/slots, SLOTS.md §2).
 * @module
 */
import type { AvailabilityDay, AvailabilityParams, SlotsByDate, SlotsParams } from '../../shared/index.ts';
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

/**
 * A slot variant's times of day by local date, from `start` up to (not including) `finish`; at
 * most 62 days. Every date is a key (an empty list on a closed day). Not paginated.
 */
export function listSlots(
  requester: Requester,
  params: SlotsParams,
  options: RequestOptions = {},
): ApiPromise<SlotsByDate> {
  return apiPromise(requester.request<SlotsByDate>({ ...options, method: 'GET', path: '/v1/slots', query: params }));
}

/** The availability methods bound to one requester (`client.availability`). */
export interface AvailabilityResource {
  /**
   * One entry per day of the period, with the units left and the day's status; a slot
   * variant's days add `slots_available`.
   */
  list(params: AvailabilityParams, options?: RequestOptions): ApiPromise<AvailabilityDay[]>;
  /** A slot variant's times of day by local date, each with the units left and its status. */
  slots(params: SlotsParams, options?: RequestOptions): ApiPromise<SlotsByDate>;
}

/** The availability methods bound to `requester`. */
export function availabilityResource(requester: Requester): AvailabilityResource {
  return {
    list: (params, options) => listAvailability(requester, params, options),
    slots: (params, options) => listSlots(requester, params, options),
  };
}
