/**
 * The view model: what the shopper sees and does (language, shown month, focused day, chosen
 * days, quantity, messages) over the business model. Components only read it and call its
 * actions. The hold's code (hold request, cart, hold panel, countdown) is a file of its own,
 * loaded when the shopper first picks a day, when the cart already holds something, or ahead
 * of time once the browser is idle.
 * @module
 */
import { type ReadonlySignal, computed, createModel, effect, signal } from '@preact/signals';
import { type PlainDate, addDays, addMonths, eachDay, startOfMonth } from '../../shared/plain-date.ts';
import { firstDayOfWeek } from '../../shared/month-grid.ts';
import { type DayFacts, blockedDays, mostUnits } from '../calendar/rules.ts';
import { createFormats, periodDays } from '../format.ts';
import { isRtl, resolveLocale } from '../i18n.ts';
import { shopperMessage } from './shopper-message.ts';
import type { HoldFeature } from '../hold/index.ts';
import type { Failure } from '../api/failure.ts';
import { type Booking, BookingModel } from './booking-model.ts';
import type { ModelDeps } from './booking-types.ts';
import { firstShownMonth, monthLoaded } from './month-keys.ts';
import { dayStates } from './day-states.ts';
import { SelectionModel } from './selection-model.ts';
import { StringsModel } from './strings-model.ts';

