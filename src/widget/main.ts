/**
 * The script-tag entry, built into `dist/booking-widget.js`, a classic script: registers
 * `<booking-widget>`, whose elements load the rest of the widget from this file's own URL.
 * Including the script twice is harmless.
 * @module
 */
import { defineBookingWidget } from './element.ts';

defineBookingWidget();
