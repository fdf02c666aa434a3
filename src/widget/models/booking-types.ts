/**
 * The types the business model (booking-model.ts) is built on and holds with, in a module of
 * their own so the models that use them need not import the model.
 * @module
 */
import type { ReadonlySignal } from '@preact/signals';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { Host, WidgetConfig } from '../boot/host.ts';

export type { WidgetConfig };

/** What a model needs from its element: the entry's `Host`, with the attributes as a signal. */
export interface ModelDeps extends Omit<Host, 'config' | 'root'> {
  config: ReadonlySignal<WidgetConfig>;
}

/**
 * One item to hold: plain days in the shop's zone, or a time of day's UTC instants (a slot
 * widget, SLOTS.md §2); `finish` exclusive.
 */
export interface HoldRequest {
  variant: string;
  start: PlainDate | string;
  finish: PlainDate | string;
  quantity: number;
  /** The member of a shopper pool picked for it (RESOURCES.md §3); omitted: any. */
  resource_id?: number;
}
