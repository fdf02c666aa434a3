/**
 * The business model: what the service says (widget record, blackouts, availability, the
 * cart's reservation) and the hold request. Every GET goes through `once`, so the same data is
 * never requested twice, unless the request failed or availability is refreshed after a 409.
 * @module
 */
import { type ReadonlySignal, computed, createModel, signal } from '../reactive.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import { addMonths } from '../../shared/plain-date.ts';
import type { AvailabilityDay, Blackout, Reservation, Widget, WidgetSettings } from '../../shared/records.ts';
import { resolveSettings } from '../../shared/settings.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import { resolveCartToken } from '../api/cart.ts';
import { type WidgetFetch, createConnection } from '../api/connection.ts';
import { type Failure, toFailure } from '../api/failure.ts';
import type { Emit } from '../events.ts';

/** The element's attributes, as the models read them. */
export interface WidgetConfig {
  api: string;
  token: string | null;
  product: string;
  variant: string | null;
  locale: string | null;
  cartToken: string | null;
}

/** What a model needs from its element; `fetch` and `now` are injectable for tests. */
export interface ModelDeps {
  config: ReadonlySignal<WidgetConfig>;
  fetch: WidgetFetch;
  now: () => number;
  emit: Emit;
  /** Aborted when the element leaves the page: every request and timer of the widget stops. */
  signal: AbortSignal;
}

/** One item to hold: plain days in the shop's zone, `finish` exclusive. */
export interface HoldRequest {
  variant: string;
  start: PlainDate;
  finish: PlainDate;
  quantity: number;
}

/** The cache key of one month's data of one kind for one variant ("" = the product). */
const monthKey = (kind: string, variant: string, month: PlainDate) => `${kind} ${variant} ${month}`;

/**
 * True once `month`'s blackouts (and availability, where offered) for `variant` are in.
 * A plain function, not a model method: methods run untracked, and this must be tracked.
 */
export function monthLoaded(booking: Booking, variant: string, month: PlainDate): boolean {
  const l = booking.loaded.value;
  const availabilityIn = !variant || !booking.availabilityOffered.value || l[monthKey('a', variant, month)];
  return !!l[monthKey('b', variant, month)] && !!availabilityIn;
}

