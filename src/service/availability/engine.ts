/**
 * The availability engine (issue 3): whether items fit, and how many units are left, for every
 * write (holds, bookings) and for GET /v1/availability. Pure: the rows it judges are loaded by
 * `queries.ts` inside the caller's transaction, after the variants are locked.
 *
 * Rules, in the order they are reported (the first that applies wins):
 * 6 unknown_variant, 5 invalid_duration, 4 outside_window, 3 blacked_out, 2 sold_out, else 1 ok.
 * A day's use is the units of unexpired holds plus pending/confirmed bookings on it; an item
 * fits when every day of its period has room for it. An item a rule stops has 0 units
 * available (issue 27: a caller filtering by `quantity_available` never picks a closed day);
 * only a calendar day says how many are free whatever the rules (`quantityFree`).
 * @module
 */
import type { WidgetSettings } from '../../shared/records.ts';
import { type PlainDate, addDays, diffDays } from '../../shared/plain-date.ts';
import type { ItemStatus } from '../../shared/status.ts';
import type { BlackoutSpan, Demand, Period, VariantRules } from './types.ts';
import type { UsageIndex } from './usage.ts';

/** The engine's answer for one item. */
export interface Judgement {
  status: ItemStatus;
  /**
   * Capacity minus everyone else's use, the least over the period's days; 0 when a rule
   * (blackout, window, duration, no variant) stops the item, whatever is free.
   */
  quantityAvailable: number;
}

/** A calendar day's answer: also the units free on it whatever the rules. */
export interface DayJudgement extends Judgement {
  /** Capacity minus everyone else's use on the day, even when a rule closes it. */
  quantityFree: number;
}

/** Everything a judgement depends on besides the items. */
export interface JudgeContext {
  /** Today in the shop's zone (from the injected clock). */
  today: PlainDate;
  usage: UsageIndex;
  blackouts: readonly BlackoutSpan[];
  /** The reservation whose own holds do not count against it (the posting cart). */
  except?: number | undefined;
  /**
   * Apply the widget's booking window and range length. Holds do (they are the shopper's
   * choice); bookings do not (they come from a paid order or the merchant).
   */
  storefrontRules: boolean;
}

/** True when a blackout blocks `period`: "overlap" if they overlap, "start" if it starts inside. */
export function blocks(b: BlackoutSpan, period: Period): boolean {
  return b.scope === 'start'
    ? b.startsAt <= period.startAt && period.startAt < b.finishesAt
    : b.startsAt < period.finishAt && period.startAt < b.finishesAt;
}

/** Whether every day of `period` lies within the booking window `settings` gives from `today`. */
export function insideWindow(period: Period, settings: WidgetSettings, today: PlainDate): boolean {
  const lastDay = addDays(period.finishDay, -1);
  return period.startDay >= addDays(today, settings.lead_days) && lastDay <= addDays(today, settings.horizon_days);
}

/** Whether the period's length in days is one `settings` allows. */
export function validDuration(period: Period, settings: WidgetSettings): boolean {
  const days = diffDays(period.startDay, period.finishDay);
  return days >= settings.min_days && days <= settings.max_days;
}

/**
 * The rule (other than capacity) that stops `demand`, if any: what a hold judges before the
 * database counts units (`hold_items`), and the first step of `judgeDemands`.
 */
export function ruleStatus(demand: Demand, ctx: Omit<JudgeContext, 'usage'>): ItemStatus | undefined {
  const v = demand.variant;
  if (!v) return 'unknown_variant';
  if (demand.quantity === 0) return undefined;
  if (ctx.storefrontRules && !validDuration(demand.period, v.settings)) return 'invalid_duration';
  if (ctx.storefrontRules && !insideWindow(demand.period, v.settings, ctx.today)) return 'outside_window';
  if (ctx.blackouts.some((b) => b.variantId === v.variantId && blocks(b, demand.period))) return 'blacked_out';
  return undefined;
}

/**
 * Judges the items of one request together: an item's units count against the later items of
 * the same request (two items of one variant on one day share its capacity). The context's
 * usage is extended in place with the items that fit.
 */
export function judgeDemands(demands: readonly Demand[], ctx: JudgeContext): Judgement[] {
  return demands.map((demand) => {
    const v = demand.variant;
    if (!v) return { status: 'unknown_variant', quantityAvailable: 0 };
    const { startDay, finishDay } = demand.period;
    const free = ctx.usage.free(v.variantId, v.capacity, startDay, finishDay, ctx.except);
    const rule = ruleStatus(demand, ctx);
    if (rule) return { status: rule, quantityAvailable: 0 };
    const status = demand.quantity > free ? 'sold_out' : 'ok';
    if (status === 'ok' && demand.quantity > 0) {
      ctx.usage.add({ variantId: v.variantId, startDay, finishDay, quantity: demand.quantity, reservationId: null });
    }
    return { status, quantityAvailable: free };
  });
}

/**
 * One day of GET /v1/availability: the day judged as a one-day item starting on it (window and
 * blackouts included, range length not): the units that item could have (0 on a closed day),
 * and the units still free on it whatever the rules (a longer item may use a day that only a
 * "start" blackout closes).
 */
export function judgeDay(variant: VariantRules, period: Period, ctx: JudgeContext): DayJudgement {
  const quantityFree = ctx.usage.free(
    variant.variantId,
    variant.capacity,
    period.startDay,
    period.finishDay,
    ctx.except,
  );
  let status: ItemStatus = quantityFree > 0 ? 'ok' : 'sold_out';
  if (ctx.blackouts.some((b) => b.variantId === variant.variantId && blocks(b, period))) status = 'blacked_out';
  if (ctx.storefrontRules && !insideWindow(period, variant.settings, ctx.today)) status = 'outside_window';
  return { status, quantityAvailable: status === 'ok' ? quantityFree : 0, quantityFree };
}
