/**
 * Widgets: the booking forms placed on products (API.md §2).
 * @module
 */
import type { Widget, WidgetListParams } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import { paginate } from '../core/paginate.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

const PATH = '/v1/widgets';

/** One page of widgets (GET /v1/widgets), optionally those on one platform product. */
export function listWidgets(requester: Requester, params: WidgetListParams = {}, options: RequestOptions = {}): ApiPromise<Widget[]> {
  return apiPromise(requester.request<Widget[]>({ ...options, method: 'GET', path: PATH, query: params }));
}

/** Every widget matching `params`, fetching pages as the loop needs them. */
export function iterateWidgets(requester: Requester, params: WidgetListParams = {}, options: RequestOptions = {}): AsyncGenerator<Widget, void, undefined> {
  return paginate<Widget>(requester, PATH, params, options);
}

/** The widget methods bound to one requester (`client.widgets`). */
export interface WidgetsResource {
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
  };
}
