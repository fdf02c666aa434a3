/**
 * How many units of each variant are in use on each shop-local day: unexpired holds and
 * pending/confirmed bookings, as loaded by `loadUsage`. Pure: no I/O, no clock, no zone.
 * @module
 */
import { type PlainDate, toEpochDay } from '../../shared/plain-date.ts';
import type { UsageRow } from './types.ts';

type DayCounts = Map<number, number>;

function addTo(map: Map<number, DayCounts>, key: number, day: number, quantity: number): void {
  let days = map.get(key);
  if (!days) map.set(key, (days = new Map()));
  days.set(day, (days.get(day) ?? 0) + quantity);
}

/**
 * Units in use per variant per day, with each reservation's own share kept apart so that a
 * cart can be judged against everyone but itself ("what other carts hold").
 */
export class UsageIndex {
  private readonly totals = new Map<number, DayCounts>();
  // reservation id → variant id → day → units
  private readonly byReservation = new Map<number, Map<number, DayCounts>>();

  constructor(rows: Iterable<UsageRow>) {
    for (const row of rows) this.add(row);
  }

  /** Counts one more row (the engine adds the earlier items of a request this way). */
  add(row: UsageRow): void {
    const first = toEpochDay(row.startDay);
    const end = toEpochDay(row.finishDay);
    let own: Map<number, DayCounts> | undefined;
    if (row.reservationId !== null) {
      own = this.byReservation.get(row.reservationId);
      if (!own) this.byReservation.set(row.reservationId, (own = new Map()));
    }
    for (let day = first; day < end; day++) {
      addTo(this.totals, row.variantId, day, row.quantity);
      if (own) addTo(own, row.variantId, day, row.quantity);
    }
  }

  /** Units of `variantId` in use on epoch day `day`, leaving out reservation `except`'s own. */
  used(variantId: number, day: number, except?: number): number {
    const total = this.totals.get(variantId)?.get(day) ?? 0;
    if (except === undefined) return total;
    return total - (this.byReservation.get(except)?.get(variantId)?.get(day) ?? 0);
  }

  /**
   * The most units of a variant with `capacity` still free on every day of
   * `[startDay, finishDay)`, leaving out reservation `except`'s own; never below 0.
   */
  free(variantId: number, capacity: number, startDay: PlainDate, finishDay: PlainDate, except?: number): number {
    let least = capacity;
    for (let day = toEpochDay(startDay), end = toEpochDay(finishDay); day < end; day++) {
      least = Math.min(least, capacity - this.used(variantId, day, except));
    }
    return Math.max(0, least);
  }
}
