/**
 * The cart's hold, in the file loaded on the first pick: the hold request with the Shopify
 * cart after it, the explanation of a 409 item by item, and the time left on the hold: the server's `expires_at` on the server's clock (our clock corrected
 * by the offset measured from `Date` headers), re-read every second and whenever the tab is
 * shown again (timers sleep in background tabs). Announced only at thresholds, never each second.
 * @module
 */
import { type ReadonlySignal, computed, createModel, effect, signal } from '@preact/signals';
import type { Reservation } from '../../shared/records.ts';
import { type Formats, formatPeriod, named, periodDays, shopDay, shopperZone } from '../format.ts';
import type { Translate } from '../i18n.ts';
import type { Booking, HoldRequest, ModelDeps } from '../models/booking-model.ts';
import { type ItemLabel, addToShopifyCart } from './shopify-cart.ts';
import { shopify } from '../api/cart.ts';

/** Minutes left at which the countdown is announced, once each. */
const THRESHOLDS = [5, 1];

/** The cart's hold and its countdown. */
export const HoldModel = createModel((deps: ModelDeps, booking: Booking, t: ReadonlySignal<Translate>, formats: ReadonlySignal<Formats>) => {
  const { emit } = deps;
  const { nights } = booking;
  /** The hold's status for the polite live region: set rarely, never every second. */
  const announcement = signal('');
  /** The hold that ran out, kept to say so and to hold it again. */
  const expired = signal<Reservation | undefined>(undefined);
  /**
   * Milliseconds left, on the server's clock, never more than the service holds for: a `Date`
   * header that would make the hold longer (a proxy rewrote it) is not believed, and the
   * shopper's own clock counts instead.
   */
  const remaining = computed(() => {
    const r = booking.reservation.value;
    const left = (r ? Date.parse(r.expires_at) : 0) - booking.clock.value;
    const most = booking.settings.value.hold_minutes * 60_000;
    const served = left - booking.offset.value;
    return Math.max(0, Math.min(most, served > most ? left : served));
  });
  /**
   * "Held until 10:42 (Europe/Berlin).": when the hold ends on the shopper's clock (as the
   * countdown counts), in the shopper's zone, named as the days are.
   */
  const heldUntil = computed(() => {
    const r = booking.reservation.value;
    return r ? t.value('heldUntil', named(formats.value.time(booking.clock.value + remaining.value), shopperZone(), r.tz)) : '';
  });
  /** The lowest threshold already announced, and for which hold (a new hold counts afresh). */
  let announced = Infinity;
  let announcedFor: Reservation | undefined;

  effect(() => {
    if (!booking.reservation.value) return;
    const tick = () => booking.tick();
    const timer = setInterval(tick, 1000);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  });

  effect(() => {
    const r = booking.reservation.value;
    const left = remaining.value;
    if (!r) return;
    if (r !== announcedFor) {
      announcedFor = r;
      announced = Infinity;
    }
    if (left <= 0) {
      expired.value = r;
      announcement.value = t.peek()('expired');
      booking.expire();
      return;
    }
    const threshold = THRESHOLDS.filter((m) => left <= m * 60_000).pop();
    if (threshold !== undefined && threshold < announced) {
      announced = threshold;
      announcement.value = t.peek()('timeLeft', formats.peek().minutes(Math.ceil(left / 60_000)));
    }
  });

  /**
   * What went wrong with the last hold: each item that did not fit and how many are left. Only
   * a 409's failure carries items (see `toFailure`); any other is "Could not hold these dates."
   */
  const holdProblem = computed(() => {
    const e = booking.holdFailure.value;
    const tr = t.value, f = formats.value;
    const tz = booking.widget.value?.tz ?? 'UTC';
    const misfits = e?.items?.filter((i) => i.status !== 'ok') ?? [];
    return !e ? '' : !misfits.length ? tr('holdError') : misfits
      .map((i) => {
        const period = formatPeriod(f, i, tz, nights.value);
        const sold = i.status === 'sold_out';
        // Nothing left is a fully booked day, not "only 0 left".
        return sold && i.quantity_available ? tr('onlyLeft', period, f.number(i.quantity_available)) : `${period}: ${tr(sold ? 'sold' : 'unavailable')}.`;
      })
      .join(' ');
  });

  /**
   * Holds `items`; a 409 refreshes availability. On Shopify the held items go into the cart
   * first, and `booking-widget:reserved` follows once `/cart/add.js` has answered, so a theme
   * refreshing its cart drawer on that event sees the new line at once.
   */
  async function holdItems(items: HoldRequest[]) {
    const held = await booking.hold(items);
    const variants = [...new Set(items.map((i) => i.variant))];
    if (!held) {
      if (booking.holdFailure.peek()?.error === 'unavailable') for (const v of variants) booking.refreshAvailability(v);
      return;
    }
    expired.value = undefined;
    announcement.value = heldUntil.peek();
    if (shopify()) {
      const label: ItemLabel = (i) => {
        const [first, last] = periodDays(i, held.tz, nights.peek());
        const f = formats.peek();
        return { Start: f.short(first), Finish: f.short(last) };
      };
      for (const v of variants) {
        await addToShopifyCart(held, v, label, deps.fetch, deps.storefrontJson, deps.signal).catch((e: { message?: string }) => {
          if (!deps.signal.aborted) emit('booking-widget:error', { error: 'cart_failed', message: e?.message ?? 'Could not add to the cart' });
        });
      }
    }
    if (!deps.signal.aborted) emit('booking-widget:reserved', held);
  }

  return {
    announcement, expired, remaining, heldUntil, holdProblem, holdItems,

    /** Holds the items of the hold that ran out again, as they were. */
    async holdAgain() {
      const r = expired.value;
      if (!r) return;
      await holdItems(
        r.items.map((i) => ({ variant: String(i.external_id), start: shopDay(i.start, r.tz), finish: shopDay(i.finish, r.tz), quantity: i.quantity })),
      );
    },
  };
});

/** An instance of the hold model. */
export type Hold = InstanceType<typeof HoldModel>;
