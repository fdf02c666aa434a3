/**
 * Widgets: the booking forms placed on products (API.md §2).
 * @module
 */
import type { Widget, WidgetCreateParams, WidgetListParams, WidgetUpdateParams } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import { paginate } from '../core/paginate.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

const PATH = '/v1/widgets';

/** One page of widgets (GET /v1/widgets), optionally those on one platform product. */
export function listWidgets(
  requester: Requester,
  params: WidgetListParams = {},
  options: RequestOptions = {},
): ApiPromise<Widget[]> {
  return apiPromise(requester.request<Widget[]>({ ...options, method: 'GET', path: PATH, query: params }));
}

/** Every widget matching `params`, fetching pages as the loop needs them. */
export function iterateWidgets(
  requester: Requester,
  params: WidgetListParams = {},
  options: RequestOptions = {},
): AsyncGenerator<Widget, void, undefined> {
  return paginate<Widget>(requester, PATH, params, options);
}

const widgetPath = (id: number | string) => `${PATH}/${encodeURIComponent(id)}`;

/** One widget (GET /v1/widgets/{id}, an extension). */
export function retrieveWidget(
  requester: Requester,
  id: number | string,
  options: RequestOptions = {},
): ApiPromise<Widget> {
  return apiPromise(requester.request<Widget>({ ...options, method: 'GET', path: widgetPath(id) }));
}

/** Creates a widget (an extension; secret token). Never retried. */
export function createWidget(
  requester: Requester,
  params: WidgetCreateParams,
  options: RequestOptions = {},
): ApiPromise<Widget> {
  return apiPromise(requester.request<Widget>({ ...options, method: 'POST', path: PATH, body: params }));
}

/** Changes a widget: settings merge key by key, a product list replaces (secret token). */
export function updateWidget(
  requester: Requester,
  id: number | string,
  params: WidgetUpdateParams,
  options: RequestOptions = {},
): ApiPromise<Widget> {
  return apiPromise(requester.request<Widget>({ ...options, method: 'PUT', path: widgetPath(id), body: params }));
}

/** Deletes a widget (secret token). */
export function deleteWidget(
  requester: Requester,
  id: number | string,
  options: RequestOptions = {},
): ApiPromise<void> {
  return apiPromise(requester.request<void>({ ...options, method: 'DELETE', path: widgetPath(id) }));
}

/** The widget methods bound to one requester (`client.widgets`). */
export interface WidgetsResource {
  retrieve(id: number | string, options?: RequestOptions): ApiPromise<Widget>;
  create(params: WidgetCreateParams, options?: RequestOptions): ApiPromise<Widget>;
  update(id: number | string, params: WidgetUpdateParams, options?: RequestOptions): ApiPromise<Widget>;
  delete(id: number | string, options?: RequestOptions): ApiPromise<void>;
  /** One page of widgets. */
  list(params?: WidgetListParams, options?: RequestOptions): ApiPromise<Widget[]>;
  /** Every widget matching `params`, page by page, for `for await`. */
  iterate(params?: WidgetListParams, options?: RequestOptions): AsyncGenerator<Widget, void, undefined>;
}

/** The widget methods bound to `requester`. */
export function widgetsResource(requester: Requester): WidgetsResource {
  return {
    list: (params, options) => listWidgets(requester, params, options),
    iterate: (params, options) => iterateWidgets(requester, params, options),
    retrieve: (id, options) => retrieveWidget(requester, id, options),
    create: (params, options) => createWidget(requester, params, options),
    update: (id, params, options) => updateWidget(requester, id, params, options),
    delete: (id, options) => deleteWidget(requester, id, options),
  };
}
