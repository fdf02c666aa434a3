/**
 * The slot generator, which lives in src/shared/slots.ts so the admin's preview runs the very
 * code the service books by; re-exported here so the service's imports stay where they were.
 * @module
 */
export { findSlot, minutesOf, nearestSlots, slotDate, slotsBetween, slotsOn, weekdayOf } from '../../shared/slots.ts';
