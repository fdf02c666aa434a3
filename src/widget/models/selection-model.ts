/**
 * The shopper's choice and what becomes of it: one day or a range's start and end, checked
 * against the rules; then the hold (one request however often the button is pressed), its
 * 409 explained item by item, and on Shopify the held items added to the cart.
 * @module
 */
import { type ReadonlySignal, computed, createModel, effect, signal } from '../reactive.ts';
import { type PlainDate, addDays } from '../../shared/plain-date.ts';
import { type ItemLabel, addToShopifyCart, shopify } from '../api/cart.ts';
import { type DayFacts, dayReason, rangeFinish, rangeProblem } from '../calendar/rules.ts';
import { type Formats, dayLabel, formatPeriod, periodDays, shopDay } from '../format.ts';
import type { Translate } from '../i18n.ts';
import type { Booking, HoldRequest, ModelDeps } from './booking-model.ts';
import type { Clock } from './hold-clock.ts';

/**
 * The choice of days and the hold it leads to, over the element's `deps` (events, fetch, abort),
 * the business model, the countdown, and the view's facts, quantity, variant, strings and formats.
 */
export const SelectionModel = createModel((
  deps: ModelDeps,
  booking: Booking,
  clock: Clock,
  facts: ReadonlySignal<DayFacts | undefined>,
  quantity: ReadonlySignal<number>,
  variant: ReadonlySignal<string>,
  t: ReadonlySignal<Translate>,
  formats: ReadonlySignal<Formats>,
) => {
  const { emit } = deps;
  const { settings } = booking;
  const isRange = computed(() => booking.widget.value?.type === 'range');
  const nights = computed(() => isRange.value && settings.value.count === 'nights');
  const start = signal<PlainDate | undefined>(undefined);
  const end = signal<PlainDate | undefined>(undefined);
  /** Feedback on the last choice ("Now choose the end date."), announced politely. */
  const message = signal('');

  /** Whether choosing a day opens a new choice (a day, or a range's start) rather than ending one. */
  const opens = computed(() => {
    const s = start.value, e = end.value, range = isRange.value;
    return (date: PlainDate) => !range || !s || !!e || date < s;
  });
  /** The complete choice, `finish` exclusive as the API counts it. */
  const chosen = computed(() => {
    const s = start.value, e = end.value;
    if (!s || !e) return undefined;
    return { start: s, finish: isRange.value ? rangeFinish(e, settings.value) : addDays(s, 1), quantity: quantity.value };
  });
  /** True when the choice no longer fits (the quantity grew past what is left). */
  const stale = computed(() => {
    const c = chosen.value, f = facts.value;
    if (!c || !f) return false;
    return isRange.value ? !!rangeProblem(c.start, end.value!, f) : !!dayReason(c.start, f);
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

  // Another variant has other availability: its choice starts afresh.
  effect(() => {
    void variant.value;
    start.value = end.value = undefined;
    message.value = '';
  });
  effect(() => {
    const c = chosen.value;
    if (c) emit('booking-widget:select', c);
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
    clock.started();
    if (shopify()) {
      const label: ItemLabel = (i) => {
        const [first, last] = periodDays(i, held.tz, nights.peek());
        const f = formats.peek();
        return { Start: f.short(first), Finish: f.short(last) };
      };
      for (const v of variants) {
        await addToShopifyCart(held, v, label, deps.fetch, deps.signal).catch((e: { message?: string }) => {
          if (!deps.signal.aborted) emit('booking-widget:error', { error: 'cart_failed', message: e?.message ?? 'Could not add to the cart' });
        });
      }
    }
    if (!deps.signal.aborted) emit('booking-widget:reserved', held);
  }

  return {
    start, end, message, opens, chosen, stale, holdProblem, isRange, nights,

    /** The shopper chose `date`: a day, a range's start or its end. Refusals say why. */
    choose(date: PlainDate) {
      const f = facts.value;
      if (!f) return;
      const tr = t.value;
      const opening = opens.value(date);
      const reason = opening && dayReason(date, f);
      if (reason) {
        message.value = dayLabel(formats.value, tr, date, reason);
      } else if (opening) {
        start.value = date;
        end.value = isRange.value ? undefined : date;
        // The choice itself, said once (it is a polite live region).
        message.value = isRange.value ? tr('pickEnd') : formats.value.day(date);
      } else {
        const problem = rangeProblem(start.value!, date, f);
        if (problem) {
          message.value = problem === 'length' ? tr('length', settings.value.min_days, settings.value.max_days) : tr('crosses');
          // The next day chosen starts a new range, rather than ending one from the old start.
          start.value = undefined;
        } else {
          end.value = date;
          message.value = formatPeriod(formats.value, chosen.value!, '', nights.value);
        }
      }
    },

    /** Holds the chosen days for the current variant. */
    async reserve() {
      const c = chosen.value;
      if (!c || stale.value) return;
      if (!variant.value) {
        message.value = t.value('pickVariant');
        return;
      }
      await holdItems([{ variant: variant.value, ...c }]);
    },

    /** Holds the items of the hold that ran out again, as they were. */
    async holdAgain() {
      const r = clock.expired.value;
      if (!r) return;
      await holdItems(
        r.items.map((i) => ({ variant: String(i.external_id), start: shopDay(i.start, r.tz), finish: shopDay(i.finish, r.tz), quantity: i.quantity })),
      );
    },
  };
});

/** An instance of the selection model. */
export type Selection = InstanceType<typeof SelectionModel>;
