/**
 * A booking as the day views read it: the shop-local days it covers (its finish is exclusive:
 * a booking of days ends at the midnight after its last day), whether it is booked by times of
 * day, who it is for and what it takes. Pure functions of the booking's `*_local` fields: the
 * service has already put them in the shop's zone, DST days included.
 * @module
 */
import type { Booking } from '../../client/index.ts';
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import { dayRange, isWholeDays, localPeriod } from './dates.ts';

/** The shop-local day a booking starts on. */
export function firstDayOf(b: Booking): PlainDate {
  return b.starts_at_local.slice(0, 10) as PlainDate;
}

/** The last shop-local day a booking uses: the day before a finish at midnight, else the finish's day. */
export function lastDayOf(b: Booking): PlainDate {
  const day = b.finishes_at_local.slice(0, 10) as PlainDate;
  const atMidnight = /T00:00(:00)?$/.test(b.finishes_at_local);
  const last = atMidnight ? addDays(day, -1) : day;
  return last < firstDayOf(b) ? firstDayOf(b) : last;
}

/** Whether a booking is of times of day (not whole days). */
export function isTimed(b: Booking): boolean {
  return !isWholeDays(b.starts_at_local, b.finishes_at_local);
}

/** "09:00–11:00": a timed booking's wall-clock times. */
export function timesOf(b: Booking): string {
  return `${b.starts_at_local.slice(11, 16)}–${b.finishes_at_local.slice(11, 16)}`;
}

/** "Ada Lovelace, Ben Ng": the customers by name, or by email when they gave no name. */
export function customersOf(b: Booking): string {
  const names = b.customers.map((c) => `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim() || c.email);
  return names.filter(Boolean).join(', ') || 'No name given';
}

/** The booking's items for the variants `only` keeps: "2 × Kayak hire – Single kayak". */
export function unitsOf(b: Booking, only: (externalId: number) => boolean = () => true): string {
  return b.items
    .filter((i) => only(Number(i.external_id)))
    .map((i) => `${i.quantity} × ${i.product_title} – ${i.variant_title}`)
    .join(', ');
}

/** How many units of the variants `only` keeps the booking takes. */
export function unitCount(b: Booking, only: (externalId: number) => boolean): number {
  return b.items.filter((i) => only(Number(i.external_id))).reduce((sum, i) => sum + i.quantity, 0);
}

/** Every booking of a paged list: a day or a month is read whole, not its first page. */
export async function everyBooking(pages: AsyncIterable<Booking>): Promise<Booking[]> {
  const all: Booking[] = [];
  for await (const b of pages) all.push(b);
  return all;
}

/** "Sat, Dec 5, 2026, 09:00–11:00" for a booking of times, "Dec 5 – 6, 2026" for one of days. */
export function periodOf(b: Booking): string {
  return isTimed(b) ? localPeriod(b.starts_at_local, b.finishes_at_local) : dayRange(firstDayOf(b), lastDayOf(b));
}
