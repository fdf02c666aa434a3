/**
 * The rules of a slot other than capacity (SLOTS.md §1–2), shared by GET /v1/slots, the month
 * view and holds so a slot shown free can be held: notice and horizon (`outside_window`, from
 * the database's "now" and today in the shop's zone), and blackouts overlapping the slot
 * (`blacked_out`). Capacity is judged apart: by the database for a hold (`hold_items`), by
 * `slot-usage.ts` for what the calendar shows.
 * @module
 */
import { type PlainDate, addDays } from '../../shared/plain-date.ts';
import type { Schedule, Slot } from '../../shared/schedule.ts';
import type { ItemStatus } from '../../shared/status.ts';
import { blocks } from '../availability/engine.ts';
import type { BlackoutSpan } from '../availability/types.ts';

const MINUTE = 60_000;

/** What a slot's rules are judged against. */
export interface SlotRuleContext {
  /** The database's "now" (epoch ms). */
  now: number;
  /** Today in the shop's zone, at `now`. */
  today: PlainDate;
  /** The blackouts that apply to the variant. */
  blackouts: readonly BlackoutSpan[];
}

/**
 * The rule that closes a booking of `[startsAt, finishesAt)` starting on local `date`, if any:
 * `outside_window` when it starts sooner than the notice allows (or has started) or after the
 * horizon's last day; `blacked_out` when a blackout of the variant overlaps it ("start"
 * blackouts: when its start lies inside one).
 */
export function slotRuleStatus(
  schedule: Schedule,
  variantId: number,
  date: PlainDate,
  booked: Pick<Slot, 'startsAt' | 'finishesAt'>,
  ctx: SlotRuleContext,
): ItemStatus | undefined {
  if (booked.startsAt < ctx.now + schedule.min_notice_minutes * MINUTE) return 'outside_window';
  if (date > addDays(ctx.today, schedule.horizon_days)) return 'outside_window';
  const period = { startAt: booked.startsAt, finishAt: booked.finishesAt, startDay: date, finishDay: date };
  if (ctx.blackouts.some((b) => b.variantId === variantId && blocks(b, period))) return 'blacked_out';
  return undefined;
}
