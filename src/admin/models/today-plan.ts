/**
 * What the Today screen shows of one shop-local day: who picks up (bookings of days starting
 * on it), who returns (bookings whose last day it is), the arrivals of each time of day
 * (bookings of times starting on it, by time and variant), the live holds soonest to lapse
 * and the Shopify order lines still to check. Read through the typed client with the session.
 * @module
 */
import type { Booking, Reservation, ShopifyConflict } from '../../client/index.ts';
import { isBookingApiError, serverDate } from '../../client/index.ts';
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import { client } from '../api.ts';
import { everyBooking, firstDayOf, isTimed, lastDayOf, timesOf } from './booking-days.ts';
import { session } from './session.ts';

/** The bookings of one time of day: "09:00–11:00 · Kayak hire – Single kayak". */
export interface SlotArrivals {
  label: string;
  bookings: Booking[];
}

/** One day's comings and goings. */
export interface DayPlan {
  date: PlainDate;
  pickups: Booking[];
  returns: Booking[];
  arrivals: SlotArrivals[];
}

/** The bookings (not cancelled) touching `date`, sorted into pick-ups, returns and arrivals by time. */
export function planOf(date: PlainDate, bookings: Booking[]): DayPlan {
  const live = bookings.filter((b) => b.status !== 'cancelled');
  const byStart = (a: Booking, b: Booking) => a.starts_at.localeCompare(b.starts_at) || a.id - b.id;
  const slots = new Map<string, Booking[]>();
  for (const b of live.filter((x) => isTimed(x) && firstDayOf(x) === date).sort(byStart)) {
    const what = [...new Set(b.items.map((i) => `${i.product_title} – ${i.variant_title}`))].join(', ');
    const label = `${timesOf(b)} · ${what}`;
    slots.set(label, [...(slots.get(label) ?? []), b]);
  }
  return {
    date,
    pickups: live.filter((b) => !isTimed(b) && firstDayOf(b) === date).sort(byStart),
    // A booking of times returns on a later day only when it runs past midnight.
    returns: live.filter((b) => lastDayOf(b) === date && (!isTimed(b) || firstDayOf(b) < date)).sort(byStart),
    arrivals: [...slots].map(([label, list]) => ({ label, bookings: list })),
  };
}

/** Loads the day's plan: every booking finishing after its start and starting before its end. */
export async function loadDayPlan(date: PlainDate, signal: AbortSignal): Promise<DayPlan> {
  const bookings = await everyBooking(
    client.bookings.iterate({ start_min: date, finish_max: addDays(date, 1), per: 100 }, { signal }),
  );
  return planOf(date, bookings);
}

/** How many holds the screen lists: the ones a merchant can still act on before they lapse. */
export const HOLDS_SHOWN = 10;

/** The live holds soonest to lapse, and the service's clock when they were read. */
export interface ExpiringHolds {
  holds: Reservation[];
  /** How many live holds there are in all. */
  total: number;
  /** The service's clock (its `Date` header) minus this device's, so a countdown is the service's. */
  clockOffsetMs: number;
}

/** Loads the live holds with items, soonest to lapse first. */
export async function loadExpiringHolds(signal: AbortSignal): Promise<ExpiringHolds> {
  const holds: Reservation[] = [];
  let offset: number | undefined;
  for (let page = 1; page <= 10; page++) {
    const { data, response } = await client.reservations
      .list({ active: true, page, per: 100 }, { signal })
      .withResponse();
    const served = serverDate(response);
    offset ??= served === undefined ? 0 : served - Date.now();
    holds.push(...data.filter((r) => r.items.length > 0));
    if (data.length < 100) break;
  }
  holds.sort((a, b) => a.expires_at.localeCompare(b.expires_at) || a.id - b.id);
  return { holds: holds.slice(0, HOLDS_SHOWN), total: holds.length, clockOffsetMs: offset ?? 0 };
}

/**
 * The Shopify order lines still to check: the newest 50, those whose period has not ended by
 * the day's start. Null when this member of staff may not see Shopify's settings (403): the
 * section is then left out rather than shown as a failure.
 */
export async function loadOpenConflicts(date: PlainDate, signal: AbortSignal): Promise<ShopifyConflict[] | null> {
  try {
    const list = await client.shopify.conflicts({ per: 50 }, { signal });
    const tz = session.value?.shop.tz ?? 'UTC';
    return list.filter((c) => plainDateInZone(new Date(c.finishes_at).getTime() - 1, tz) >= date);
  } catch (error) {
    if (isBookingApiError(error) && error.status === 403) return null;
    throw error;
  }
}
