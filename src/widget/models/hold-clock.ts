/**
 * The time left on a hold: the server's `expires_at` on the server's clock (our clock corrected
 * by the offset measured from `Date` headers), re-read every second and whenever the tab is
 * shown again (timers sleep in background tabs). Announced only at thresholds, never each second.
 * @module
 */
import { type ReadonlySignal, computed, createModel, effect, signal } from '../reactive.ts';
import type { Reservation } from '../../shared/records.ts';
import { type Formats, named, shopperZone } from '../format.ts';
import type { Translate } from '../i18n.ts';
import type { Booking } from './booking-model.ts';

/** Minutes left at which the countdown is announced, once each. */
const THRESHOLDS = [5, 1];

/** The countdown of the cart's hold. */
export const HoldClock = createModel((booking: Booking, t: ReadonlySignal<Translate>, formats: ReadonlySignal<Formats>) => {
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

  return {
    announcement, expired, remaining, heldUntil,

    /** A new hold: announce until when it lasts. */
    started() {
      expired.value = undefined;
      announcement.value = heldUntil.value;
    },
  };
});

/** An instance of the countdown model. */
export type Clock = InstanceType<typeof HoldClock>;
