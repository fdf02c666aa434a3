/**
 * What the slot count reads, as the queries load it and the pure count uses it (types only).
 * @module
 */

/** A live hold item or booking of a slot variant, as instants (epoch ms, finish exclusive). */
export interface SlotUsageRow {
  startsAt: number;
  finishesAt: number;
  quantity: number;
  /** The reservation holding it, or null for a booking. */
  reservationId: number | null;
}
