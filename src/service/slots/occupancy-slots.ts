/**
 * Occupancy by slot (GET /v1/occupancy/slots): a slot variant's slots on one local day with the
 * units booked, held and left, counted as the slot list counts them (`slot-usage.ts`): seats by
 * start, units as the most in use at one instant of the slot with its buffers. The held count is
 * what the holds add on top of the bookings; no rule (notice, blackouts) hides a slot here.
 * @module
 */
import type { OccupancySlot } from '../../shared/merchant-records.ts';
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import { slotsOn } from '../../shared/slots.ts';
import { startOfDayInZone, toIsoUtc } from '../../shared/zones.ts';
import type { Queryable } from '../db/types.ts';
import { InvalidError, NotFoundError } from '../shared/errors.ts';
import { loadSlotOccupancy, type OccupancyItem } from './occupancy-queries.ts';
import { SlotUsage } from './slot-usage.ts';

// Counting against a capacity no slot reaches gives the units in use, uncapped.
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

const rows = (items: OccupancyItem[], ...more: OccupancyItem[][]) =>
  [items, ...more]
    .flat()
    .map(([startsAt, finishesAt, quantity]) => ({ startsAt, finishesAt, quantity, reservationId: null }));

/**
 * The slots of variant `externalVariantId` on local `date` in the shop's zone, with their units;
 * 404 for a variant the shop does not have, 422 for one booked by days.
 */
export async function slotOccupancy(
  q: Queryable,
  shop: { shopId: number; tz: string },
  externalVariantId: number,
  date: PlainDate,
  override: number | null,
): Promise<OccupancySlot[]> {
  const span = {
    startAt: startOfDayInZone(date, shop.tz).getTime(),
    finishAt: startOfDayInZone(addDays(date, 1), shop.tz).getTime(),
  };
  const context = await loadSlotOccupancy(q, shop.shopId, externalVariantId, span, override);
  if (!context)
    throw new NotFoundError(
      'variant',
      externalVariantId,
      `No variant with external id ${externalVariantId} in this shop.`,
    );
  const { schedule, capacity } = context;
  if (!schedule) throw new InvalidError({ external_variant_id: ['is booked by days; use /v1/occupancy'] });
  const booked = new SlotUsage(schedule, UNBOUNDED, rows(context.bookings));
  const all = new SlotUsage(schedule, UNBOUNDED, rows(context.bookings, context.holds));
  return slotsOn(schedule, shop.tz, date).map((slot) => {
    const bookedUnits = UNBOUNDED - booked.free(slot);
    const inUse = UNBOUNDED - all.free(slot);
    return {
      starts_at: toIsoUtc(slot.startsAt),
      finishes_at: toIsoUtc(slot.finishesAt),
      local_start: slot.localStart,
      local_finish: slot.localFinish,
      capacity,
      booked: bookedUnits,
      held: inUse - bookedUnits,
      available: Math.max(0, capacity - inUse),
    };
  });
}
