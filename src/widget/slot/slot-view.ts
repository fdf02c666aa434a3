/**
 * What the slot list's file reads of the widget's view model, declared here so that file never
 * imports the view model that loads it (no import cycle, type-only imports included). `View`
 * (models/view-model.ts) satisfies it.
 * @module
 */
import type { ReadonlySignal, Signal } from '@preact/signals';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { AvailableSlot } from '../../shared/records.ts';
import type { Formats } from '../format.ts';
import type { Translate } from '../i18n.ts';
import type { Booking } from '../models/booking-model.ts';

/** What the slot list reads and sets of the selection (models/selection-model.ts satisfies it). */
export interface SlotSelection {
  /** The chosen day. */
  start: ReadonlySignal<PlainDate | undefined>;
  /** The complete choice in days, `finish` exclusive (undefined while no time is chosen). */
  chosen: ReadonlySignal<{ start: PlainDate; finish: PlainDate; quantity: number } | undefined>;
  /** The chosen time: null while none is (the choice is then incomplete). */
  time: Signal<AvailableSlot | null | undefined>;
}

/** The parts of the view model the slot list shows. */
export interface SlotView {
  t: ReadonlySignal<Translate>;
  formats: ReadonlySignal<Formats>;
  locale: ReadonlySignal<string>;
  rtl: ReadonlySignal<boolean>;
  booking: Booking;
  selection: SlotSelection;
}
