/**
 * The answers the shared resources' file asks for itself: each ticket type's availability for
 * the shown months (and the next), asked with `resource_id` when the shopper picked a member of
 * its pool (RESOURCES.md §3: that member's own days), and, for a slot widget with a pick, the
 * chosen day's times as any member sees them, which say who is free (`free_resources`; a read
 * with a pick lists the pick alone). The element's own variant without a pick is the calendar's
 * (`booking.days`), never asked twice. Asked again, past the browser's cache, whenever the
 * cart's hold changes or a hold is refused, as the calendar's own are.
 * @module
 */
import { type ReadonlySignal, computed, createModel, effect, signal } from '@preact/signals';
import { createLightRequester, listSlots } from '../../client/internal.ts';
import { type PlainDate, addDays, addMonths, startOfMonth } from '../../shared/plain-date.ts';
import type { AvailabilityDay, AvailableSlot } from '../../shared/records.ts';
import type { Booking } from '../models/booking-model.ts';
import type { ModelDeps } from '../models/booking-types.ts';

/** A variant's days as the calendar files them, by date. */
export type Days = Record<string, AvailabilityDay>;

/** What to ask for: a variant, and the pool member picked for it (undefined: any). */
export interface Ask {
  variant: string;
  pick: number | undefined;
}

/** The key of one variant's answers for one pick, in `days`. */
export const keyOf = (a: Ask) => `${a.variant} ${a.pick ?? ''}`;

/** The key of a variant's times of one day as any member sees them, in `slots`. */
export const slotKey = (variant: string, day: PlainDate) => `${variant} ${day}`;

/** The answers of one widget's shared resources' file. */
export const ResourceData = createModel(
  (
    deps: ModelDeps,
    booking: Booking,
    months: ReadonlySignal<PlainDate[]>,
    asks: ReadonlySignal<Ask[]>,
    /** A slot widget's day whose times are asked as any member sees them (undefined: none). */
    slotDay: ReadonlySignal<{ variant: string; day: PlainDate } | undefined>,
  ) => {
    const { config, connection, monthRequests } = deps;
    const product = config.peek().product;
    const own = computed(() => config.value.variant ?? '');
    const store = signal<Record<string, Days>>({});
    const slots = signal<Record<string, AvailableSlot[]>>({});
    /** Months (or days) asked for, by key; forgotten when a request fails or the hold changes. */
    const sent = new Set<string>();
    const again = signal(0);
    /** After the first change of the hold: past the browser's cache (`max-age`), which may hold answers a 409 belied. */
    let fresh = false;

    /** Asks for `a`'s availability over `wanted` months not yet asked for, in one request. */
    async function load(a: Ask, wanted: PlainDate[]) {
      const key = keyOf(a);
      const todo = wanted.filter((m) => !sent.has(`${key} ${m}`)).sort();
      if (!todo.length) return;
      for (const m of todo) sent.add(`${key} ${m}`);
      try {
        const cart = await deps.cartToken;
        const { availability } = monthRequests(product, a.variant, todo[0]!, todo.at(-1)!, cart);
        const list = await connection.availability(
          a.pick === undefined ? availability : { ...availability, resource_id: a.pick },
          fresh,
        );
        store.value = {
          ...store.value,
          [key]: { ...store.value[key], ...Object.fromEntries(list.map((d) => [d.date, d])) },
        };
      } catch {
        // The calendar keeps showing what it has (the element's variant as any member sees it);
        // the next change of the hold asks again.
        for (const m of todo) sent.delete(`${key} ${m}`);
      }
    }

    /** Asks for `variant`'s times of `day` as any member sees them. */
    async function loadSlots(variant: string, day: PlainDate) {
      const key = slotKey(variant, day);
      if (sent.has(key)) return;
      sent.add(key);
      try {
        const { api, token } = config.peek();
        const requester = createLightRequester({ baseUrl: api, token, tokenInQuery: true, fetch: deps.fetch });
        const data = await listSlots(
          requester,
          { external_variant_id: variant, start: day, finish: addDays(day, 1), cart_token: await deps.cartToken },
          { signal: deps.signal },
        );
        const list = (data as Record<string, AvailableSlot[]> | null)?.[day];
        if (Array.isArray(list)) slots.value = { ...slots.value, [key]: list };
      } catch {
        sent.delete(key);
      }
    }

    effect(() => {
      void again.value;
      const today = booking.today.value,
        shown = months.value;
      if (!today || !shown.length) return;
      const last = addDays(today, booking.settings.value.horizon_days);
      // The months the calendar asks for: those shown and the next, from today's to the horizon's.
      const wanted = [...shown, addMonths(shown.at(-1)!, 1)].filter((m) => m >= startOfMonth(today) && m <= last);
      for (const a of asks.value) if (a.variant !== own.value || a.pick !== undefined) void load(a, wanted);
    });
    effect(() => {
      void again.value;
      const s = slotDay.value;
      if (s) void loadSlots(s.variant, s.day);
    });
    // The cart's hold changed, or a hold failed: everything is asked again (the old answers stay
    // shown until the new ones are in).
    let first = true;
    effect(() => {
      void booking.reservation.value;
      void booking.holdFailure.value;
      if (first) return void (first = false);
      sent.clear();
      fresh = true;
      again.value = again.peek() + 1;
    });

    return {
      /**
       * Each variant's days by `keyOf` its ask, as last answered: the calendar's own for the
       * element's variant without a pick. (Signals, not methods: a model's methods run untracked.)
       */
      days: computed<Record<string, Days | undefined>>(() => ({
        ...store.value,
        [keyOf({ variant: own.value, pick: undefined })]: booking.days.value[own.value],
      })),
      /** The times of a variant's day as any member sees them, by `slotKey`, once asked (see `slotDay`). */
      slots: slots as ReadonlySignal<Record<string, AvailableSlot[]>>,
    };
  },
);

/** An instance of the shared resources' answers. */
export type ResourceAnswers = InstanceType<typeof ResourceData>;
