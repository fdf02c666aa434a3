/**
 * The time left on the cart's hold: the server's `expires_at` on the server's clock (our clock
 * corrected by the offset measured from `Date` headers), re-read every second and whenever the
 * tab is shown again (timers sleep in background tabs). Announced only at thresholds, never
 * each second; near the end it is `ending`, so the panel makes it prominent and offers to keep
 * holding (WCAG 2.2.1).
 * @module
 */
import { type ReadonlySignal, computed, createModel, effect, signal } from '@preact/signals';
import type { Reservation } from '../../shared/records.ts';
import type { Formats } from '../format.ts';
import { named, shopperZone } from './zone-names.ts';
import type { Translate } from '../i18n.ts';
import type { Booking } from '../models/booking-model.ts';

/** Minutes left at which the countdown is announced, once each; the first starts `ending`. */
export const THRESHOLDS = [5, 1];

/** The countdown of the cart's hold; `onExpired` runs once when it reaches zero. */
export const HoldClock = createModel(
  (
    booking: Booking,
    t: ReadonlySignal<Translate>,
    formats: ReadonlySignal<Formats>,
    locale: ReadonlySignal<string>,
    onExpired: (r: Reservation) => void,
  ) => {
    /** The hold's status for the polite live region: set rarely, never every second. */
    const announcement = signal('');
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
    /** Within the first threshold of the end. */
    const ending = computed(() => !!booking.reservation.value && remaining.value <= THRESHOLDS[0]! * 60_000);
    /** The instant the hold ends on the shopper's clock, as a time in the shopper's zone, named as the days are. */
    const until = computed(() => {
      const r = booking.reservation.value;
      return r
        ? named(formats.value.time(booking.clock.value + remaining.value), shopperZone(), r.tz, locale.value)
        : '';
    });
    /** "Held until 10:42 (Central European Time)." */
    const heldUntil = computed(() => (until.value ? t.value('heldUntil', until.value) : ''));
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
        onExpired(r);
        return;
      }
      const threshold = THRESHOLDS.filter((m) => left <= m * 60_000).pop();
      if (threshold !== undefined && threshold < announced) {
        announced = threshold;
        announcement.value = t.peek()('timeLeft', formats.peek().minutes(Math.ceil(left / 60_000)));
      }
    });

    return { announcement, remaining, ending, until, heldUntil };
  },
);

/** An instance of the countdown. */
export type Clock = InstanceType<typeof HoldClock>;
