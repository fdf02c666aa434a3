/**
 * What the hold's file reads of the widget's view model: the interface it depends on, declared
 * here so the hold's code never imports the view model that loads it (no import cycle, type-only
 * imports included). `View` (models/view-model.ts) satisfies it.
 * @module
 */
import type { ReadonlySignal } from '@preact/signals';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { WidgetConfig } from '../boot/host.ts';
import type { Formats } from '../format.ts';
import type { Translate } from '../i18n.ts';
import type { AvailableSlot } from '../../shared/records.ts';
import type { Booking } from '../models/booking-model.ts';

/** The parts of the view model the hold's panel and totals show. */
export interface HoldView {
  t: ReadonlySignal<Translate>;
  formats: ReadonlySignal<Formats>;
  locale: ReadonlySignal<string>;
  config: ReadonlySignal<WidgetConfig>;
  booking: Booking;
  selection: {
    reserve(): unknown;
    /** The complete choice, `finish` exclusive. */
    chosen: ReadonlySignal<{ start: PlainDate; finish: PlainDate; quantity: number } | undefined>;
    /** A slot widget's chosen time (null until chosen; absent or undefined elsewhere). */
    time?: ReadonlySignal<AvailableSlot | null | undefined>;
  };
}
