/**
 * Mounting `<booking-widget>` elements against the in-process service: the element's `fetch`
 * is routed into `service.fetch` (no socket), every request is recorded, and the widget's
 * clock is the service's clock so a test moves both at once.
 */
import { within } from '@testing-library/preact';
import { type BookingWidgetElement, defineBookingWidget } from '../../src/widget/element.ts';
import { createTestService, type TestService } from './service.ts';

/** One request the widget sent. */
export interface SentRequest {
  method: string;
  url: URL;
  body: unknown;
  /** The signal the widget gave the request: aborted when the widget is removed. */
  signal: AbortSignal | null | undefined;
  /** The request's cache mode (`no-cache`: past the browser's cache), when the widget set one. */
  cache: RequestCache | undefined;
}

/** A service, the requests widgets sent to it, and a switch to make it fail. */
export interface WidgetHarness {
  service: TestService;
  sent: SentRequest[];
  /** The fetch widgets use: into the service, or a failure while `failWith` is set. */
  fetch: BookingWidgetElement['fetch'];
  /** While set, every request is answered by this instead of the service (e.g. a 503). */
  failWith: (() => Response | Promise<Response>) | undefined;
  /** While set, requests to the service wait until it resolves (to see what is sent in parallel). */
  gate: Promise<void> | undefined;
  /** Storefront routes (`/cart.js`, `/cart/add.js`) for Shopify tests, by path. */
  storefront: Record<string, (init: RequestInit) => Response>;
  close(): Promise<void>;
}

/** Starts a fresh service (seeded from the test fixture) and a fetch into it. */
export async function startHarness(options: { now?: string | number } = {}): Promise<WidgetHarness> {
  const service = await createTestService(options);
  const inFlight = new Set<Promise<Response>>();
  const harness: WidgetHarness = {
    service,
    sent: [],
    failWith: undefined,
    gate: undefined,
    storefront: {},
    fetch: async (input, init) => {
      const url = new URL(input, 'https://harbour.example');
      harness.sent.push({
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        signal: init.signal,
        cache: init.cache,
      });
      const page = harness.storefront[url.pathname];
      if (page) return page(init);
      if (harness.failWith) return harness.failWith();
      const answer = (async () => {
        await harness.gate;
        return service.fetch(new Request(url, { ...init, signal: null }));
      })();
      inFlight.add(answer);
      void answer.finally(() => inFlight.delete(answer)).catch(() => {});
      return answer;
    },
    async close() {
      // Removed widgets abort their requests, but the service still finishes them: let it.
      document.body.replaceChildren();
      await Promise.allSettled([...inFlight]);
      await service.close();
    },
  };
  return harness;
}

/** The attributes of a widget, as WIDGET.md names them. */
export type WidgetAttributes = Partial<
  Record<
    | 'api'
    | 'token'
    | 'product'
    | 'variant'
    | 'locale'
    | 'cart-token'
    | 'price'
    | 'prices'
    | 'currency'
    | 'checkout-url',
    string
  >
>;

/**
 * Creates a `<booking-widget>` wired to `harness`, with `attributes`, inserts it into the page
 * and waits for the app's first frame (the entry loads Preact and the calendar on demand).
 */
export async function mountWidget(harness: WidgetHarness, attributes: WidgetAttributes): Promise<BookingWidgetElement> {
  defineBookingWidget();
  const el = document.createElement('booking-widget');
  el.fetch = harness.fetch;
  el.now = () => harness.service.clock.now();
  const all = { api: harness.service.baseUrl, token: 'pk_test_harbour', ...attributes };
  for (const [name, value] of Object.entries(all)) el.setAttribute(name, value);
  document.body.append(el);
  await el.rendered;
  return el;
}

/** Testing Library queries inside a widget's shadow root (its one root element, which stays). */
export function inWidget(el: BookingWidgetElement) {
  return within(el.shadowRoot!.firstElementChild as HTMLElement);
}

/** The requests sent to one API path (`/v1/availability`). */
export function requestsTo(harness: WidgetHarness, path: string, method = 'GET'): SentRequest[] {
  return harness.sent.filter((r) => r.url.pathname === path && r.method === method);
}

/** A held item's line in the hold panel, by the start of its text (its titles sit in a bidi-isolated element). */
export function heldItem(w: ReturnType<typeof inWidget>, start: RegExp) {
  return w.findByText((_, el) => el?.getAttribute('part') === 'hold-item' && start.test(el.textContent ?? ''));
}
