/**
 * What the Calendar screen loads and how it groups it: the bookings and the day-by-day
 * occupancy (units held and booked, blackouts by title) of the days shown, narrowed by
 * product, variant, location, status and a search (name, email or order), in rows by variant
 * or by product. The location and the search are sent to the service (`location_id`, `q`);
 * rows are also kept to the location's products here, so the grid never shows another's.
 * @module
 */
import type { Booking, BookingListParams, OccupancyDay, Product } from '../../client/index.ts';
import type { BookingStatus } from '../../shared/records.ts';
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import { client } from '../api.ts';
import { everyBooking } from './booking-days.ts';

/** The calendar's filters but the search (ids as the selects hold them; '' for all). */
export interface CalendarFilters {
  /** A product's platform id. */
  product: string;
  /** A variant's id (the service's). */
  variant: string;
  location: string;
  status: BookingStatus | '';
}

/** What one load asks for: the days shown, the filters and the search. */
export interface CalendarQuery extends CalendarFilters {
  days: PlainDate[];
  q: string;
}

/** The answer of one load, with the query it answers. */
export interface CalendarData {
  query: CalendarQuery;
  bookings: Booking[];
  occupancy: OccupancyDay[];
}

/** The variant's platform id for its service id, from the catalogue. */
export function externalVariantOf(products: Product[], variantId: string): number | undefined {
  for (const p of products) for (const v of p.variants) if (String(v.id) === variantId) return Number(v.external_id);
  return undefined;
}

/** Loads the bookings (every page) and the occupancy of the days shown. */
export async function loadCalendar(
  query: CalendarQuery,
  products: Product[],
  signal: AbortSignal,
): Promise<CalendarData> {
  const first = query.days[0]!;
  const finish = addDays(query.days.at(-1)!, 1);
  const variant = query.variant ? externalVariantOf(products, query.variant) : undefined;
  const params: BookingListParams & { location_id?: number } = {
    start_min: first,
    finish_max: finish,
    per: 100,
    ...(query.status && { status: query.status }),
    ...(variant !== undefined
      ? { external_variant_id: variant }
      : query.product && { external_product_id: Number(query.product) }),
    ...(query.location && { location_id: Number(query.location) }),
    ...(query.q.trim() && { q: query.q.trim() }),
  };
  const [bookings, occupancy] = await Promise.all([
    everyBooking(client.bookings.iterate(params, { signal })),
    client.occupancy.list(
      { start: first, finish, ...(variant !== undefined && { external_variant_id: variant }) },
      { signal },
    ),
  ]);
  // Cancelled bookings free their units: shown only when asked for by their status.
  return {
    query,
    bookings: bookings.filter((b) => query.status === 'cancelled' || b.status !== 'cancelled'),
    occupancy,
  };
}

/** A day of a row: units held and booked of its capacity, and the blackouts closing it, by title. */
export interface DayLoad {
  held: number;
  booked: number;
  capacity: number;
  blackouts: string[];
}

/** A row of the calendar: a variant, or a product with all its variants. */
export interface CalendarRow {
  key: string;
  name: string;
  /** The variants in the row (one for a variant's row), for "Add booking" and "Add blackout". */
  variants: { id: number; title: string }[];
  /** The product's platform id. */
  productExternal: number;
  /** Platform ids of the variants in the row. */
  externals: Set<number>;
  days: Map<string, DayLoad>;
  bookings: Booking[];
}

/** The rows to show: the catalogue's products and variants the filters keep, by variant or by product. */
export function rowsOf(data: CalendarData, products: Product[], byProduct: boolean): CalendarRow[] {
  const { query } = data;
  const kept = products
    .filter((p) => !query.product || String(p.external_id) === query.product)
    .filter((p) => !query.location || String(p.location_id) === query.location)
    .map((p) => ({ p, variants: p.variants.filter((v) => !query.variant || String(v.id) === query.variant) }))
    .filter((x) => x.variants.length > 0);
  const groups = byProduct
    ? kept.map(({ p, variants }) => ({ key: `p${p.id}`, name: p.title, p, variants }))
    : kept.flatMap(({ p, variants }) =>
        variants.map((v) => ({ key: `v${v.id}`, name: `${p.title} – ${v.title}`, p, variants: [v] })),
      );
  return groups.map((g) => {
    const externals = new Set(g.variants.map((v) => Number(v.external_id)));
    const days = new Map<string, DayLoad>();
    for (const o of data.occupancy) {
      if (!externals.has(Number(o.external_variant_id))) continue;
      const day = days.get(o.date) ?? { held: 0, booked: 0, capacity: 0, blackouts: [] };
      day.held += o.held;
      day.booked += o.booked;
      day.capacity += o.capacity;
      const title = o.blackout_title ?? 'Closed';
      if (o.blacked_out && !day.blackouts.includes(title)) day.blackouts.push(title);
      days.set(o.date, day);
    }
    return {
      key: g.key,
      name: g.name,
      variants: g.variants.map((v) => ({ id: v.id, title: v.title })),
      productExternal: Number(g.p.external_id),
      externals,
      days,
      bookings: data.bookings.filter((b) => b.items.some((i) => externals.has(Number(i.external_id)))),
    };
  });
}
