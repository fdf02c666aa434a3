/**
 * The business model: what the service says (widget record, blackouts, availability, the
 * cart's reservation) and the hold request. Every GET goes through `once`, so the same data is
 * never requested twice, unless the request failed or availability is refreshed. Built on the
 * entry's connection, whose first wave it takes rather than sending it again.
 * @module
 */
import { batch, computed, createModel, signal } from '@preact/signals';
import type { PlainDate } from '../../shared/plain-date.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import type { AvailabilityDay, Blackout, Reservation, Widget, WidgetSettings } from '../../shared/records.ts';
import type { Failure } from '../api/failure.ts';
import type { HoldRequest, ModelDeps } from './booking-types.ts';
import { monthKey } from './month-keys.ts';

/** The business model of one widget. */
export const BookingModel = createModel(
  (deps: ModelDeps, report: (failure: Failure, during: 'load' | 'hold') => void) => {
    // The entry's own month requests, passed in rather than bundled twice (boot/host.ts).
    const { config, emit, signal: abort, connection, monthRequests } = deps;
    const { product } = config.peek();
    /** Server clock minus ours, from `Date` headers: holds expire on the server's clock. */
    const offset = signal(connection.offset);
    /** Requests waiting out a 429 or 503 to be sent again (the shopper sees "Busy, retrying…"). */
    const busy = signal(connection.busy);
    connection.onChange = () =>
      batch(() => {
        offset.value = connection.offset;
        busy.value = connection.busy;
      });
    const clock = signal(deps.now());
    /** Requests sent or done, by key; a failed one is forgotten so a retry sends it again. */
    const sent = new Set<string>();

    const widget = signal<Widget | undefined>(undefined);
    const settings = computed<WidgetSettings>(() => widget.value?.settings ?? deps.resolveSettings('date'));
    const isRange = computed(() => widget.value?.type === 'range');
    /** A range whose picked end is the check-out day (API.md §2 `count`). */
    const nights = computed(() => isRange.value && settings.value.count === 'nights');
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
    /** The cart token once known: at once from the attribute or storage, after `/cart.js` on Shopify. */
    let cart = typeof deps.cartToken === 'string' ? deps.cartToken : undefined;
    const cartToken = Promise.resolve(deps.cartToken).then((t) => (cart = t));
    cartToken.catch(() => {});
    /** Variants whose availability was asked before the cart token was known (see loadReservation). */
    const tokenless = new Set<string>();
    /** Bumped by each refresh, so an answer to a request sent before it is not shown after it. */
    let refreshes = 0;
    /**
     * Variants refreshed: their availability is asked of the service from then on, never taken
     * from the browser's cache (`max-age=15`), which may still hold the answer the 409 belied
     * whenever the months asked for again are the months first asked for (the URL is the same).
     */
    const refreshed = new Set<string>();

    /** The hold request failed: kept for the controls to explain, and reported to the theme. */
    const holdFailed = (e: unknown) => {
      if (abort.aborted) return;
      const failure = (holdFailure.value = deps.toFailure(e));
      report(failure, 'hold');
    };

    const fail = (e: unknown) => {
      if (abort.aborted) return;
      const failure = deps.toFailure(e);
      failures.value = [...failures.value, failure];
      report(failure, 'load');
    };

    /**
     * One request for the keys of `keys` not yet sent (given them), then `loaded[key]` for each
     * once it is in; a failed request's keys are forgotten, so a retry sends them again.
     */
    function once<T>(
      keys: string[],
      load: (todo: string[]) => Promise<T>,
      use: (data: T) => void,
      onError = fail,
    ): void {
      const todo = keys.filter((k) => !sent.has(k)).sort();
      if (!todo.length) return;
      for (const k of todo) sent.add(k);
      load(todo)
        // One batch: the answer's writes (clock, data, loaded) wake the render once.
        .then((data) =>
          batch(() => {
            clock.value = deps.now();
            use(data);
            loaded.value = { ...loaded.value, ...Object.fromEntries(todo.map((k) => [k, true])) };
          }),
        )
        .catch((e: unknown) => {
          for (const k of todo) sent.delete(k);
          onError(e);
        });
    }

    function loadWidget() {
      once(
        ['widget'],
        () => connection.widget(product),
        (w) => {
          widget.value = w;
          emit('booking-widget:ready', w);
        },
      );
    }

    function loadReservation() {
      once(
        ['reservation'],
        async () => connection.reservations(await cartToken),
        (list) => {
          const now = deps.now() + offset.value;
          const r = (reservation.value = list.find((r) => Date.parse(r.expires_at) > now && r.items.length > 0));
          // Availability asked without the token counted this cart's own holds as taken: ask again
          // with it, only for a variant the cart holds (so usually never: the first wave stays one).
          for (const i of r?.items ?? []) if (tokenless.delete(String(i.external_id))) refresh(String(i.external_id));
        },
      );
    }

    /** Forgets `variant`'s availability, so the shown months load again. */
    function refresh(variant: string) {
      refreshes++;
      refreshed.add(variant);
      for (const k of sent) if (k.startsWith(`a ${variant} `)) sent.delete(k);
      // Old answers stay shown until the new ones arrive; this only wakes the loaders.
      loaded.value = { ...loaded.value };
    }

    /**
     * Loads the blackouts and availability of `months` for `variant`: one request of each kind
     * for all the months not yet asked for (the first wave asks for two or three at once).
     * Availability does not wait for a Shopify cart token: see `loadReservation`.
     */
    function loadMonths(variant: string, months: PlainDate[]) {
      /** The requests for the first and last month of the keys of one request. */
      const requests = (todo: string[]) =>
        monthRequests(product, variant, todo[0]!.slice(-10) as PlainDate, todo.at(-1)!.slice(-10) as PlainDate, cart);
      once(
        months.map((m) => monthKey('b', variant, m)),
        (todo) => connection.blackouts(requests(todo).blackouts),
        (list) => {
          blackouts.value = {
            ...blackouts.value,
            [variant]: { ...blackouts.value[variant], ...Object.fromEntries(list.map((b) => [b.id, b])) },
          };
        },
      );
      if (!variant || !availabilityOffered.value) return;
      const asked = refreshes;
      once(
        months.map((m) => monthKey('a', variant, m)),
        (todo) => {
          if (!cart) tokenless.add(variant);
          return connection.availability(requests(todo).availability, refreshed.has(variant));
        },
        (list) => {
          if (asked !== refreshes) return;
          days.value = {
            ...days.value,
            [variant]: { ...days.value[variant], ...Object.fromEntries(list.map((d) => [d.date, d])) },
          };
        },
        (e) => {
          // A service without the availability extension: rules and blackouts still apply.
          if ((e as { status?: unknown }).status === 404) availabilityOffered.value = false;
          else fail(e);
        },
      );
    }

    // The first wave: the requests the entry already sent (see boot/first-wave.ts), asked for
    // again so the answers the entry kept are taken. The view model asks again once the shop's
    // today is known; those requests are already sent, so nothing waits for a second round trip.
    loadWidget();
    loadReservation();
    loadMonths(config.peek().variant ?? '', deps.firstWaveMonths(deps.guess));

    return {
      widget,
      settings,
      isRange,
      nights,
      blackouts,
      days,
      loaded,
      failures,
      availabilityOffered,
      offset,
      clock,
      today,
      reservation,
      holding,
      holdFailure,
      busy,
      loadMonths,
      holdFailed,

      /** Forgets `variant`'s availability, so the shown months load again (after a 409). */
      refreshAvailability: refresh,

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

      /**
       * Holds items. One request at a time, however often the shopper presses. The caller
       * dispatches `booking-widget:reserved`, after the Shopify cart has the items.
       */
      async hold(items: HoldRequest[]): Promise<Reservation | undefined> {
        if (holding.value) return;
        holding.value = true;
        holdFailure.value = undefined;
        try {
          const held = await connection.hold({
            cart_token: await cartToken,
            items: items.map(({ variant, ...i }) => ({ external_id: variant, ...i })),
          });
          batch(() => {
            clock.value = deps.now();
            reservation.value = held;
          });
          return held;
        } catch (e) {
          holdFailed(e);
        } finally {
          holding.value = false;
        }
      },

      /**
       * Frees the cart's held units at once (quantity 0 for each held variant). Resolves to the
       * released reservation, or undefined when the service refused (the hold is still shown).
       */
      async release(): Promise<Reservation | undefined> {
        const r = reservation.value;
        if (!r || holding.value) return;
        holding.value = true;
        holdFailure.value = undefined;
        try {
          const variants = [...new Map(r.items.map((i) => [String(i.external_id), i])).values()];
          const after = await connection.release({
            cart_token: await cartToken,
            items: variants.map((i) => ({
              external_id: String(i.external_id),
              // In the shop's zone: a day, or a time of day (SLOTS.md §2).
              start: i.start_local,
              quantity: 0,
            })),
          });
          batch(() => {
            clock.value = deps.now();
            reservation.value = after.items.length ? after : undefined;
          });
          for (const v of variants) refresh(String(v.external_id));
          return r;
        } catch (e) {
          holdFailed(e);
        } finally {
          holding.value = false;
        }
      },

      /**
       * The hold ran out on the server's clock: it is no longer shown as held. The hold model
       * tells the page (`booking-widget:expired`) once the cart has followed.
       */
      expire() {
        if (reservation.value) reservation.value = undefined;
      },
    };
  },
);

/** An instance of the business model. */
export type Booking = InstanceType<typeof BookingModel>;
