/**
 * A booking's items judged against capacity and blackouts under the variants' locks, as
 * POST /v1/bookings and PATCH /v1/bookings/{id} both judge them: items of variants booked by
 * days on every shop-local day of the period (the availability engine), items of slot
 * variants by their slot (`slot-judgements.ts`). A booking comes from a paid order or the
 * merchant: the storefront's window and range length do not apply, blackouts do.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { judgeDemands, type Judgement } from '../availability/engine.ts';
import { loadBlackouts, loadUsage } from '../availability/queries.ts';
import type { Demand, Period, VariantRules } from '../availability/types.ts';
import { UsageIndex } from '../availability/usage.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import type { BookingItemInput } from './input.ts';
import { judgeSlotItems } from './slot-judgements.ts';

/** Each item's demand and its judgement, in the items' order. */
export interface ItemJudgements {
  demands: Demand[];
  judgements: Judgement[];
}

/**
 * Judges `items` for `period` at `now` against everything the database counts now (call it
 * after the variants' locks, with `rules` read under them).
 */
export async function judgeBookingItems(
  q: Queryable,
  shop: { shopId: number; tz: string },
  rules: ReadonlyMap<number, VariantRules>,
  items: readonly BookingItemInput[],
  period: Period,
  now: number,
): Promise<ItemJudgements> {
  const demands: Demand[] = items.map((i) => ({ variant: rules.get(i.externalId), period, quantity: i.quantity }));
  const variantIds = [...new Set(demands.flatMap((d) => (d.variant ? [d.variant.variantId] : [])))];
  const usage = new UsageIndex(await loadUsage(q, variantIds, period, now));
  const blackouts = await loadBlackouts(q, shop.shopId, variantIds, period);
  // Items of slot variants are judged by their slots (slot-judgements.ts); the others by days.
  const judgements = judgeDemands(
    demands.map((d) => (d.variant?.schedule ? { ...d, quantity: 0 } : d)),
    { today: plainDateInZone(now, shop.tz), usage, blackouts, storefrontRules: false },
  );
  await judgeSlotItems(q, demands, blackouts, now, judgements);
  return { demands, judgements };
}
