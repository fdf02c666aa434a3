/**
 * The widget's calls to the booking API, made with the typed client's own functions
 * (`listWidgets`, `createReservation`, …, from `src/client/internal.ts`, so no path of the API is
 * spelled here) on its light requester (its errors are `BookingApiError`s with `code` and
 * `details`): GETs carry the publishable token as the
 * `token` query parameter (simple requests, no CORS preflight, API.md §6), every answer is
 * shape-checked, and each response's `Date` header reports the server's clock.
 *
 * Part of the entry file, so it holds no signals: the first wave is sent before Preact and
 * @preact/signals have arrived. What the models watch (the server clock's offset, requests
 * waiting to retry) is kept here as numbers and announced through `onChange`.
 * @module
 */
import { serverDate, type ApiRequest, type ApiResult } from '../../client/index.ts';
import {
  createLightRequester,
  createReservation,
  listAvailability,
  listBlackouts,
  listReservations,
  listWidgets,
  type Requester,
} from '../../client/internal.ts';
import type { AvailabilityParams, BlackoutListParams, ReservationCreateParams } from '../../shared/params.ts';
import type { AvailabilityDay, Blackout, Reservation, Widget } from '../../shared/records.ts';
import { WidgetError } from './failure.ts';
import {
  parseAvailability,
  parseBlackouts,
  parseHold,
  parseReservation,
  parseReservations,
  parseWidgets,
} from './validate.ts';

/** The `fetch` a widget sends requests with (the client's signature). */
export type WidgetFetch = (input: string, init: RequestInit) => Promise<Response>;

/** Where the API is and how to reach it. */
export interface ConnectionOptions {
  /** Base URL of the service, without the API's paths (the client adds them). Empty for the page's own origin (behind a proxy). */
  api: string;
  /** Publishable token; none behind a proxy that adds it. */
  token: string | null;
  fetch: WidgetFetch;
  /** Aborted when the element leaves the page: every request stops. */
  signal: AbortSignal;
  /** The widget's clock (epoch ms), injectable for tests. */
  now(): number;
}

/** The API calls a widget makes, each resolving to checked data. */
export interface Connection {
  /** The widget placed on `product`; a `not_found` WidgetError when there is none. */
  widget(product: string): Promise<Widget>;
  blackouts(params: BlackoutListParams): Promise<Blackout[]>;
  /**
   * With `cart_token`, that cart's own holds do not count (the service's extension of the
   * extension), so days the shopper holds do not look sold out to the same shopper. `fresh`:
   * the answer the browser keeps (`max-age`) is no longer to be trusted (a 409 said so), so
   * neither it nor a prefetched one is taken: the service is asked (revalidated with the ETag).
   */
  availability(
    params: AvailabilityParams & { cart_token?: string | undefined },
    fresh?: boolean,
  ): Promise<AvailabilityDay[]>;
  /** The cart's reservations whose hold has not expired, newest first. */
  reservations(cartToken: string): Promise<Reservation[]>;
  hold(params: ReservationCreateParams): Promise<Reservation>;
  /** Posts quantity 0 for items (API.md §3: removes those variants); the answer may hold nothing. */
  release(params: ReservationCreateParams): Promise<Reservation>;
  /**
   * Runs `send`, keeping each request it makes until the same request is made once more, which
   * gets the kept answer instead of a new request: the entry sends the first wave before the
   * models exist, and the models, asking for the same data, take it.
   */
  prefetch(send: () => void): void;
  /** Server clock minus ours (ms), from the last `Date` header; 0 until one arrives. */
  readonly offset: number;
  /** Requests waiting to be sent again (a 429's `Retry-After`, a 503), until each ends. */
  readonly busy: number;
  /** Called after `offset` or `busy` changed. */
  onChange: () => void;
}

/** A connection to the API at `options.api`. */
export function createConnection(options: ConnectionOptions): Connection {
  const { signal } = options;
  const kept = new Map<string, Promise<ApiResult<unknown>>>();
  let keeping = false;

  /**
   * Sends one request (the client's core: token, timeout, one retry), reports the server's
   * clock. A requester per request, so its wait to retry is its own.
   */
  async function send(request: ApiRequest, cache?: RequestCache): Promise<ApiResult<unknown>> {
    let waits = 0;
    const requester = createLightRequester({
      baseUrl: options.api,
      token: options.token,
      tokenInQuery: true,
      fetch: cache ? (url, init) => options.fetch(url, { ...init, cache }) : options.fetch,
      // One quick retry of a flaky GET; beyond that the shopper sees the error and a Retry button.
      retry: { limit: 1, delayMs: 300 },
      // At most once (one retry): the widget is busy from here until the request ends.
      onRetry: () => {
        waits = 1;
        connection.busy += 1;
        connection.onChange();
      },
    });
    try {
      const result = await requester.request<unknown>(request);
      const server = serverDate(result.response);
      // A `Date` header is truncated to the second: the server's clock read anywhere in the
      // second after it. Taking the end of that second errs early, so a countdown ends up to a
      // second before the server's hold does, never after.
      if (server !== undefined) {
        connection.offset = server + 1000 - options.now();
        connection.onChange();
      }
      return result;
    } finally {
      if (waits) {
        connection.busy -= waits;
        connection.onChange();
      }
    }
  }

  /**
   * The requester the client's functions are called with: `send`, or the kept answer to the
   * same request (see `prefetch`), known by the method, path and params the client asks for.
   * `fresh` sends it anew, past the browser's cache.
   */
  const via = (fresh?: boolean): Requester => ({
    request<T>(request: ApiRequest) {
      const key = `${request.method} ${request.path} ${JSON.stringify(request.query ?? request.body)}`;
      const answer = kept.get(key);
      kept.delete(key);
      if (fresh) return send(request, 'no-cache') as Promise<ApiResult<T>>;
      if (answer) return answer as Promise<ApiResult<T>>;
      const sent = send(request);
      if (keeping) {
        kept.set(key, sent);
        // Nobody may ever take it (the shopper changed the variant first): not an unhandled rejection.
        sent.catch(() => {});
      }
      return sent as Promise<ApiResult<T>>;
    },
  });

  /** The checked data of a client call made through `via` (parsed again by each taker of a kept answer). */
  const checked = <R>(answer: Promise<unknown>, parse: (data: unknown) => R): Promise<R> => {
    const parsed = answer.then(parse);
    // The first wave's calls are not awaited (their answers are kept): not an unhandled rejection.
    if (keeping) parsed.catch(() => {});
    return parsed;
  };
  const at = { signal };

  const connection: Connection & { offset: number; busy: number } = {
    widget: (product) =>
      checked(listWidgets(via(), { external_product_id: product }, at), (data) => {
        const widget = parseWidgets(data);
        if (!widget) throw new WidgetError('not_found', `No widget is placed on product ${product}`);
        return widget;
      }),
    blackouts: (params) => checked(listBlackouts(via(), params, at), parseBlackouts),
    availability: (params, fresh) => checked(listAvailability(via(fresh), params, at), parseAvailability),
    reservations: (cart_token) => checked(listReservations(via(), { cart_token, active: true }, at), parseReservations),
    // Retried like a GET: a repeat with the same cart token changes nothing more (API.md §3).
    hold: (params) => checked(createReservation(via(), params, at), parseHold),
    release: (params) => checked(createReservation(via(), params, at), parseReservation),
    prefetch(sendAll) {
      keeping = true;
      try {
        sendAll();
      } finally {
        keeping = false;
      }
    },
    offset: 0,
    busy: 0,
    onChange: () => {},
  };
  return connection;
}
