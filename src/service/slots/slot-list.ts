/**
 * A slot variant's times of day over a period, each judged by the same rules as a hold of it
 * (SLOTS.md §2): notice, horizon and blackouts (`rules.ts`), then the capacity left
 * (`slot-usage.ts`). GET /v1/slots lists them; GET /v1/availability sums each day up
 * (`slot-days.ts`). One statement reads everything (`slot-queries.ts`).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import type { AvailableSlot } from '../../shared/records.ts';
import type { Schedule } from '../../shared/schedule.ts';
import { ITEM_STATUS, type ItemStatus } from '../../shared/status.ts';
import { plainDateInZone, startOfDayInZone, toIsoUtc } from '../../shared/zones.ts';
import { NotFoundError } from '../shared/errors.ts';
import { timedPeriod } from '../availability/period.ts';
import { checkPick, resourceLimits } from '../availability/resource-limits.ts';
import { slotsBetween } from './generate.ts';
import { slotRuleStatus } from './rules.ts';
import { loadSlotContext, type SlotVariant } from './slot-queries.ts';
import { SlotUsage } from './slot-usage.ts';

/** What to list. */
export interface SlotsRequest {
  externalVariantId: number;
  start: PlainDate;
  /** Exclusive. */
  finish: PlainDate;
  /** The units asked for: a slot with fewer left is `sold_out`. */
  quantity: number;
  /** A cart whose own holds do not count. */
  cartToken: string | undefined;
  /** One member of a `shopper` pool asked about (`resource_id=`); undefined: any. */
  resourceId?: string | undefined;
}

/** One slot judged: the record, and the units free on it whatever the rules. */
export interface JudgedSlot extends AvailableSlot {
  /** Capacity minus everyone else's use, even when a rule closes the slot. */
  quantityFree: number;
}

/** A variant's slots judged, by local date (every date of the period present). */
export interface JudgedPeriod {
  variant: SlotVariant & { schedule: Schedule };
  days: Map<PlainDate, JudgedSlot[]>;
}

/**
 * Judges the slots of the variant over `[start, finish)` in the shop's zone `tz`, at the
 * database's "now" (or `override`, a test clock's). `undefined` when the variant is booked by
 * days; a `NotFoundError` when the shop has no such variant.
 */
export async function judgeSlots(
  q: Queryable,
  shop: { shopId: number; tz: string },
  request: SlotsRequest,
  override: number | null,
): Promise<JudgedPeriod | undefined> {
  const span = {
    startAt: startOfDayInZone(request.start, shop.tz).getTime(),
    finishAt: startOfDayInZone(request.finish, shop.tz).getTime(),
  };
  const context = await loadSlotContext(q, shop.shopId, request.externalVariantId, span, request.cartToken, override);
  const { variant } = context;
  if (!variant)
    throw new NotFoundError(
      'variant',
      request.externalVariantId,
      `No variant with external id ${request.externalVariantId} in this shop.`,
    );
  const { schedule } = variant;
  if (!schedule) return undefined;
  const usage = new SlotUsage(schedule, variant.capacity, context.usage, context.own);
  const ruleContext = { now: context.now, today: plainDateInZone(context.now, shop.tz), blackouts: context.blackouts };
  const days = new Map<PlainDate, JudgedSlot[]>();
  for (const [date, slots] of slotsBetween(schedule, shop.tz, request.start, request.finish)) {
    days.set(
      date,
      slots.map((slot) => {
        const quantityFree = usage.free(slot);
        const rule = slotRuleStatus(schedule, variant.variantId, date, slot, ruleContext);
        const status: ItemStatus = rule ?? (quantityFree < request.quantity ? 'sold_out' : 'ok');
        return {
          starts_at: toIsoUtc(slot.startsAt),
          finishes_at: toIsoUtc(slot.finishesAt),
          local_start: slot.localStart,
          local_finish: slot.localFinish,
          quantity_available: rule ? 0 : quantityFree,
          status,
          status_code: ITEM_STATUS[status],
          quantityFree,
        };
      }),
    );
  }
  await limitByResources(q, { ...variant, schedule }, days, { ...request, tz: shop.tz, ...context });
  return { variant: { ...variant, schedule }, days };
}

/** Lowers each slot to what its shared resources leave (one query; none without requirements). */
async function limitByResources(
  q: Queryable,
  variant: SlotVariant,
  days: Map<PlainDate, JudgedSlot[]>,
  o: { tz: string; now: number; own: number | undefined; resourceId?: string | undefined; quantity: number },
): Promise<void> {
  checkPick(variant, o.resourceId);
  const slots = [...days.values()].flat();
  const limits = await resourceLimits(
    q,
    variant,
    slots.map((slot) => timedPeriod(Date.parse(slot.starts_at), Date.parse(slot.finishes_at), o.tz)),
    { allDay: false, tz: o.tz, now: o.now, except: o.own, pick: o.resourceId },
  );
  if (!limits) return;
  slots.forEach((slot, i) => {
    const { limit, free } = limits[i]!;
    if (free) slot.free_resources = free;
    if (limit === undefined) return;
    slot.quantityFree = Math.min(slot.quantityFree, limit);
    slot.quantity_available = Math.min(slot.quantity_available, limit);
    if (slot.status === 'ok' && slot.quantity_available < o.quantity) {
      slot.status = 'sold_out';
      slot.status_code = ITEM_STATUS.sold_out;
    }
  });
}
