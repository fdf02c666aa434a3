/**
 * The shop's resources (an extension; secret token): the people and things its products share,
 * a guide, a boat's seats, a fleet of kayaks. A variant draws on them through its `requirements`,
 * read and written with the variant (`client.variants`). Each method is also a standalone
 * function taking a `Requester`.
 * @module
 */
import type {
  ResourceCreateParams,
  ResourceListParams,
  ResourceRecord,
  ResourceUpdateParams,
} from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import { paginate } from '../core/paginate.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

const PATH = '/v1/resources';

/** An id: a number, or its digits as a string. */
export type ResourceId = number | string;

const resourcePath = (id: ResourceId) => `${PATH}/${encodeURIComponent(id)}`;

/** One page of the shop's resources (GET /v1/resources), by name. */
export function listResources(
  requester: Requester,
  params: ResourceListParams = {},
  options: RequestOptions = {},
): ApiPromise<ResourceRecord[]> {
  return apiPromise(requester.request<ResourceRecord[]>({ ...options, method: 'GET', path: PATH, query: params }));
}

/** Every resource matching `params`, page by page. */
export function iterateResources(
  requester: Requester,
  params: ResourceListParams = {},
  options: RequestOptions = {},
): AsyncGenerator<ResourceRecord, void, undefined> {
  return paginate<ResourceRecord>(requester, PATH, params, options);
}

/** One resource. */
export function retrieveResource(
  requester: Requester,
  id: ResourceId,
  options: RequestOptions = {},
): ApiPromise<ResourceRecord> {
  return apiPromise(requester.request<ResourceRecord>({ ...options, method: 'GET', path: resourcePath(id) }));
}

/** Creates a resource (names are unique in a shop: `ValidationError` else). Never retried. */
export function createResource(
  requester: Requester,
  params: ResourceCreateParams,
  options: RequestOptions = {},
): ApiPromise<ResourceRecord> {
  return apiPromise(requester.request<ResourceRecord>({ ...options, method: 'POST', path: PATH, body: params }));
}

/** Changes the fields given; fewer `units` than a variant's requirement uses of it is a `ValidationError`. */
export function updateResource(
  requester: Requester,
  id: ResourceId,
  params: ResourceUpdateParams,
  options: RequestOptions = {},
): ApiPromise<ResourceRecord> {
  return apiPromise(
    requester.request<ResourceRecord>({ ...options, method: 'PUT', path: resourcePath(id), body: params }),
  );
}

/**
 * Deletes a resource with its blackouts; 409 `in_use` while a variant's requirement names it or
 * a booking ahead holds its units (`details.variant_ids`, `details.booking_ids`).
 */
export function deleteResource(requester: Requester, id: ResourceId, options: RequestOptions = {}): ApiPromise<void> {
  return apiPromise(requester.request<void>({ ...options, method: 'DELETE', path: resourcePath(id) }));
}

/** The resource methods bound to one requester (`client.resources`). */
export interface ResourcesResource {
  list(params?: ResourceListParams, options?: RequestOptions): ApiPromise<ResourceRecord[]>;
  iterate(params?: ResourceListParams, options?: RequestOptions): AsyncGenerator<ResourceRecord, void, undefined>;
  retrieve(id: ResourceId, options?: RequestOptions): ApiPromise<ResourceRecord>;
  create(params: ResourceCreateParams, options?: RequestOptions): ApiPromise<ResourceRecord>;
  update(id: ResourceId, params: ResourceUpdateParams, options?: RequestOptions): ApiPromise<ResourceRecord>;
  delete(id: ResourceId, options?: RequestOptions): ApiPromise<void>;
}

/** The resource methods bound to `requester`. */
export function resourcesResource(requester: Requester): ResourcesResource {
  return {
    list: (params, options) => listResources(requester, params, options),
    iterate: (params, options) => iterateResources(requester, params, options),
    retrieve: (id, options) => retrieveResource(requester, id, options),
    create: (params, options) => createResource(requester, params, options),
    update: (id, params, options) => updateResource(requester, id, params, options),
    delete: (id, options) => deleteResource(requester, id, options),
  };
}
