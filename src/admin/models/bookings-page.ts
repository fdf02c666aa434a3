/**
 * One page of the shop's bookings for the Bookings screen, with what its pager needs: how many
 * match, and whether there is a page after it (the client's reading of the answer's `Link`,
 * `X-Total-Count` or fullness) or before it.
 * @module
 */
import { signal } from '@preact/signals';
import type { Booking, BookingListParams } from '../../client/index.ts';
import { nextPage } from '../../client/internal.ts';
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import { client } from '../api.ts';
import { dayRange, isWholeDays, localPeriod } from './dates.ts';

/** Bookings on a page: a screenful, so the coming ones are never pages away. */
export const PER = 25;

/** A page of bookings and where it sits among them. */
export interface BookingsPage {
  bookings: Booking[];
  /** The page's number, from 1. */
  page: number;
  /** How many bookings match, on every page. */
  total: number;
  next: boolean;
  prev: boolean;
}

/** One slot whose bookings the screen lists (a click in the occupancy by slot). */
export interface SlotFilter {
  externalVariantId: number;
  /** The slot's instants, UTC: bookings overlapping them are listed. */
  startsAt: string;
  finishesAt: string;
  /** "Guided tour – Adult, Sat, Dec 5, 2026, 09:00–11:00". */
  label: string;
}

/** The slot the Bookings screen is narrowed to, or null for every booking. */
export const slotFilter = signal<SlotFilter | null>(null);

/** What the screen asks for: a search, a status, coming or all, a slot, and the page. */
export interface BookingsQuery {
  q: string;
  /** A status, or 'refund': the cancellations whose refund is still to be made, whenever they were. */
  status: Booking['status'] | 'refund' | '';
  coming: boolean;
  /** Today in the shop's zone: "coming" bookings finish from it on. */
  today: string;
  /** Only the bookings of this slot (then `coming` does not apply). */
  slot: SlotFilter | null;
  page: number;
}

/** The page `query` names; `signal` aborts it. */
export async function loadBookingsPage(query: BookingsQuery, signal: AbortSignal): Promise<BookingsPage> {
  const params: BookingListParams = {
    ...(query.q.trim() && { q: query.q.trim() }),
    ...(query.status === 'refund' ? { refund_due: true } : query.status && { status: query.status }),
    ...(query.status === 'refund'
      ? {}
      : query.slot
        ? {
            external_variant_id: query.slot.externalVariantId,
            start_min: query.slot.startsAt,
            finish_max: query.slot.finishesAt,
          }
        : query.coming && { start_min: query.today }),
    page: query.page,
    per: PER,
  };
  const { data, response } = await client.bookings.list(params, { signal }).withResponse();
  const counted = Number(response.headers.get('X-Total-Count'));
  const total =
    Number.isInteger(counted) && response.headers.has('X-Total-Count') ? counted : (query.page - 1) * PER + data.length;
  return {
    bookings: data,
    page: query.page,
    total,
    next: nextPage(response, query.page, PER, data.length) !== undefined,
    prev: query.page > 1,
  };
}

/** A booking's period as the shop reads it: its days, or its day and wall-clock times. */
export function periodOf(b: Pick<Booking, 'starts_at_local' | 'finishes_at_local'>): string {
  if (!isWholeDays(b.starts_at_local, b.finishes_at_local)) return localPeriod(b.starts_at_local, b.finishes_at_local);
  const first = b.starts_at_local.slice(0, 10) as PlainDate;
  const last = addDays(b.finishes_at_local.slice(0, 10) as PlainDate, -1);
  return dayRange(first, last < first ? first : last);
}

/** "2 × Kayak hire – Single kayak, 1 × …": what a booking books. */
export function itemsOf(b: Pick<Booking, 'items'>): string {
  return b.items.map((i) => `${i.quantity} × ${i.product_title} – ${i.variant_title}`).join(', ');
}
