/**
 * What the slot list's file reads of the widget's view model, declared here so that file never
 * imports the view model that loads it (no import cycle, type-only imports included). `View`
 * (models/view-model.ts) satisfies it.
 * @module
 */
import type { ReadonlySignal } from '@preact/signals';
import type { Formats } from '../format.ts';
import type { Translate } from '../i18n.ts';
import type { Booking } from '../models/booking-model.ts';
import type { Selection } from '../models/selection-model.ts';

/** The parts of the view model the slot list shows. */
export interface SlotView {
  t: ReadonlySignal<Translate>;
  formats: ReadonlySignal<Formats>;
  locale: ReadonlySignal<string>;
  rtl: ReadonlySignal<boolean>;
  booking: Booking;
  selection: Selection;
}
