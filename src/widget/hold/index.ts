/**
 * The hold's code, a file of its own: loaded when the shopper first picks a day (or ahead of
 * time once the browser is idle, or at once when the cart already holds something), so the
 * calendar is interactive before these bytes have arrived. A slot widget's times are a file
 * of their own again (`slot/`), which this one loads: date and range widgets never do.
 * @module
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { Formats } from '../format.ts';
import type { Translate } from '../i18n.ts';
import type { Booking } from '../models/booking-model.ts';
import type { ModelDeps } from '../models/booking-types.ts';
import type { SlotSelection } from '../slot/slot-view.ts';
import type { SlotFeature } from '../slot/index.tsx';
import type { SlotView } from '../slot/slot-view.ts';
import { type Hold, HoldModel } from './hold-model.ts';
import { HoldPanel, HoldProblem } from './HoldPanel.tsx';
import { Summary, isHeld } from './choice.tsx';
import type { QuestionsFile } from './questions-loader.ts';

/** The hold's model for one widget, and the components that show it. */
export interface HoldFeature {
  model: Hold;
  HoldPanel: typeof HoldPanel;
  HoldProblem: typeof HoldProblem;
  /** The choice's length and total, under the controls. */
  Summary: typeof Summary;
  /** Whether the choice is what the cart holds (Reserve then gives way to the hold's actions). */
  isHeld: typeof isHeld;
  /**
   * Holds the choice `c` of `variant`: its days, or a slot widget's chosen time by its UTC
   * instants (SLOTS.md §2: unambiguous across DST).
   */
  reserve(variant: string, c: { start: PlainDate; finish: PlainDate; quantity: number }): Promise<void>;
  /** A slot widget's times of the chosen day, under the calendar, once their file is in; else nothing. */
  Times: (props: { vm: SlotView }) => ReturnType<SlotFeature['Times']> | null;
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
  quantity: ReadonlySignal<number>,
): HoldFeature {
  const slot = signal<SlotFeature | undefined>(undefined);
  const model = new HoldModel(deps, booking, t, formats, locale, loadQuestions, (p) =>
    slot.peek() ? slot.peek()!.model.slotsOf(p) : 1,
  );
  if (booking.widget.peek()?.type === 'slot') {
    // No choice is complete without its time, from now on (the times' file may still be on its way).
    selection.time.value ??= null;
    import('../slot/index.tsx').then(
      (m) => (slot.value = m.createSlotFeature(deps, booking, selection, quantity)),
      // The file did not arrive: said as a hold that cannot be made, with its Retry.
      booking.holdFailed,
    );
    const dispose = model[Symbol.dispose].bind(model);
    // The times' model goes with the hold's, which the view model disposes.
    model[Symbol.dispose] = () => {
      slot.peek()?.model[Symbol.dispose]();
      dispose();
    };
  }
  return {
    model,
    HoldPanel,
    HoldProblem,
    Summary,
    isHeld,
    reserve(variant, c) {
      const at = selection.time.peek();
      return model.holdItems([{ variant, ...c, ...(at && { start: at.starts_at, finish: at.finishes_at }) }]);
    },
    Times: ({ vm }) => slot.value?.Times({ vm }) ?? null,
  };
}
