/**
 * Products and their variants (an extension; secret token): the catalogue the service books.
 * Each method is also a standalone function taking a `Requester`.
 * @module
 */
import type {
  Misfit,
  PageParams,
  Product,
  ProductCreateParams,
  ProductListParams,
  ProductUpdateParams,
  ScheduleParams,
  Variant,
  VariantCreateParams,
  VariantUpdateParams,
} from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import { paginate } from '../core/paginate.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

const PATH = '/v1/products';
const VARIANTS = '/v1/variants';

/** An id: a number, or its digits as a string. */
export type CatalogId = number | string;

const productPath = (id: CatalogId) => `${PATH}/${encodeURIComponent(id)}`;
const variantPath = (id: CatalogId) => `${VARIANTS}/${encodeURIComponent(id)}`;

/** One page of products (GET /v1/products), by id, each with its variants. */
export function listProducts(
  requester: Requester,
  params: ProductListParams = {},
  options: RequestOptions = {},
): ApiPromise<Product[]> {
  return apiPromise(requester.request<Product[]>({ ...options, method: 'GET', path: PATH, query: params }));
}

/** Every product matching `params`, page by page. */
export function iterateProducts(
  requester: Requester,
  params: ProductListParams = {},
  options: RequestOptions = {},
): AsyncGenerator<Product, void, undefined> {
  return paginate<Product>(requester, PATH, params, options);
}

/** One product with its variants. */
export function retrieveProduct(
  requester: Requester,
  id: CatalogId,
  options: RequestOptions = {},
): ApiPromise<Product> {
  return apiPromise(requester.request<Product>({ ...options, method: 'GET', path: productPath(id) }));
}

/** Creates a product, with its variants if given (all or nothing). Never retried. */
export function createProduct(
  requester: Requester,
  params: ProductCreateParams,
  options: RequestOptions = {},
): ApiPromise<Product> {
  return apiPromise(requester.request<Product>({ ...options, method: 'POST', path: PATH, body: params }));
}

/** Changes a product's title, vendor, location or platform id. */
export function updateProduct(
  requester: Requester,
  id: CatalogId,
  params: ProductUpdateParams,
  options: RequestOptions = {},
): ApiPromise<Product> {
  return apiPromise(requester.request<Product>({ ...options, method: 'PUT', path: productPath(id), body: params }));
}

/** Deletes a product and its variants; `UnavailableError` (409, `in_use`) while holds or bookings refer to them. */
export function deleteProduct(requester: Requester, id: CatalogId, options: RequestOptions = {}): ApiPromise<void> {
  return apiPromise(requester.request<void>({ ...options, method: 'DELETE', path: productPath(id) }));
}

/** Adds a variant to a product. Never retried. */
export function createVariant(
  requester: Requester,
  productId: CatalogId,
  params: VariantCreateParams,
  options: RequestOptions = {},
): ApiPromise<Variant> {
  return apiPromise(
    requester.request<Variant>({
      ...options,
      method: 'POST',
      path: `${productPath(productId)}/variants`,
      body: params,
    }),
  );
}

/** One variant. */
export function retrieveVariant(
  requester: Requester,
  id: CatalogId,
  options: RequestOptions = {},
): ApiPromise<Variant> {
  return apiPromise(requester.request<Variant>({ ...options, method: 'GET', path: variantPath(id) }));
}

/** Changes a variant's title, capacity, platform id or schedule (`schedule: null`: booked by days again). */
export function updateVariant(
  requester: Requester,
  id: CatalogId,
  params: VariantUpdateParams,
  options: RequestOptions = {},
): ApiPromise<Variant> {
  return apiPromise(requester.request<Variant>({ ...options, method: 'PUT', path: variantPath(id), body: params }));
}

/**
 * One page of the variant's live holds and coming bookings that no longer fit its schedule (GET
 * /v1/variants/{id}/misfits), by start. Nothing in it was changed: the merchant decides.
 */
