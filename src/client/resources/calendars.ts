/**
 * Calendars in and out (extensions; secret token): the shop's subscribable feeds
 * (/v1/calendar-feeds) and a variant's imported calendars (/v1/variants/{id}/calendar-imports).
 * @module
 */
import type {
  CalendarFeed,
  CalendarFeedCreateParams,
  CalendarImport,
  CalendarImportCreateParams,
  NewCalendarFeed,
} from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

/** The calendar feed methods (`client.calendarFeeds`). */
export interface CalendarFeedsResource {
  /** The live feeds, oldest first (without their URLs). */
  list(options?: RequestOptions): ApiPromise<CalendarFeed[]>;
  /** Makes a feed; its secret URL is in this answer only. */
  create(params: CalendarFeedCreateParams, options?: RequestOptions): ApiPromise<NewCalendarFeed>;
  /** Revokes a feed: its URL answers 404 from now on. */
  revoke(id: number, options?: RequestOptions): ApiPromise<void>;
}

/** The calendar import methods (`client.calendarImports`). */
export interface CalendarImportsResource {
  /** The variant's imports and their last fetch. */
  list(variantId: number, options?: RequestOptions): ApiPromise<CalendarImport[]>;
  /**
   * Imports another site's calendar (.ics address) into the variant's blackouts; with
   * `{ url, resource_id }`, a resource's own calendar, whose events close the resource instead.
   */
  create(
    variantId: number,
    url: string | CalendarImportCreateParams,
    options?: RequestOptions,
  ): ApiPromise<CalendarImport>;
  /** Stops an import and deletes its blackouts. */
  remove(variantId: number, id: number, options?: RequestOptions): ApiPromise<void>;
  /** Fetches an import now and answers its result. */
  refresh(variantId: number, id: number, options?: RequestOptions): ApiPromise<CalendarImport>;
}

const feedPath = (id?: number) => `/v1/calendar-feeds${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;
const importPath = (variantId: number, id?: number) =>
  `/v1/variants/${encodeURIComponent(variantId)}/calendar-imports${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

/** The calendar feed methods bound to `requester`. */
export function calendarFeedsResource(requester: Requester): CalendarFeedsResource {
  return {
    list: (options = {}) =>
      apiPromise(requester.request<CalendarFeed[]>({ ...options, method: 'GET', path: feedPath() })),
    create: (params, options = {}) =>
      apiPromise(requester.request<NewCalendarFeed>({ ...options, method: 'POST', path: feedPath(), body: params })),
    revoke: (id, options = {}) =>
      apiPromise(requester.request<void>({ ...options, method: 'DELETE', path: feedPath(id) })),
  };
}

/** The calendar import methods bound to `requester`. */
export function calendarImportsResource(requester: Requester): CalendarImportsResource {
  return {
    list: (variantId, options = {}) =>
      apiPromise(requester.request<CalendarImport[]>({ ...options, method: 'GET', path: importPath(variantId) })),
    create: (variantId, url, options = {}) =>
      apiPromise(
        requester.request<CalendarImport>({
          ...options,
          method: 'POST',
          path: importPath(variantId),
          body: typeof url === 'string' ? { url } : url,
        }),
      ),
    remove: (variantId, id, options = {}) =>
      apiPromise(requester.request<void>({ ...options, method: 'DELETE', path: importPath(variantId, id) })),
    refresh: (variantId, id, options = {}) =>
      apiPromise(
        requester.request<CalendarImport>({
          ...options,
          method: 'POST',
          path: `${importPath(variantId, id)}/refresh`,
        }),
      ),
  };
}