/** The view model of one widget. */
export const ViewModel = createModel((deps: ModelDeps) => {
  // Failures are told to the theme in the shopper's words (the strings exist by the time any
  // request has failed); the developer's sentence travels as `detail`.
  /** Reports failures once the page's language is in (a failure may come first). */
  let report = (failure: Failure, during: 'load' | 'hold'): void => void pending.push([failure, during]);
  const pending: [Failure, 'load' | 'hold'][] = [];
  const booking: Booking = new BookingModel(deps, (failure: Failure, during: 'load' | 'hold') =>
    report(failure, during),
  );
  const { config } = deps;
  const { widget, settings, today } = booking;
  const variant = computed(() => config.value.variant ?? '');
  const locale = computed(() =>
    resolveLocale(config.value.locale, widget.value?.locale, document.documentElement.lang),
  );
  const strings = new StringsModel(locale);
  const tell = (failure: Failure, during: 'load' | 'hold') =>
    deps.emit('booking-widget:error', {
      error: failure.error,
      message: shopperMessage(strings.t.peek(), failure, during),
      detail: failure.message,
    });
  effect(() => {
    if (!strings.ready.value) return;
    report = tell;
    for (const [failure, during] of pending.splice(0)) tell(failure, during);
  });
  const formats = computed(() => createFormats(locale.value));
  const rtl = computed(() => isRtl(locale.value));
  const firstDay = computed(() => settings.value.first_day_of_week ?? firstDayOfWeek(locale.value));
  /**
   * The day the calendar's skeleton shows the month of (today by the shopper's clock, in UTC:
   * the shop's today is this day or one either side) until the widget record says which day it
   * is in the shop's zone.
   */
  const guess = signal(deps.guess);
  const focus = signal<PlainDate | undefined>(undefined);
  /** How many months are shown side by side: 2 where the widget is wide enough (the calendar measures it). */
  const monthsShown = signal(1);
  /** The first shown month as the shopper last left it: it stays while the focus moves within the shown months. */
  const viewStart = signal<PlainDate | undefined>(undefined);
  /** The first shown month. */
  const month = computed(() =>
    firstShownMonth(viewStart.value, startOfMonth(focus.value ?? guess.value), monthsShown.value),
  );
  /** Every shown month, in order. */
  const months = computed(() => Array.from({ length: monthsShown.value }, (_, i) => addMonths(month.value, i)));
  const quantity = signal(1);
  /** The days the calendar may show: from today's month to the horizon. */
  const bounds = computed(() => {
    const d = today.value;
    return d && { min: startOfMonth(d), max: addDays(d, settings.value.horizon_days) };
  });

  const facts = computed<DayFacts | undefined>(() => {
    const d = today.value;
    const w = widget.value;
    return (
      d &&
      w && {
        today: d,
        settings: settings.value,
        blocks: Object.values(booking.blackouts.value[variant.value] ?? {}).map((b) => blockedDays(b, w.tz)),
        // A product with ticket types or a shopper's pick: the group's days (resources/model.ts).
        availability: hold.value?.days ?? booking.days.value[variant.value] ?? {},
        quantity: quantity.value,
      }
    );
  });
  /** Months wholly in the past or past the horizon need no data: every day there is out. */
  const needsData = (m: PlainDate) => {
    const b = bounds.value!;
    return m >= b.min && m <= b.max;
  };
  const monthReady = computed(
    () => !!bounds.value && months.value.every((m) => !needsData(m) || monthLoaded(booking, variant.value, m)),
  );

  /** The hold's code once loaded, with its model for this widget. */
  const hold = signal<HoldFeature | undefined>(undefined);
  let holdLoading: Promise<HoldFeature> | undefined;
  /** The hold's feature: at once when its code is in (so a click acts within the event), else once loaded. */
  const loadHold = (): HoldFeature | Promise<HoldFeature> =>
    hold.peek() ??
    (holdLoading ??= import('../hold/index.ts').then(
      // The questions' file is imported from here, where the import helper already is (issue 27).
      (m) =>
        (hold.value = m.createHoldFeature(
          deps,
          booking,
          strings.t,
          formats,
          locale,
          () => import('../hold/questions/index.ts'),
          selection,
          quantity,
          months,
        )),
      (e: unknown) => {
        // The file did not arrive: the next Reserve asks for it again.
        holdLoading = undefined;
        throw new Error(`The widget's hold code could not load: ${String((e as Error)?.message ?? e)}`);
      },
    ));
  const selection = new SelectionModel(deps, booking, facts, quantity, variant, strings.t, formats, loadHold);

  /** The most units the shopper can ask for: see `mostUnits`; no more than a chosen time has left. */
  const most = computed(() => {
    const c = selection.chosen.value,
      s = selection.start.value;
    return mostUnits(
      settings.value,
      facts.value?.availability ?? {},
      c ? eachDay(c.start, c.finish) : s && [s],
      selection.time.value?.quantity_available,
    );
  });
  // Before a choice, a quantity above what the variant has (another variant was chosen) comes down to it.
  effect(() => {
    if (!selection.start.value && quantity.peek() > most.value) quantity.value = most.value;
  });

  /** The day under the pointer or focus (a range's end is previewed up to it). */
  const hovered = signal<PlainDate | undefined>(undefined);
  /** Set by Retry: the Retry button is gone once the calendar is back, so the focused day takes the focus. */
  const refocus = signal(false);
  /** What each day of the shown month is: reason, units left, place in the choice. */
  const days = computed(() => {
    const choice = {
      range: booking.isRange.value,
      start: selection.start.value,
      end: selection.end.value,
      hovered: hovered.value,
      opens: selection.opens.value,
    };
    return Object.assign({}, ...months.value.map((m) => dayStates(m, facts.value, choice))) as ReturnType<
      typeof dayStates
    >;
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
  // A reload with a live hold for this variant: the calendar opens on the held days, selected,
  // with the held quantity (once, when the hold and the shop's today are first both known).
  let adopted = false;
  effect(() => {
    const r = booking.reservation.value;
    if (adopted || !r || !today.value) return;
    adopted = true;
    const item = r.items.find((i) => String(i.external_id) === variant.peek());
    if (!item) return;
    const [first, last] = periodDays(item, r.tz, booking.nights.peek());
    focus.value = first;
    quantity.value = item.quantity;
    selection.adopt(first, booking.isRange.peek() ? last : first);
  });
  // The shown months and the next one, for the current variant; again after a retry or refresh.
  effect(() => {
    const shown = months.value;
    void booking.failures.value;
    void booking.loaded.value;
    if (bounds.value) booking.loadMonths(variant.value, [...shown, addMonths(shown.at(-1)!, 1)].filter(needsData));
  });
  // The cart already holds something (a reload): the hold panel is needed now. Otherwise the
  // hold's code is fetched once the browser is idle, so the first Reserve does not wait for it.
  effect(() => {
    if (booking.reservation.value) void Promise.resolve(loadHold()).catch(() => {});
  });
  effect(() => {
    if (!widget.value) return;
    const later = (globalThis.requestIdleCallback ?? setTimeout) as (run: () => void) => number;
    later(() => !deps.signal.aborted && void Promise.resolve(loadHold()).catch(() => {}));
  });
  // A new choice after a hold ran out: the note and its "Hold again" give way to Reserve (one
  // action at a time, and never one holding days no longer chosen).
  effect(() => {
    void selection.chosen.value;
    const h = hold.peek();
    if (h) h.model.expired.value = undefined;
  });
  // The hold's model was built after this one: it goes when this one goes.
  effect(() => () => hold.peek()?.model[Symbol.dispose]());

  /** `date`, kept within the bookable months once they are known. */
  const within = (date: PlainDate) => {
    const b = bounds.value;
    return !b ? date : date < b.min ? b.min : date > b.max ? b.max : date;
  };
  /** Moves the focus to `date`; the shown months stay unless `date` is outside them. */
  const focusKeepingView = (date: PlainDate) => {
    viewStart.value = month.peek();
    focus.value = date;
    viewStart.value = month.peek();
  };

  return {
    booking,
    selection,
    strings,
    config,
    locale,
    formats,
    rtl,
    firstDay,
    focus,
    guess,
    month,
    months,
    monthsShown,
    quantity,
    most,
    bounds,
    monthReady,
    days,
    hold,
    refocus,
    t: strings.t as ReadonlySignal<typeof strings.t.value>,

    /**
     * Moves the calendar's focus (and the shown month with it), kept within the bookable
     * months once they are known; the skeleton's month buttons already work.
     */
    moveFocus(date: PlainDate) {
      focusKeepingView(within(date));
    },

    /** The month buttons: the shown months move by `n`, and the focus with them. */
    shiftView(n: number) {
      viewStart.value = addMonths(month.value, n);
      focus.value = within(addMonths(focus.value ?? guess.value, n));
      viewStart.value = month.peek();
    },

    /** The shopper chose `date`: a day, a range's start or its end. */
    choose(date: PlainDate) {
      focusKeepingView(date);
      if (monthReady.value) selection.choose(date);
    },

    /** Sets the quantity, kept between the widget's least and the most that can be had. */
    setQuantity(n: number) {
      const min = settings.value.quantity_min;
      quantity.value = Math.min(most.value, Math.max(min, Math.round(n) || min));
    },

    /** The pointer or focus is on `date` (or left the calendar): previews a range's end. */
    preview(date: PlainDate | undefined) {
      hovered.value = date;
    },

    /** Sends the failed requests again; the calendar takes the focus back once it is shown. */
    retry() {
      refocus.value = true;
      booking.retry();
    },
  };
});

/** An instance of the view model. */
export type View = InstanceType<typeof ViewModel>;