export function listVariantMisfits(
  requester: Requester,
  id: CatalogId,
  params: PageParams = {},
  options: RequestOptions = {},
): ApiPromise<Misfit[]> {
  return apiPromise(
    requester.request<Misfit[]>({ ...options, method: 'GET', path: `${variantPath(id)}/misfits`, query: params }),
  );
}

/**
 * A dry run of a schedule (POST /v1/variants/{id}/misfits): one page of the variant's live holds
 * and coming bookings that `schedule` (null: booked by days) would not fit. Nothing is written;
 * a bad schedule is the 422 a PUT of it would be, at the same field paths.
 */
export function checkVariantMisfits(
  requester: Requester,
  id: CatalogId,
  schedule: ScheduleParams | null,
  params: PageParams = {},
  options: RequestOptions = {},
): ApiPromise<Misfit[]> {
  return apiPromise(
    requester.request<Misfit[]>({
      ...options,
      method: 'POST',
      path: `${variantPath(id)}/misfits`,
      query: params,
      body: { schedule },
    }),
  );
}

/** Deletes a variant; 409 `in_use` while holds or bookings refer to it. */
export function deleteVariant(requester: Requester, id: CatalogId, options: RequestOptions = {}): ApiPromise<void> {
  return apiPromise(requester.request<void>({ ...options, method: 'DELETE', path: variantPath(id) }));
}

/** The product methods bound to one requester (`client.products`). */
export interface ProductsResource {
  list(params?: ProductListParams, options?: RequestOptions): ApiPromise<Product[]>;
  iterate(params?: ProductListParams, options?: RequestOptions): AsyncGenerator<Product, void, undefined>;
  retrieve(id: CatalogId, options?: RequestOptions): ApiPromise<Product>;
  create(params: ProductCreateParams, options?: RequestOptions): ApiPromise<Product>;
  update(id: CatalogId, params: ProductUpdateParams, options?: RequestOptions): ApiPromise<Product>;
  delete(id: CatalogId, options?: RequestOptions): ApiPromise<void>;
  /** Adds a variant to the product `productId`. */
  createVariant(productId: CatalogId, params: VariantCreateParams, options?: RequestOptions): ApiPromise<Variant>;
}

/** The variant methods bound to one requester (`client.variants`). */
export interface VariantsResource {
  retrieve(id: CatalogId, options?: RequestOptions): ApiPromise<Variant>;
  update(id: CatalogId, params: VariantUpdateParams, options?: RequestOptions): ApiPromise<Variant>;
  delete(id: CatalogId, options?: RequestOptions): ApiPromise<void>;
  /** The live holds and coming bookings that no longer fit the variant's schedule. */
  misfits(id: CatalogId, params?: PageParams, options?: RequestOptions): ApiPromise<Misfit[]>;
  /** What a proposed schedule would leave outside it (a dry run; nothing is written). */
  checkMisfits(
    id: CatalogId,
    schedule: ScheduleParams | null,
    params?: PageParams,
    options?: RequestOptions,
  ): ApiPromise<Misfit[]>;
}

/** The product methods bound to `requester`. */
export function productsResource(requester: Requester): ProductsResource {
  return {
    list: (params, options) => listProducts(requester, params, options),
    iterate: (params, options) => iterateProducts(requester, params, options),
    retrieve: (id, options) => retrieveProduct(requester, id, options),
    create: (params, options) => createProduct(requester, params, options),
    update: (id, params, options) => updateProduct(requester, id, params, options),
    delete: (id, options) => deleteProduct(requester, id, options),
    createVariant: (productId, params, options) => createVariant(requester, productId, params, options),
  };
}

/** The variant methods bound to `requester`. */
export function variantsResource(requester: Requester): VariantsResource {
  return {
    retrieve: (id, options) => retrieveVariant(requester, id, options),
    update: (id, params, options) => updateVariant(requester, id, params, options),
    delete: (id, options) => deleteVariant(requester, id, options),
    misfits: (id, params, options) => listVariantMisfits(requester, id, params, options),
    checkMisfits: (id, schedule, params, options) => checkVariantMisfits(requester, id, schedule, params, options),
  };
}
