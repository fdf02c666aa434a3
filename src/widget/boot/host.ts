/**
 * What the entry file hands the lazily loaded app for one element, and what the app hands
 * back. The entry defines the element and sends the first wave of requests before Preact,
 * @preact/signals and the calendar have arrived; the app renders with them. Both sides are
 * built apart, so what both need at run time (the connection, failures, storefront requests,
 * the months' requests, the settings' defaults)
 * travels in here instead of being bundled twice (two copies of the client's error class
 * would fail each other's `instanceof`).
 * @module
 */
import type { AvailabilityParams, BlackoutListParams } from '../../shared/params.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { resolveSettings } from '../../shared/settings.ts';
import type { WidgetFetch, Connection } from '../api/connection.ts';
import type { Failure } from '../api/failure.ts';
import type { Emit } from '../events.ts';

/** The element's attributes, as the models read them. */
export interface WidgetConfig {
  api: string;
  token: string | null;
  product: string;
  variant: string | null;
  locale: string | null;
  cartToken: string | null;
  /** The variant's price in the currency's main unit ("65", "65.00"), when the page gives it. */
  price: string | null;
  /**
   * Each variant's price in the currency's main unit, `"id:price,…"` (`prices` attribute): the
   * price of every ticket type. Optional for pages built before it; `price` still names the
   * element's own variant's.
   */
  prices?: string | null;
  /** ISO 4217 currency of `price` and `prices` ("AUD"). */
  currency: string | null;
  /** Where "Check out" leads once held: the Shopify cart by default there, else this attribute. */
  checkoutUrl: string | null;
}

/** The requests for a run of months of one variant (or of the product: variant ""). */
export interface MonthRequests {
  blackouts: BlackoutListParams;
  availability: AvailabilityParams & { cart_token?: string | undefined };
}

/** One element's running widget, as the entry prepared it. */
export interface Host {
  /** The element's open shadow root, its stylesheet adopted. */
  root: ShadowRoot;
  config: WidgetConfig;
  connection: Connection;
  /** The cart token: known at once, or after Shopify's `/cart.js` answers. */
  cartToken: string | Promise<string>;
  /** The day (by our clock, in UTC) the first wave guessed its months from. */
  guess: PlainDate;
  fetch: WidgetFetch;
  now: () => number;
  /** Aborted when the element leaves the page: every request and timer of the widget stops. */
  signal: AbortSignal;
  emit: Emit;
  /** The entry's `toFailure`: the app must judge the entry's errors with the entry's class. */
  toFailure(thrown: unknown): Failure;
  /** The entry's storefront request (`/cart.js` and friends). */
  storefrontJson(fetcher: WidgetFetch, path: string, init: RequestInit): Promise<unknown>;
  /** The entry's `firstWaveMonths` (first-wave.ts): the months the first wave asked for. */
  firstWaveMonths(guess: PlainDate): PlainDate[];
  /** The entry's `monthRequests` (first-wave.ts): the model asks for more months in the same shape. */
  monthRequests(
    product: string,
    variant: string,
    first: PlainDate,
    last: PlainDate,
    cart: string | undefined,
  ): MonthRequests;
  /** The entry's `resolveSettings` (its answers' checks resolve them): the defaults until the widget arrives. */
  resolveSettings: typeof resolveSettings;
}

/** The app running in one element. */
export interface AppHandle {
  /** Settles once the first frame with content is in the shadow root. */
  rendered: Promise<void>;
  /** The attributes changed in a way the widget follows in place (`variant`, `locale`). */
  update(config: WidgetConfig): void;
  /** Stops rendering, disposes the models and empties the root. */
  unmount(): void;
}

/** The app module: what `load-app.ts` resolves to. */
export interface AppModule {
  mount(host: Host): AppHandle;
}
