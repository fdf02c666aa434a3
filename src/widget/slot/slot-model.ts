/**
 * The times of the chosen day of a slot widget (SLOTS.md §3), in the slot list's own file: once
 * a day is chosen its slots are asked of the service (GET slots for that date, with the cart
 * token so the shopper's own holds count as free), kept per variant and day, and asked again
 * when the cart's hold changes or a hold failed. Choosing a time sets the selection's `time`,
 * which completes the choice (Reserve holds that slot by its UTC instant) and caps the
 * quantity at what the time has left. A reload with a live hold chooses the held time again.
 * @module
 */
import { type ReadonlySignal, computed, createModel, effect, signal } from '@preact/signals';
import { createLightRequester, listSlots } from '../../client/internal.ts';
import { type PlainDate, addDays } from '../../shared/plain-date.ts';
import type { AvailableSlot, SlotsByDate } from '../../shared/records.ts';
import { shopDay } from '../format.ts';
import type { Booking } from '../models/booking-model.ts';
import type { ModelDeps } from '../models/booking-types.ts';
import type { SlotSelection } from './slot-view.ts';
import { type SlotReason, slotReason } from './slot-format.ts';
import { longestRun, runOf, slotMinutes } from './slot-runs.ts';
import { slotsIn } from '../../shared/pricing.ts';

/**
 * A time with why it cannot be chosen (undefined: it can): one slot, or a run of the chosen
 * length from it (`run`: too few slots follow it that day).
 */
export interface SlotChoice {
  slot: AvailableSlot;
  reason: SlotReason | undefined;
}

/** The times of `date`, when the answer has the documented shape; else a thrown `invalid_response`-like error. */
export function parseSlots(data: unknown, date: string): AvailableSlot[] {
  const list = (data as SlotsByDate | null)?.[date];
  const ok = (s: AvailableSlot) =>
    typeof s === 'object' &&
    s !== null &&
    !Number.isNaN(Date.parse(s.starts_at)) &&
    !Number.isNaN(Date.parse(s.finishes_at)) &&
    /^\d\d:\d\d$/.test(s.local_start) &&
    typeof s.quantity_available === 'number' &&
    typeof s.status === 'string';
  if (!Array.isArray(list) || !list.every(ok)) throw new Error('The slots response does not have the documented shape');
  return list;
}