/** The business model of one widget. */
export const BookingModel = createModel((deps: ModelDeps) => {
  const { config, emit, signal: abort } = deps;
  const { api, token, product, cartToken: cartAttribute } = config.peek();
  /** Server clock minus ours, from `Date` headers: holds expire on the server's clock. */
  const offset = signal(0);
  const clock = signal(deps.now());
  const connection = createConnection({
    api, token, fetch: deps.fetch, signal: abort, now: deps.now,
    // A `Date` header is truncated to the second: the server's clock read anywhere in the
    // second after it. Taking the end of that second errs early, so a countdown ends up to a
    // second before the server's hold does, never after.
    onServerTime: (server, at) => (offset.value = server + 1000 - at),
  });
  /** Requests sent or done, by key; a failed one is forgotten so a retry sends it again. */
  const sent = new Set<string>();

  const widget = signal<Widget | undefined>(undefined);
  const settings = computed<WidgetSettings>(() => widget.value?.settings ?? resolveSettings('date'));
  /** Blackouts by variant ("" = the product), by id: months overlap, ids do not repeat. */
  const blackouts = signal<Record<string, Record<number, Blackout>>>({});
  /** Availability by variant, by day. */
  const days = signal<Record<string, Record<string, AvailabilityDay>>>({});
  const loaded = signal<Record<string, true>>({});
  const failures = signal<Failure[]>([]);
  const availabilityOffered = signal(true);
  const today = computed(() => widget.value && plainDateInZone(clock.value + offset.value, widget.value.tz));
  const reservation = signal<Reservation | undefined>(undefined);
  const holding = signal(false);
  const holdFailure = signal<Failure | undefined>(undefined);
  const cartToken = resolveCartToken(cartAttribute, deps.fetch, abort);
  cartToken.catch(() => {});

  const fail = (e: unknown) => {
    if (abort.aborted) return;
    const failure = toFailure(e);
    failures.value = [...failures.value, failure];
    emit('booking-widget:error', { error: failure.error, message: failure.message });
  };

  /** Runs `load` unless the request under `key` was already sent; `loaded[key]` once it is in. */
  function once<T>(key: string, load: () => Promise<T>, use: (data: T) => void, onError = fail): void {
    if (sent.has(key)) return;
    sent.add(key);
    load()
      .then((data) => {
        clock.value = deps.now();
        use(data);
        loaded.value = { ...loaded.value, [key]: true };
      })
      .catch((e: unknown) => {
        sent.delete(key);
        onError(e);
      });
  }

  function loadWidget() {
    once('widget', () => connection.widget(product), (w) => {
      if (!w) throw Object.assign(new Error(`No widget is placed on product ${product}`), { code: 'not_found' });
      widget.value = w;
      emit('booking-widget:ready', w);
    });
  }

  function loadReservation() {
    once('reservation', async () => connection.reservations(await cartToken), (list) => {
      const now = deps.now() + offset.value;
      reservation.value = list.find((r) => Date.parse(r.expires_at) > now && r.items.length > 0);
    });
  }

  loadWidget();
  loadReservation();

  return {
    widget, settings, blackouts, days, loaded, failures, availabilityOffered, offset, clock, today, reservation, holding, holdFailure,

    /** Loads `month`'s blackouts and availability for `variant`, each once. */
    loadMonth(variant: string, month: PlainDate) {
      const target = variant ? { external_variant_id: variant } : { external_product_id: product };
      // The API's filters are "starts at or after" and "finishes at or before", so a window
      // padded by a month each side finds every blackout of up to a month that touches this
      // one; longer ones still show, through availability's per-day status.
      const window = { start_min: addMonths(month, -1), finish_max: addMonths(month, 2) };
      once(monthKey('b', variant, month), () => connection.blackouts({ ...target, ...window }), (list) => {
        blackouts.value = { ...blackouts.value, [variant]: { ...blackouts.value[variant], ...Object.fromEntries(list.map((b) => [b.id, b])) } };
      });
      if (!variant || !availabilityOffered.value) return;
      const period = { external_variant_id: variant, start: month, finish: addMonths(month, 1) };
      once(monthKey('a', variant, month), async () => connection.availability({ ...period, cart_token: await cartToken }), (list) => {
        days.value = { ...days.value, [variant]: { ...days.value[variant], ...Object.fromEntries(list.map((d) => [d.date, d])) } };
      }, (e) => {
        // A service without the availability extension: rules and blackouts still apply.
        if ((e as { status?: unknown }).status === 404) availabilityOffered.value = false;
        else fail(e);
      });
    },

    /** Forgets `variant`'s availability, so the shown months load again (after a 409). */
    refreshAvailability(variant: string) {
      for (const k of sent) if (k.startsWith(`a ${variant} `)) sent.delete(k);
      // Old answers stay shown until the new ones arrive; this only wakes the loaders.
      loaded.value = { ...loaded.value };
    },

    /** Clears the failures and sends the failed requests again. */
    retry() {
      failures.value = [];
      holdFailure.value = undefined;
      loadWidget();
      loadReservation();
    },

    /** Reads the clock again (each second while a hold runs, and when the tab is shown). */
    tick() {
      clock.value = deps.now();
    },

    /** Holds items. One request at a time, however often the shopper presses. */
    async hold(items: HoldRequest[]): Promise<Reservation | undefined> {
      if (holding.value) return;
      holding.value = true;
      holdFailure.value = undefined;
      try {
        const held = await connection.hold({
          cart_token: await cartToken,
          items: items.map(({ variant, start, finish, quantity }) => ({ external_id: variant, start, finish, quantity })),
        });
        clock.value = deps.now();
        reservation.value = held;
        emit('booking-widget:reserved', held);
        return held;
      } catch (e) {
        if (abort.aborted) return;
        const failure = (holdFailure.value = toFailure(e));
        emit('booking-widget:error', { error: failure.error, message: failure.message });
      } finally {
        holding.value = false;
      }
    },

    /** The hold ran out on the server's clock: it is no longer shown as held. */
    expire() {
      const r = reservation.value;
      if (!r) return;
      reservation.value = undefined;
      emit('booking-widget:expired', r);
    },
  };
});

/** An instance of the business model. */
export type Booking = InstanceType<typeof BookingModel>;
