/** @jsxRuntime classic */
/** @jsx h */
/**
 * `<booking-widget>`: the custom element a merchant pastes into a theme. It renders the Preact
 * app into an open shadow root from one signals effect (every signal the render reads is
 * tracked, so any change re-renders the small tree; no per-component adapter is shipped),
 * turns attributes into the models' config (`variant` and
 * `locale` update in place; `api`, `token`, `product` or `cart-token` start a fresh widget),
 * and on removal unmounts, aborting requests and stopping timers. Nothing it does throws into
 * the page.
 * @module
 */
import { h, render } from './dom.ts';
import { shopify } from './api/cart.ts';
import type { WidgetFetch } from './api/connection.ts';
import { App, Failed } from './components/App.tsx';
import type { Emit } from './events.ts';
import type { ModelDeps, WidgetConfig } from './models/booking-model.ts';
import { ViewModel } from './models/view-model.ts';
import { effect, signal } from './reactive.ts';
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
  static observedAttributes = ['api', 'token', 'product', 'variant', 'locale', 'cart-token'];

  /**
   * The `fetch` every request of this widget goes through (the API and, on Shopify, the cart).
   * Set it before inserting the element, e.g. to route calls through a proxy or, in tests,
   * into an in-process service. @default globalThis.fetch
   */
  fetch: WidgetFetch = (input, init) => globalThis.fetch(input, init);
  /** The clock the widget reads, in epoch ms; replaceable before insertion (tests). @default Date.now */
  now: () => number = () => Date.now();

  private _config = signal<WidgetConfig>(this._read());
  /** Stops the running widget: aborts its requests, disposes its models, empties the root. */
  private _stop?: (() => void) | undefined;

  private _read(): WidgetConfig {
    const a = (name: string) => this.getAttribute(name);
    return { api: a('api') ?? '', token: a('token'), product: a('product') ?? '', variant: a('variant') ?? formVariant(), locale: a('locale'), cartToken: a('cart-token') };
  }

  /** Reads the config again when the product form's variant may have changed. */
  private _onChange = (e: Event) => {
    if (!this.hasAttribute('variant') && (e.target as Element).matches?.('[name=id]')) this._config.value = this._read();
  };

  connectedCallback(): void {
    try {
      const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      adoptStyles(root);
      document.addEventListener('change', this._onChange);
      this._mount(root);
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
    const before = this._config.peek();
    const next = this._read();
    this._config.value = next;
    if (this._stop && RESTART.some((k) => before[k] !== next[k])) {
      this.disconnectedCallback();
      this.connectedCallback();
    }
  }

  private _mount(root: ShadowRoot): void {
    this._stop?.();
    const controller = new AbortController();
    const emit: Emit = (type, detail) => {
      if (!controller.signal.aborted) this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    };
    const deps: ModelDeps = {
      config: this._config,
      // Read at call time, so a fetch set after insertion is still used.
      fetch: (input, init) => this.fetch(input, init),
      now: () => this.now(),
      signal: controller.signal,
      emit,
    };
    const vm = new ViewModel(deps);
    /** Bumped by Retry after a rendering failure, to render the whole app again. */
    const attempt = signal(0);
    const stopRendering = effect(() => {
      void attempt.value;
      try {
        render(<App vm={vm} />, root);
      } catch (e) {
        // A rendering bug stays inside the widget: say so, offer a retry, tell the theme.
        emit('booking-widget:error', { error: 'internal', message: String((e as Error)?.message ?? e) });
        render(<Failed vm={vm} retry={() => attempt.value++} />, root);
      }
    });
    this._stop = () => {
      controller.abort();
      stopRendering();
      vm.dispose();
      render(null, root);
    };
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
