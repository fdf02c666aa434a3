/**
 * The Shopify order lines the service could not book as paid (GET /v1/shopify/conflicts, an
 * extension; secret token): lines that paid less than their hold or found it sold out, and
 * notes beside lines booked although they paid more.
 * @module
 */
import type { PageParams, ShopifyConflict } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

/** One page of the shop's conflicts, newest first. */
export function listShopifyConflicts(
  requester: Requester,
  params: PageParams = {},
  options: RequestOptions = {},
): ApiPromise<ShopifyConflict[]> {
  return apiPromise(
    requester.request<ShopifyConflict[]>({ ...options, method: 'GET', path: '/v1/shopify/conflicts', query: params }),
  );
}

/** The Shopify methods bound to one requester (`client.shopify`). */
export interface ShopifyResource {
  conflicts(params?: PageParams, options?: RequestOptions): ApiPromise<ShopifyConflict[]>;
}

/** The Shopify methods bound to `requester`. */
export function shopifyResource(requester: Requester): ShopifyResource {
  return { conflicts: (params, options) => listShopifyConflicts(requester, params, options) };
}
