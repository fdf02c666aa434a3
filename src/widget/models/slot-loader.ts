/**
 * A slot widget's times (SLOTS.md §3): once the widget record says the widget is one, the slot
 * list's own file (`slot/`) is loaded and builds its model over the view's; date and range
 * widgets never load it.
 * @module
 */
import { type ReadonlySignal, effect, signal } from '@preact/signals';
import type { SlotFeature } from '../slot/index.ts';
import type { Booking } from './booking-model.ts';
import type { ModelDeps } from './booking-types.ts';
import type { Selection } from './selection-model.ts';

/** The slot list's feature once its file is in (a slot widget only); disposed with the caller's model. */
export function slotFeature(
  deps: ModelDeps,
  booking: Booking,
  selection: Selection,
  quantity: ReadonlySignal<number>,
): ReadonlySignal<SlotFeature | undefined> {
  const slot = signal<SlotFeature | undefined>(undefined);
  effect(() => {
    if (booking.widget.value?.type !== 'slot') return;
    // No choice is complete without a time, from the first pick on (the file may still be on its way).
    selection.time.value ??= null;
    import('../slot/index.ts').then(
      (m) => (slot.value ??= m.createSlotFeature(deps, booking, selection, quantity)),
      // The file did not arrive: said as a hold that cannot be made, with its Retry.
      booking.holdFailed,
    );
  });
  effect(() => () => slot.peek()?.model[Symbol.dispose]());
  return slot;
}