/** The slot list of one widget. */
export const SlotModel = createModel(
  (
    deps: ModelDeps,
    booking: Booking,
    selection: SlotSelection,
    quantity: ReadonlySignal<number>,
    /** A shopper pool's member picked (RESOURCES.md §3): the times are that member's own. */
    pick?: ReadonlySignal<number | undefined>,
  ) => {
    const variant = computed(() => deps.config.value.variant ?? '');
    /** The chosen day's key (`variant day pick`), when a day and a variant are chosen. */
    const key = computed(() =>
      selection.start.value && variant.value ? `${variant.value} ${selection.start.value} ${pick?.value ?? ''}` : '',
    );
    /** Slots by key, as last answered: kept shown while they are asked again. */
    const lists = signal<Record<string, AvailableSlot[]>>({});
    /** Keys asked for, in flight or answered; forgotten to ask again. */
    const sent = new Set<string>();
    const asked = signal(0);
    const failed = signal(false);
    /** The chosen day's times, undefined while they load. */
    const times = computed(() => lists.value[key.value]);
    /** The length in slots the shopper chose (the Length choice; 1 without one). */
    const length = signal(1);
    /** The longest run offered: the widget's `max_slots` within the variant's (1: no Length choice). */
    const longest = computed(() => longestRun(booking.settings.value.max_slots, times.value));
    /** The chosen length, within what is offered. */
    const runLength = computed(() => Math.min(length.value, longest.value));
    /**
     * Each time of the chosen day and its run of the chosen length (undefined: too few slots
     * follow it). The same objects while the list and the length stay, so a chosen one stays.
     */
    const runs = computed(() => {
      const list = times.value;
      return list?.map((slot) => [slot, runOf(list, slot, runLength.value)] as const);
    });
    /** Each time of the chosen day with why it cannot take the quantity asked (on the server's clock). */
    const choices = computed<SlotChoice[] | undefined>(() => {
      const now = booking.clock.value + booking.offset.value;
      return runs.value?.map(([slot, run]) =>
        run ? { slot: run, reason: slotReason(run, quantity.value, now) } : { slot, reason: 'run' },
      );
    });

    /** Asks for `k`'s times (once until forgotten). */
    async function load(k: string) {
      const [v, date, resource] = k.split(' ') as [string, PlainDate, string];
      sent.add(k);
      failed.value = false;
      try {
        const { api, token } = deps.config.peek();
        const requester = createLightRequester({
          baseUrl: api,
          token,
          tokenInQuery: true,
          fetch: deps.fetch,
          retry: { limit: 1, delayMs: 300 },
        });
        const cart_token = await deps.cartToken;
        const data = await listSlots(
          requester,
          {
            external_variant_id: v,
            start: date,
            finish: addDays(date, 1),
            cart_token,
            ...(resource && { resource_id: Number(resource) }),
          },
          { signal: deps.signal },
        );
        lists.value = { ...lists.value, [k]: parseSlots(data, date) };
      } catch {
        sent.delete(k);
        if (!deps.signal.aborted && k === key.peek()) failed.value = true;
      }
    }

    effect(() => {
      const k = key.value;
      void asked.value;
      if (k && !sent.has(k)) void load(k);
    });
    // Another day: its own time is chosen afresh.
    let day = selection.start.peek();
    effect(() => {
      if (selection.start.value === day) return;
      day = selection.start.value;
      selection.time.value = null;
    });
    // The cart's hold changed, or a hold failed: the times are asked again (the old ones stay
    // shown until the new ones are in).
    effect(() => {
      void booking.reservation.value;
      void booking.holdFailure.value;
      sent.clear();
      asked.value = asked.peek() + 1;
    });
    // New numbers for the chosen time, or another length: the choice follows them, and drops a
    // time no longer open for the quantity (or too late in the day for the length).
    effect(() => {
      const list = runs.value;
      const at = selection.time.peek();
      if (!list || !at) return;
      const run = list.find(([s]) => s.starts_at === at.starts_at)?.[1];
      selection.time.value = run?.status === 'ok' && run.quantity_available >= quantity.peek() ? run : null;
    });
    // The choice as the page hears of it: the chosen time's instants (the calendar's own file
    // says a choice of days only, and leaves a slot widget's to this one).
    effect(() => {
      const c = selection.chosen.value,
        at = selection.time.value;
      if (c && at) deps.emit('booking-widget:select', { ...c, start: at.starts_at, finish: at.finishes_at });
    });
    // A reload with a live hold of this variant: its time is chosen again, once its day is in.
    let adopted = false;
    effect(() => {
      const r = booking.reservation.value,
        list = times.value;
      if (adopted || !r || !list) return;
      const item = r.items.find((i) => String(i.external_id) === variant.peek() && i.all_day === 0);
      if (!item || shopDay(item.start, r.tz) !== selection.start.peek()) return;
      adopted = true;
      // Its length too: a run of slots reads as the slots it spans.
      const first = list.find((s) => Date.parse(s.starts_at) === Date.parse(item.start));
      if (first) length.value = slotsIn(Date.parse(item.start), Date.parse(item.finish), slotMinutes(first));
      selection.time.value = runs.peek()?.find(([s]) => s === first)?.[1] ?? null;
    });

    return {
      key,
      times,
      choices,
      failed,
      length: runLength,
      longest,
      /** A slot's elapsed minutes on the chosen day (0 before its times are in). */
      minutes: computed(() => (times.value?.[0] ? slotMinutes(times.value[0]) : 0)),
      /** Chooses a length of `n` slots (the Length choice). */
      setLength(n: number) {
        length.value = Math.max(1, Math.min(longest.peek(), Math.round(n) || 1));
      },
      /** How many slots a held period spans, by the length of this list's slots (1 when unknown). */
      slotsOf(p: { start: string; finish: string }): number {
        const first = times.peek()?.[0];
        return first ? slotsIn(Date.parse(p.start), Date.parse(p.finish), slotMinutes(first)) : 1;
      },
      /** Chooses `slot` (an unavailable one changes nothing). */
      choose(slot: AvailableSlot) {
        const c = choices.peek()?.find((c) => c.slot === slot);
        if (c && !c.reason) selection.time.value = slot;
      },
      /** Asks for the chosen day's times again (after a failure). */
      retry() {
        asked.value++;
      },
    };
  },
);

/** An instance of the slot list's model. */
export type Slots = InstanceType<typeof SlotModel>;
