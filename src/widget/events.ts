/**
 * The events a `<booking-widget>` dispatches on itself (`bubbles: true, composed: true`), so a
 * theme can listen on the element or anywhere above it.
 * @module
 */
import type { PlainDate } from '../shared/plain-date.ts';
import type { Reservation, Widget } from '../shared/records.ts';

/**
 * A complete choice: `finish` is exclusive, as the API counts it. Days (`YYYY-MM-DD`) for a date
 * or range widget; a slot widget's chosen time as its UTC instants (`starts_at`, `finishes_at`).
 */
export interface SelectDetail {
  start: PlainDate | string;
  finish: PlainDate | string;
  quantity: number;
}

/**
 * A failure the shopper was shown: an API error code (API.md §4), the sentence the shopper
 * read (in the widget's language, safe to show), and the developer's detail (never shown).
 */
export interface ErrorDetail {
  error: string;
  message: string;
  detail?: string;
}

/** Each event name with the type of its `detail`. */
export interface BookingWidgetEventMap {
  /** The widget record has loaded and the calendar is shown. */
  'booking-widget:ready': Widget;
  /** The shopper completed a choice of dates and quantity. */
  'booking-widget:select': SelectDetail;
  /**
   * The service confirmed a hold. Cancelable: a page that puts the hold in a cart of its own
   * calls `preventDefault()`, and without `checkout-url` the held state then leaves the next
   * step to the page (otherwise it tells the shopper there is no checkout here).
   */
  'booking-widget:reserved': Reservation;
  /** A hold ran out. */
  'booking-widget:expired': Reservation;
  /** The shopper released the hold (its units are free again). */
  'booking-widget:released': Reservation;
  /** A load or a hold failed. */
  'booking-widget:error': ErrorDetail;
}

/**
 * Dispatches one typed event on the element; `false` when a listener called `preventDefault()`
 * (every event is cancelable; only `booking-widget:reserved` gives that a meaning).
 */
export type Emit = <K extends keyof BookingWidgetEventMap>(type: K, detail: BookingWidgetEventMap[K]) => unknown;

declare global {
  interface HTMLElementEventMap {
    'booking-widget:ready': CustomEvent<Widget>;
    'booking-widget:select': CustomEvent<SelectDetail>;
    'booking-widget:reserved': CustomEvent<Reservation>;
    'booking-widget:expired': CustomEvent<Reservation>;
    'booking-widget:released': CustomEvent<Reservation>;
    'booking-widget:error': CustomEvent<ErrorDetail>;
  }
}
