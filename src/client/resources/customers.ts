/**
 * The shop's customers (extensions; secret token): GET /v1/customers, one per email, made and
 * renamed by the bookings that name them, and GET /v1/customers/{id} with their bookings.
 * @module
 */
import type { CustomerListParams, CustomerRecord, CustomerWithBookings } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import { paginate } from '../core/paginate.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

/** One page of customers (GET /v1/customers), by name; `q` finds by name, email or phone. */
export function listCustomers(
  requester: Requester,
  params: CustomerListParams = {},
  options: RequestOptions = {},
): ApiPromise<CustomerRecord[]> {
  return apiPromise(
    requester.request<CustomerRecord[]>({ ...options, method: 'GET', path: '/v1/customers', query: params }),
  );
}

/** Every customer matching `params`, page by page. */
export function iterateCustomers(
  requester: Requester,
  params: CustomerListParams = {},
  options: RequestOptions = {},
): AsyncGenerator<CustomerRecord, void, undefined> {
  return paginate<CustomerRecord>(requester, '/v1/customers', params, options);
}

/** One customer with their bookings by start. */
export function retrieveCustomer(
  requester: Requester,
  id: number | string,
  options: RequestOptions = {},
): ApiPromise<CustomerWithBookings> {
  return apiPromise(
    requester.request<CustomerWithBookings>({
      ...options,
      method: 'GET',
      path: `/v1/customers/${encodeURIComponent(id)}`,
    }),
  );
}

/** The customer methods bound to one requester (`client.customers`). */
export interface CustomersResource {
  list(params?: CustomerListParams, options?: RequestOptions): ApiPromise<CustomerRecord[]>;
  iterate(params?: CustomerListParams, options?: RequestOptions): AsyncGenerator<CustomerRecord, void, undefined>;
  retrieve(id: number | string, options?: RequestOptions): ApiPromise<CustomerWithBookings>;
}

/** The customer methods bound to `requester`. */
export function customersResource(requester: Requester): CustomersResource {
  return {
    list: (params, options) => listCustomers(requester, params, options),
    iterate: (params, options) => iterateCustomers(requester, params, options),
    retrieve: (id, options) => retrieveCustomer(requester, id, options),
  };
}
