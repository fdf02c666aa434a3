/**
 * The view model: what the shopper sees and does (language, shown month, focused day, chosen
 * days, quantity, messages) over the business model. Components only read it and call its actions.
 * @module
 */
import { computed, createModel, effect, signal } from '../reactive.ts';
import { type PlainDate, addDays, addMonths, eachDay, startOfMonth } from '../../shared/plain-date.ts';
import { firstDayOfWeek } from '../calendar/grid.ts';
import { type DayFacts, type Reason, blockedDays, dayReason } from '../calendar/rules.ts';
import { createFormats } from '../format.ts';
import { isRtl, resolveLocale, translator } from '../i18n.ts';
import { dayInZone } from '../zone.ts';
import { BookingModel, type ModelDeps, monthLoaded } from './booking-model.ts';
import { HoldClock } from './hold-clock.ts';
import { SelectionModel } from './selection-model.ts';

/** The view model of one widget. */
export const ViewModel = createModel((deps: ModelDeps) => {
  const booking = new BookingModel(deps);
  const { config } = deps;
  const { widget, settings, today } = booking;
  const variant = computed(() => config.value.variant ?? '');
  const locale = computed(() => resolveLocale(config.value.locale, widget.value?.locale, document.documentElement.lang));
  const t = computed(() => translator(locale.value));
  const formats = computed(() => createFormats(locale.value));
  const rtl = computed(() => isRtl(locale.value));
  const firstDay = computed(() => settings.value.first_day_of_week ?? firstDayOfWeek(locale.value));

  /**
   * Today by the shopper's clock, in UTC: the shop's today is this day or the one before or
   * after (every zone is within a day of UTC). The calendar's skeleton shows its month, at its
   * final size, until the widget record says which day it is in the shop's zone.
   */
  const guess = dayInZone(deps.now(), 'UTC');
  const focus = signal<PlainDate | undefined>(undefined);
  /** The shown month. */
  const month = computed(() => startOfMonth(focus.value ?? guess));
  const quantity = signal(1);
  /** The days the calendar may show: from today's month to the horizon. */
  const bounds = computed(() => {
    const d = today.value;
    return d && { min: startOfMonth(d), max: addDays(d, settings.value.horizon_days) };
  });

  const facts = computed<DayFacts | undefined>(() => {
    const d = today.value;
    const w = widget.value;
    return d && w && {
      today: d,
      settings: settings.value,
      blocks: Object.values(booking.blackouts.value[variant.value] ?? {}).map((b) => blockedDays(b, w.tz)),
      availability: booking.days.value[variant.value] ?? {},
      quantity: quantity.value,
    };
  });
  /** Months wholly in the past or past the horizon need no data: every day there is out. */
  const needsData = (m: PlainDate) => {
    const b = bounds.value!;
    return m >= b.min && m <= b.max;
  };
  const monthReady = computed(() => {
    const m = month.value;
    return !!bounds.value && (!needsData(m) || monthLoaded(booking, variant.value, m));
  });
  const clock = new HoldClock(booking, t, formats);
  const selection = new SelectionModel(deps, booking, clock, facts, quantity, variant, t, formats);
  /** Why each day of the shown month cannot be chosen now. */
  const reasons = computed(() => {
    const f = facts.value;
    const m = month.value;
    const out: Record<string, Reason | undefined> = {};
    const opens = selection.opens.value;
    if (f) for (const d of eachDay(m, addMonths(m, 1))) out[d] = dayReason(d, f, opens(d));
    return out;
  });

  // Once "today" in the shop's zone is known: the focus on the first day that could be
  // bookable (unless the shopper already moved through the skeleton), the least quantity.
  let started = false;
  effect(() => {
    const d = today.value;
    if (d && !started) {
      started = true;
      focus.value = focus.peek() ?? addDays(d, settings.value.lead_days);
      quantity.value = settings.value.quantity_min;
    }
  });
  // The shown month and the next one, for the current variant; again after a retry or refresh.
  effect(() => {
    const m = month.value;
    void booking.failures.value;
    void booking.loaded.value;
    if (bounds.value) booking.loadMonths(variant.value, [m, addMonths(m, 1)].filter(needsData));
  });

  return {
    booking, clock, selection, locale, t, formats, rtl, firstDay, focus, guess, month, quantity, bounds, monthReady, reasons,

    /**
     * Moves the calendar's focus (and the shown month with it), kept within the bookable
     * months once they are known; the skeleton's month buttons already work.
     */
    moveFocus(date: PlainDate) {
      const b = bounds.value;
      focus.value = !b ? date : date < b.min ? b.min : date > b.max ? b.max : date;
    },

    /** The shopper chose `date`: a day, a range's start or its end. */
    choose(date: PlainDate) {
      focus.value = date;
      if (monthReady.value) selection.choose(date);
    },

    /** Sets the quantity, kept within the widget's bounds. */
    setQuantity(n: number) {
      const { quantity_min: min, quantity_max: max } = settings.value;
      quantity.value = Math.min(max, Math.max(min, Math.round(n) || min));
    },

    /** Sends the failed requests again. */
    retry: booking.retry,
  };
});

/** An instance of the view model. */
export type View = InstanceType<typeof ViewModel>;
