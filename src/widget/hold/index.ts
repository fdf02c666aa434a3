/**
 * The hold's code, a file of its own: loaded when the shopper first picks a day (or ahead of
 * time once the browser is idle, or at once when the cart already holds something), so the
 * calendar is interactive before these bytes have arrived. A slot widget's times are a file
 * of their own again (`slot/`), which this one loads: date and range widgets never do. So is
 * a product's shared resources (`resources/`: ticket types, a shopper's pick), loaded only when
 * the widget record says the product has them.
 * @module
 */
import type { ComponentChildren } from 'preact';
import { type ReadonlySignal, type Signal, effect, signal } from '@preact/signals';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { AvailabilityDay } from '../../shared/records.ts';
import type { Formats } from '../format.ts';
import type { Translate } from '../i18n.ts';
import type { Booking } from '../models/booking-model.ts';
import type { ModelDeps } from '../models/booking-types.ts';
import type { SlotSelection } from '../slot/slot-view.ts';
import type { SlotFeature } from '../slot/index.tsx';
import type { SlotView } from '../slot/slot-view.ts';
import type { ResourceFeature } from '../resources/index.tsx';
import type { ResourceView } from '../resources/view.ts';
import { needsResources } from '../resources/needs.ts';
import { type Hold, HoldModel } from './hold-model.ts';
import { HoldPanel, HoldProblem } from './HoldPanel.tsx';
import { Summary, isHeld } from './choice.tsx';
import type { QuestionsFile } from './questions-loader.ts';
import type { HoldView } from './hold-view.ts';

/** The hold's model for one widget, and the components that show it. */
export interface HoldFeature {
  model: Hold;
  HoldPanel: typeof HoldPanel;
  HoldProblem: typeof HoldProblem;
  /** The choice's length and total (the ticket types chosen, with prices), under the controls. */
  Summary: (props: { vm: HoldView & ResourceView }) => ReturnType<typeof Summary>;
  /** Whether the choice is what the cart holds (Reserve then gives way to the hold's actions). */
  isHeld: (vm: HoldView & ResourceView) => boolean;
  /**
   * Holds the choice `c` of `variant`: its days, or a slot widget's chosen time by its UTC
   * instants (SLOTS.md §2: unambiguous across DST); for ticket types, each type chosen, in one post.
   */
  reserve(variant: string, c: { start: PlainDate; finish: PlainDate; quantity: number }): Promise<void>;
  /** What goes under the calendar once their files are in: a slot widget's times, then a shopper's choice of resource. */
  Times: (props: { vm: SlotView & ResourceView }) => ComponentChildren;
  /** False while the product's shared resources' file is on its way: the controls stay a skeleton. */
  readonly ready: boolean;
  /** One stepper per ticket type, in place of the quantity's, when the product has ticket types. */
  readonly Tickets: ResourceFeature['Tickets'] | undefined;
  /** The days the calendar shows for ticket types or a shopper's pick (undefined: its own). */
  readonly days: Record<string, AvailabilityDay> | undefined;
}

/** Builds the hold's model over the widget's business model (and, for a slot widget, loads its times). */
export function createHoldFeature(
  deps: ModelDeps,
  booking: Booking,
  t: ReadonlySignal<Translate>,
  formats: ReadonlySignal<Formats>,
  locale: ReadonlySignal<string>,
  loadQuestions: QuestionsFile,
  selection: SlotSelection,
  quantity: Signal<number>,
  months: ReadonlySignal<PlainDate[]>,
): HoldFeature {
  const slot = signal<SlotFeature | undefined>(undefined);
  const res = signal<ResourceFeature | undefined>(undefined);
  /** The shopper's pick for the element's own variant, which the slot list asks its times with. */
  const pick = signal<number | undefined>(undefined);
  const model = new HoldModel(
    deps,
    booking,
    t,
    formats,
    locale,
    loadQuestions,
    (p) => (slot.peek() ? slot.peek()!.model.slotsOf(p) : 1),
    {
      pickOf: (r, v) => res.peek()?.pickOf(r, v),
      remember: (r, items) => res.peek()?.model.remember(r, items),
      note: (r) => res.value?.note(r, locale.value, t.value),
      shortage: (i, period, items) => res.peek()?.shortage(i, period, items, locale.peek(), formats.peek()),
    },
  );
  const dispose = model[Symbol.dispose].bind(model);
  let loading: Promise<unknown> | undefined;
  /** The shared resources' file is on its way. */
  const waiting = signal(false);
  // Once the record says the product has shared resources (it may come after the cart's hold).
  const watch = effect(() => {
    if (loading || !needsResources(booking.widget.value, deps.config.peek().product)) return;
    waiting.value = true;
    loading = import('../resources/index.tsx').then(
      (m) => (res.value = m.createResourceFeature(deps, booking, selection, quantity, months, pick)),
      // The file did not arrive: said as a hold that cannot be made, with its Retry.
      booking.holdFailed,
    );
    void loading.finally(() => (waiting.value = false));
  });
  if (booking.widget.peek()?.type === 'slot') {
    // No choice is complete without its time, from now on (the times' file may still be on its way).
    selection.time.value ??= null;
    import('../slot/index.tsx').then(
      (m) => (slot.value = m.createSlotFeature(deps, booking, selection, quantity, pick)),
      // The file did not arrive: said as a hold that cannot be made, with its Retry.
      booking.holdFailed,
    );
  }
  // The times' and resources' models go with the hold's, which the view model disposes.
  model[Symbol.dispose] = () => {
    watch();
    slot.peek()?.model[Symbol.dispose]();
    res.peek()?.model[Symbol.dispose]();
    dispose();
  };
  return {
    model,
    HoldPanel,
    HoldProblem,
    Summary: (p) => res.value?.Summary(p) ?? Summary(p),
    isHeld: (vm) => res.value?.isHeld(vm) ?? isHeld(vm),
    async reserve(variant, c) {
      // A product with shared resources holds what its file says (each type, the pick): wait for it.
      await loading;
      const at = selection.time.peek();
      const period = at ? { start: at.starts_at, finish: at.finishes_at } : c;
      await model.holdItems(res.peek()?.model.items(period, c.quantity) ?? [{ variant, ...c, ...period }]);
    },
    Times: ({ vm }) => [slot.value?.Times({ vm }), res.value?.Choice({ vm })],
    get ready() {
      return !waiting.value;
    },
    get Tickets() {
      return res.value?.model.ticketed.value ? res.value.Tickets : undefined;
    },
    get days() {
      return res.value?.model.days.value;
    },
  };
}
