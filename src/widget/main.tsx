/**
 * The script-tag entry, built into `dist/booking-widget.js` (one IIFE file): registers
 * `<booking-widget>`. Including the script twice is harmless.
 * @module
 */
import { defineBookingWidget } from './element.tsx';

defineBookingWidget();
