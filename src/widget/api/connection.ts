/**
 * The widget's calls to the booking API, through the typed client's light requester (its errors
 * are the base class with `code` and `details`, so no error subclass is bundled): GETs carry the publishable
 * token as the `token` query parameter (simple requests, no CORS preflight, API.md §6), every
 * answer is shape-checked, and each response's `Date` header reports the server's clock.
 * @module
 */
import { createLightRequester, serverDate, type ApiRequest } from '../../client/index.ts';
import type { AvailabilityParams, BlackoutListParams, ReservationCreateParams } from '../../shared/params.ts';
import type { AvailabilityDay, Blackout, Reservation, Widget } from '../../shared/records.ts';
import { type ReadonlySignal, signal as state } from '../reactive.ts';
import { parseAvailability, parseBlackouts, parseHold, parseReservations, parseWidgets } from './validate.ts';

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
  /** Called with the server's clock (epoch ms) read from each response's `Date` header. */
  onServerTime(serverMs: number, receivedAt: number): void;
  /** The widget's clock (epoch ms), injectable for tests. */
  now(): number;
}

/** The API calls a widget makes, each resolving to checked data. */
export interface Connection {
  /** The widget placed on `product`, or undefined when there is none. */
  widget(product: string): Promise<Widget | undefined>;
  blackouts(params: BlackoutListParams): Promise<Blackout[]>;
  /**
   * With `cart_token`, that cart's own holds do not count (the service's extension of the
   * extension), so days the shopper holds do not look sold out to the same shopper.
   */
  availability(params: AvailabilityParams & { cart_token?: string }): Promise<AvailabilityDay[]>;
  /** The cart's reservations whose hold has not expired, newest first. */
  reservations(cartToken: string): Promise<Reservation[]>;
  hold(params: ReservationCreateParams): Promise<Reservation>;
  /** Requests waiting to be sent again (a 429's `Retry-After`, a 503), until each ends. */
  busy: ReadonlySignal<number>;
}

/** A connection to the API at `options.api`. */
export function createConnection(options: ConnectionOptions): Connection {
  const { signal } = options;
  const busy = state(0);
  /**
   * Sends one request (the client's core: token, timeout, one retry), reports the server's
   * clock, checks the answer. A requester per request, so its wait to retry is its own.
   */
  async function call<R>(method: 'GET' | 'POST', path: string, params: object, parse: (data: unknown) => R): Promise<R> {
    const request: ApiRequest = method === 'GET' ? { method, path, query: params, signal } : { method, path, body: params, idempotent: true, signal };
    let waits = 0;
    const requester = createLightRequester({
      baseUrl: options.api,
      token: options.token,
      tokenInQuery: true,
      fetch: options.fetch,
      // One quick retry of a flaky GET; beyond that the shopper sees the error and a Retry button.
      retry: { limit: 1, delayMs: 300 },
      // At most once (one retry): the widget is busy from here until the request ends.
      onRetry: () => (busy.value += waits = 1),
    });
    try {
      const { data, response } = await requester.request<unknown>(request);
      const server = serverDate(response);
      if (server !== undefined) options.onServerTime(server, options.now());
      return parse(data);
    } finally {
      busy.value -= waits;
    }
  }
  // The core's `request` rather than the resource functions (`listWidgets`, …): the answers are
  // shape-checked here anyway, and the wrappers were bytes the widget's budget cannot spare.
  return {
    widget: (product) => call('GET', '/v1/widgets', { external_product_id: product }, parseWidgets),
    blackouts: (params) => call('GET', '/v1/blackouts', params, parseBlackouts),
    availability: (params) => call('GET', '/v1/availability', params, parseAvailability),
    reservations: (cart_token) => call('GET', '/v1/reservations', { cart_token, active: true }, parseReservations),
    // Retried like a GET: a repeat with the same cart token changes nothing more (API.md §3).
    hold: (params) => call('POST', '/v1/reservations', params, parseHold),
    busy,
  };
}
