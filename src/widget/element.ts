/**
 * `<booking-widget>`: the custom element a merchant pastes into a theme, in the entry file.
 * On connection it adopts the stylesheet (the box keeps its size from the first frame), sends
 * the first wave of API requests and loads the app (Preact, @preact/signals, the calendar) in
 * parallel, then hands the app everything through a `Host`. Attribute changes update the app
 * in place (`variant`, `locale`) or start the widget afresh (`api`, `token`, `product`,
 * `cart-token`). Removal, even before the app has arrived, aborts every request and timer.
 * Nothing it does throws into the page.
 * @module
 */
import { plainDateOfInstant } from '../shared/plain-date.ts';
import { resolveSettings } from '../shared/settings.ts';
import { resolveCartToken, shopify, storefrontJson } from './api/cart.ts';
import { type WidgetFetch, createConnection } from './api/connection.ts';
import { toFailure } from './api/failure.ts';
import { firstWaveMonths, monthRequests, sendFirstWave } from './boot/first-wave.ts';
import type { AppHandle, Host, WidgetConfig } from './boot/host.ts';
import { loadApp } from './boot/load-app.ts';
import type { Emit } from './events.ts';
import { adoptStyles } from './styles.ts';

/**
 * Without a `variant` attribute, on Shopify: the variant the theme's product form has chosen
 * (its `id` field, which themes update and fire `change` on when the shopper picks another).
 * The widget record names products only, and the API lists no variants, so this is the one
 * place a variant can come from; elsewhere the shopper is asked to choose an option first.
 */
function formVariant(): string | null {
  return (shopify() && document.querySelector<HTMLInputElement>('form[action*="/cart/add"] [name=id]')?.value) || null;
}

/** Attributes that name another shop, product or cart: a change starts the widget afresh. */
const RESTART = ['api', 'token', 'product', 'cartToken'] as const;

/** The `<booking-widget>` element. */
export class BookingWidgetElement extends HTMLElement {
  static observedAttributes = [
    'api',
    'token',
    'product',
    'variant',
    'locale',
    'cart-token',
    'price',
    'prices',
    'currency',
    'checkout-url',
  ];

  /**
   * The `fetch` every request of this widget goes through (the API and, on Shopify, the cart).
   * Set it before inserting the element, e.g. to route calls through a proxy or, in tests,
   * into an in-process service. @default globalThis.fetch
   */
  fetch: WidgetFetch = (input, init) => globalThis.fetch(input, init);
  /** The clock the widget reads, in epoch ms; replaceable before insertion (tests). @default Date.now */
  now: () => number = () => Date.now();
  /**
   * Settles once the app has rendered its first frame into the shadow root (or failed to
   * load), for tests and for themes that measure the widget.
   */
  rendered: Promise<void> = Promise.resolve();

  private _config: WidgetConfig = this._read();
  private _app?: AppHandle | undefined;
  /** Stops the running widget: aborts its requests, unmounts the app. */
  private _stop?: (() => void) | undefined;

  private _read(): WidgetConfig {
    const a = (name: string) => this.getAttribute(name);
    return {
      api: a('api') ?? '',
      token: a('token'),
      product: a('product') ?? '',
      variant: a('variant') ?? formVariant(),
      locale: a('locale'),
      cartToken: a('cart-token'),
      price: a('price'),
      prices: a('prices'),
      currency: a('currency'),
      checkoutUrl: a('checkout-url'),
    };
  }

  /** Reads the config again when the product form's variant may have changed. */
  private _onChange = (e: Event) => {
    if (!this.hasAttribute('variant') && (e.target as Element).matches?.('[name=id]')) this._update();
  };

  connectedCallback(): void {
    try {
      const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      adoptStyles(root);
      document.addEventListener('change', this._onChange);
      this._start(root);
    } catch (e) {
      console.error('booking-widget:', e);
    }
  }

  disconnectedCallback(): void {
    const stop = this._stop;
    this._stop = undefined;
    document.removeEventListener('change', this._onChange);
    try {
      stop?.();
    } catch (e) {
      console.error('booking-widget:', e);
    }
  }

  attributeChangedCallback(): void {
    const before = this._config;
    this._update();
    if (this._stop && RESTART.some((k) => before[k] !== this._config[k])) {
      this.disconnectedCallback();
      this.connectedCallback();
    }
  }

  private _update(): void {
    this._config = this._read();
    this._app?.update(this._config);
  }

  private _start(root: ShadowRoot): void {
    this._stop?.();
    const controller = new AbortController();
    const { signal } = controller;
    const emit: Emit = (type, detail) =>
      !signal.aborted &&
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: true }));
    const config = this._config;
    // Read at call time, so a fetch or clock set after insertion is still used.
    const fetch: WidgetFetch = (input, init) => this.fetch(input, init);
    const now = () => this.now();
    const connection = createConnection({ api: config.api, token: config.token, fetch, signal, now });
    const cartToken = resolveCartToken(config.cartToken, fetch, signal);
    // From the ISO string, not Intl: the first zone formatter costs milliseconds of ICU set-up,
    // which would hold the first requests back.
    const guess = plainDateOfInstant(now());
    sendFirstWave(connection, config, cartToken, guess);
    const host: Host = {
      root,
      config,
      connection,
      cartToken,
      guess,
      fetch,
      now,
      signal,
      emit,
      toFailure,
      storefrontJson,
      firstWaveMonths,
      monthRequests,
      resolveSettings,
    };
    this._stop = () => {
      controller.abort();
      this._app?.unmount();
      this._app = undefined;
    };
    this.rendered = loadApp(config.locale ?? document.documentElement.lang).then(
      (app) => {
        // Removed, or started afresh, while the app was on its way.
        if (signal.aborted) return;
        this._app = app.mount({ ...host, config: this._config });
        return this._app.rendered;
      },
      (e: unknown) => {
        if (signal.aborted) return;
        // The app's file did not arrive (offline, a CDN refusing it): say so, never a blank box.
        // Its strings did not arrive either: the shopper's sentence is in English (the app's
        // `errLoad`); the browser's own words are the developer's `detail`.
        console.error('booking-widget:', e);
        emit('booking-widget:error', {
          error: 'network_error',
          message: 'The calendar could not load. Please try again.',
          detail: String((e as Error)?.message ?? e),
        });
      },
    );
  }
}

/** Registers `<booking-widget>` unless a copy of this script already did. */
export function defineBookingWidget(): void {
  if (!customElements.get('booking-widget')) customElements.define('booking-widget', BookingWidgetElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'booking-widget': BookingWidgetElement;
  }
}
