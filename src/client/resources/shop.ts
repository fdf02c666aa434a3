/**
 * The shop's own settings (an extension; secret token): its name, zone, locale and Shopify
 * settings, read and changed without a file to edit. And its locations.
 * @module
 */
import type { LocationParams, LocationRecord, ShopRecord, ShopUpdateParams } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

/** The shop of the token (the Shopify API secret never shows: only whether it is set). */
export function retrieveShop(requester: Requester, options: RequestOptions = {}): ApiPromise<ShopRecord> {
  return apiPromise(requester.request<ShopRecord>({ ...options, method: 'GET', path: '/v1/shop' }));
}

/**
 * Changes any of the shop's fields; resolves to the shop as stored. A zone change moves no
 * stored instant: days are judged in the new zone from the next request on.
 */
export function updateShop(
  requester: Requester,
  params: ShopUpdateParams,
  options: RequestOptions = {},
): ApiPromise<ShopRecord> {
  return apiPromise(requester.request<ShopRecord>({ ...options, method: 'PUT', path: '/v1/shop', body: params }));
}

/** The shop methods bound to one requester (`client.shop`). */
export interface ShopResource {
  retrieve(options?: RequestOptions): ApiPromise<ShopRecord>;
  update(params: ShopUpdateParams, options?: RequestOptions): ApiPromise<ShopRecord>;
}

/** The shop methods bound to `requester`. */
export function shopResource(requester: Requester): ShopResource {
  return {
    retrieve: (options) => retrieveShop(requester, options),
    update: (params, options) => updateShop(requester, params, options),
  };
}

const LOCATIONS = '/v1/locations';

/** Every location of the shop, by name. */
export function listLocations(requester: Requester, options: RequestOptions = {}): ApiPromise<LocationRecord[]> {
  return apiPromise(requester.request<LocationRecord[]>({ ...options, method: 'GET', path: LOCATIONS }));
}

/** Creates a location (names are unique in a shop: 422 else). */
export function createLocation(
  requester: Requester,
  params: LocationParams,
  options: RequestOptions = {},
): ApiPromise<LocationRecord> {
  return apiPromise(requester.request<LocationRecord>({ ...options, method: 'POST', path: LOCATIONS, body: params }));
}

/** Renames a location. */
export function updateLocation(
  requester: Requester,
  id: number | string,
  params: LocationParams,
  options: RequestOptions = {},
): ApiPromise<LocationRecord> {
  return apiPromise(
    requester.request<LocationRecord>({
      ...options,
      method: 'PUT',
      path: `${LOCATIONS}/${encodeURIComponent(id)}`,
      body: params,
    }),
  );
}

/** Deletes a location; 409 `in_use` while a product or blackout names it. */
export function deleteLocation(
  requester: Requester,
  id: number | string,
  options: RequestOptions = {},
): ApiPromise<void> {
  return apiPromise(
    requester.request<void>({ ...options, method: 'DELETE', path: `${LOCATIONS}/${encodeURIComponent(id)}` }),
  );
}

/** The location methods bound to one requester (`client.locations`). */
export interface LocationsResource {
  list(options?: RequestOptions): ApiPromise<LocationRecord[]>;
  create(params: LocationParams, options?: RequestOptions): ApiPromise<LocationRecord>;
  update(id: number | string, params: LocationParams, options?: RequestOptions): ApiPromise<LocationRecord>;
  delete(id: number | string, options?: RequestOptions): ApiPromise<void>;
}

/** The location methods bound to `requester`. */
export function locationsResource(requester: Requester): LocationsResource {
  return {
    list: (options) => listLocations(requester, options),
    create: (params, options) => createLocation(requester, params, options),
    update: (id, params, options) => updateLocation(requester, id, params, options),
    delete: (id, options) => deleteLocation(requester, id, options),
  };
}
