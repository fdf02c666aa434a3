/**
 * A slot widget's times (SLOTS.md §3), a file of their own: loaded once the widget record says
 * the widget is a slot widget, so date and range widgets never load these bytes.
 * @module
 */
import type { VNode } from 'preact';
import type { Booking } from '../models/booking-model.ts';
import type { ModelDeps } from '../models/booking-types.ts';
import type { SlotSelection } from './slot-view.ts';
import type { ReadonlySignal } from '@preact/signals';
import { SlotModel, type Slots } from './slot-model.ts';
import { SlotTimes } from './SlotTimes.tsx';
import type { SlotView } from './slot-view.ts';

/** The slot list's model for one widget, and the component that shows it. */
export interface SlotFeature {
  model: Slots;
  /** The chosen day's times as a radio group, under the calendar. */
  Times: (props: { vm: SlotView }) => VNode<unknown>;
}

/**
 * Builds the slot list over the widget's models; `pick`: the member of a shopper pool the
 * shopper picked (RESOURCES.md §3), whose own times the list shows.
 */
export function createSlotFeature(
  deps: ModelDeps,
  booking: Booking,
  selection: SlotSelection,
  quantity: ReadonlySignal<number>,
  pick?: ReadonlySignal<number | undefined>,
): SlotFeature {
  const model = new SlotModel(deps, booking, selection, quantity, pick);
  return { model, Times: ({ vm }) => <SlotTimes vm={vm} slots={model} /> };
}
