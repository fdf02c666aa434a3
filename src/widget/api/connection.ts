/**
 * The widget's calls to the booking API, through the typed client's light requester (its errors
 * are `BookingApiError`s with `code` and `details`): GETs carry the publishable token as the
 * `token` query parameter (simple requests, no CORS preflight, API.md §6), every answer is
 * shape-checked, and each response's `Date` header reports the server's clock.
 *
 * Part of the entry file, so it holds no signals: the first wave is sent before Preact and
 * @preact/signals have arrived. What the models watch (the server clock's offset, requests
 * waiting to retry) is kept here as numbers and announced through `onChange`.
 * @module
 */
import { createLightRequester, serverDate, type ApiRequest } from '../../client/index.ts';
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
  /** Base URL; `/v1/...` is appended. Empty for the page's own origin (behind a proxy). */
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
  const kept = new Map<string, Promise<unknown>>();
  let keeping = false;

  /**
   * Sends one request (the client's core: token, timeout, one retry), reports the server's
   * clock, checks the answer. A requester per request, so its wait to retry is its own.
   */
  async function send<R>(
    method: 'GET' | 'POST',
    path: string,
    params: object,
    parse: (data: unknown) => R,
    cache?: RequestCache,
  ): Promise<R> {
    const request: ApiRequest =
      method === 'GET'
        ? { method, path, query: params, signal }
        : { method, path, body: params, idempotent: true, signal };
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
      const { data, response } = await requester.request<unknown>(request);
      const server = serverDate(response);
      // A `Date` header is truncated to the second: the server's clock read anywhere in the
      // second after it. Taking the end of that second errs early, so a countdown ends up to a
      // second before the server's hold does, never after.
      if (server !== undefined) {
        connection.offset = server + 1000 - options.now();
        connection.onChange();
      }
      return parse(data);
    } finally {
      if (waits) {
        connection.busy -= waits;
        connection.onChange();
      }
    }
  }

  /** `send`, or the kept answer to the same request (see `prefetch`). */
  function call<R>(
    method: 'GET' | 'POST',
    path: string,
    params: object,
    parse: (data: unknown) => R,
    fresh?: boolean,
  ): Promise<R> {
    const key = `${method} ${path} ${JSON.stringify(params)}`;
    if (fresh) {
      kept.delete(key);
      return send(method, path, params, parse, 'no-cache');
    }
    const answer = kept.get(key) as Promise<R> | undefined;
    if (answer) {
      kept.delete(key);
      return answer;
    }
    const sent = send(method, path, params, parse);
    if (keeping) {
      kept.set(key, sent);
      // Nobody may ever take it (the shopper changed the variant first): not an unhandled rejection.
      sent.catch(() => {});
    }
    return sent;
  }

  const connection: Connection & { offset: number; busy: number } = {
    widget: (product) =>
      call('GET', '/v1/widgets', { external_product_id: product }, (data) => {
        const widget = parseWidgets(data);
        if (!widget) throw new WidgetError('not_found', `No widget is placed on product ${product}`);
        return widget;
      }),
    blackouts: (params) => call('GET', '/v1/blackouts', params, parseBlackouts),
    availability: (params, fresh) => call('GET', '/v1/availability', params, parseAvailability, fresh),
    reservations: (cart_token) => call('GET', '/v1/reservations', { cart_token, active: true }, parseReservations),
    // Retried like a GET: a repeat with the same cart token changes nothing more (API.md §3).
    hold: (params) => call('POST', '/v1/reservations', params, parseHold),
    release: (params) => call('POST', '/v1/reservations', params, parseReservation),
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
