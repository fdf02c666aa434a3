/**
 * The shopper's choice: one day or a range's start and end, checked against the rules, and
 * Reserve, which hands the choice to the hold's code (loaded on the first pick).
 * @module
 */
import { type ReadonlySignal, computed, createModel, effect, signal } from '@preact/signals';
import { type PlainDate, addDays } from '../../shared/plain-date.ts';
import { type DayFacts, closedBy, dayInTheWay, dayReason, rangeFinish, rangeProblem } from '../calendar/rules.ts';
import { type Formats, dayLabel, formatPeriod } from '../format.ts';
import type { HoldFeature } from '../hold/index.ts';
import type { Translate } from '../i18n.ts';
import type { AvailableSlot } from '../../shared/records.ts';
import type { Booking } from './booking-model.ts';
import type { ModelDeps } from './booking-types.ts';

/**
 * The choice of days, over the element's `deps` (events), the business model, the view's
 * facts, quantity, variant, strings and formats, and the loader of the hold's code.
 */
export const SelectionModel = createModel(
  (
    deps: ModelDeps,
    booking: Booking,
    facts: ReadonlySignal<DayFacts | undefined>,
    quantity: ReadonlySignal<number>,
    variant: ReadonlySignal<string>,
    t: ReadonlySignal<Translate>,
    formats: ReadonlySignal<Formats>,
    loadHold: () => HoldFeature | Promise<HoldFeature>,
  ) => {
    const { emit } = deps;
    const { settings, isRange, nights } = booking;
    const start = signal<PlainDate | undefined>(undefined);
    const end = signal<PlainDate | undefined>(undefined);
    /**
     * A slot widget's chosen time of the chosen day (set by the slot list's file): null until
     * one is chosen, which keeps the choice incomplete; undefined in a date or range widget.
     */
    const time = signal<AvailableSlot | null | undefined>(undefined);
    /** Feedback on the last choice ("Now choose the end date."), announced politely. */
    const message = signal('');
    /** What to do first, until the first choice: "Choose a start date." */
    const instruction = computed(() => (start.value ? '' : t.value(isRange.value ? 'pickStart' : 'pickDay')));

    /** Whether choosing a day opens a new choice (a day, or a range's start) rather than ending one. */
    const opens = computed(() => {
      const s = start.value,
        e = end.value,
        range = isRange.value;
      return (date: PlainDate) => !range || !s || !!e || date < s;
    });
    /** The complete choice, `finish` exclusive as the API counts it. */
    const chosen = computed(() => {
      const s = start.value,
        e = end.value;
      if (!s || !e || time.value === null) return undefined;
      return {
        start: s,
        finish: isRange.value ? rangeFinish(e, settings.value) : addDays(s, 1),
        quantity: quantity.value,
      };
    });
    /**
     * Why the choice no longer fits, or "" while it does: the day in the way and what it has
     * left ("Tuesday, November 24, 2026: only 1 left." once the quantity grew past it), so the
     * shopper sees why Reserve is off. Said in the message line, which is a polite live region.
     */
    const stale = computed(() => {
      const c = chosen.value,
        f = facts.value;
      if (!c || !f) return '';
      const day = isRange.value ? dayInTheWay(c.start, end.value!, f) : c.start;
      const reason = day && dayReason(day, f, day === c.start);
      // A chosen range's length never changes: only a day in it can stop it.
      if (!reason) return '';
      const left = f.availability[day]?.quantity_free;
      return reason === 'short'
        ? t.value('onlyLeft', formats.value.day(day), formats.value.number(left!))
        : dayLabel(formats.value, t.value, day, reason, { title: closedBy(day, f), left });
    });
    // Another variant has other availability: its choice starts afresh.
    effect(() => {
      void variant.value;
      start.value = end.value = undefined;
      message.value = '';
    });
    // A slot widget's file says its own choice, a time's instants (SLOTS.md §2).
    effect(() => {
      const c = chosen.value;
      if (c && time.value === undefined) emit('booking-widget:select', c);
    });

    return {
      start,
      end,
      time,
      message,
      instruction,
      opens,
      chosen,
      stale,

      /**
       * The shopper chose `date`: a day, a range's start or its end. An unavailable day is
       * refused and changes nothing; a day that cannot end the range (too long, too short, an
       * unavailable day in between) starts new dates from it, so no choice is ever a trap.
       */
      choose(date: PlainDate) {
        const f = facts.value;
        if (!f) return;
        const tr = t.value,
          fm = formats.value,
          from = start.value;
        // The hold's code is needed from the first pick on: fetch it now, while the shopper picks.
        void Promise.resolve(loadHold()).catch(() => {});
        const problem = !opens.value(date) && rangeProblem(from!, date, f);
        const ending = problem === undefined;
        const reason = !ending && dayReason(date, f);
        if (reason) {
          message.value = dayLabel(fm, tr, date, reason, {
            title: closedBy(date, f),
            left: f.availability[date]?.quantity_free,
          });
        } else if (ending) {
          end.value = date;
          message.value = formatPeriod(fm, chosen.value!, '', nights.value);
        } else {
          start.value = date;
          end.value = isRange.value ? undefined : date;
          // The choice itself, said once (it is a polite live region); a new start says why.
          const blocked = problem === 'crosses' && dayInTheWay(from!, date, f);
          message.value = !isRange.value
            ? fm.day(date)
            : !problem
              ? tr('pickEnd')
              : tr(
                  'restart',
                  blocked
                    ? tr('crossesDay', fm.day(blocked))
                    : tr('length', settings.value.min_days, settings.value.max_days),
                  fm.day(date),
                );
        }
      },

      /** Shows a held period as the choice (a reload with a live hold opens on it, selected). */
      adopt(first: PlainDate, last: PlainDate) {
        start.value = first;
        end.value = last;
      },

      /** Holds the choice for the current variant (the hold's file says what it holds: days, or a time). */
      async reserve() {
        if (!chosen.value || stale.value) return;
        if (!variant.value) {
          message.value = t.value('pickVariant');
          return;
        }
        // "Reserving…" at once, also while the hold's code may still be on its way.
        const { holding } = booking;
        if (holding.value) return;
        holding.value = true;
        let hold: HoldFeature;
        try {
          // Usually in already (fetched on the first pick): then no wait at all.
          const loading = loadHold();
          hold = 'model' in loading ? loading : await loading;
        } catch (e) {
          booking.holdFailed(e);
          return;
        } finally {
          holding.value = false;
        }
        // Read now: a slot widget's hold file may just have said that a time is still to choose.
        const c = chosen.value;
        if (c) await hold.reserve(variant.value, c);
      },
    };
  },
);

/** An instance of the selection model. */
export type Selection = InstanceType<typeof SelectionModel>;
