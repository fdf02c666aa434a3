/**
 * What the shared resources' file reads of the widget's view model, declared here so that file
 * never imports the view model that loads it (no import cycle, type-only imports included).
 * `View` (models/view-model.ts) satisfies it.
 * @module
 */
import type { ReadonlySignal } from '@preact/signals';
import type { WidgetConfig } from '../boot/host.ts';
import type { Formats } from '../format.ts';
import type { Translate } from '../i18n.ts';
import type { Booking } from '../models/booking-model.ts';
import type { ResourceSelection } from './model.ts';

/** The parts of the view model the steppers, the pool choice and the summary show. */
export interface ResourceView {
  t: ReadonlySignal<Translate>;
  formats: ReadonlySignal<Formats>;
  locale: ReadonlySignal<string>;
  config: ReadonlySignal<WidgetConfig>;
  booking: Booking;
  selection: ResourceSelection;
}
