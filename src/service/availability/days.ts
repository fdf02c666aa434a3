/**
 * A variant's availability day by day (GET /v1/availability): each day judged as a one-day
 * item starting on it, against the holds and bookings in force at the clock's `now`.
 * @module
 */
import { databaseNow } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';
import { type PlainDate, addDays, eachDay } from '../../shared/plain-date.ts';
import type { AvailabilityDay } from '../../shared/records.ts';
import { ITEM_STATUS } from '../../shared/status.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import { judgeDay } from './engine.ts';
import { cartReservationId, loadBlackouts, loadUsage, loadVariantRules } from './queries.ts';
import { dayPeriod } from './period.ts';
import { UsageIndex } from './usage.ts';
import type { AuthContext } from '../tokens/types.ts';
import { judgeSlots } from '../slots/slot-list.ts';
import { checkPick, resourceLimits } from './resource-limits.ts';
import { slotDays } from '../slots/slot-days.ts';

/** What to list. */
export interface DaysRequest {
  externalVariantId: number;
  start: PlainDate;
  /** Exclusive. */
  finish: PlainDate;
  /** A cart whose own holds do not count. */
  cartToken: string | undefined;
  /** The units asked for (default 1): a day with fewer left reads `sold_out`. */
  quantity?: number;
  /** The test clock's "now", or null: the database's (live holds by the clock that stamped them). */
  override: number | null;
  /** One member of a `shopper` pool asked about (`resource_id=`); undefined: any. */
  resourceId?: string | undefined;
}

/**
 * One entry per day of `[start, finish)`; every day `unknown_variant` (0 left) when the shop has
 * no such variant. A day closed by a rule (a blackout, the booking window: past days read
 * `outside_window`) has `quantity_available` 0; `quantity_free` still counts its free units.
 * A variant booked by times of day sums each day's slots up, with `slots_available`
 * (`slots/slot-days.ts`).
 */
export async function readDays(
  q: Queryable,
  auth: Pick<AuthContext, 'shopId' | 'tz'>,
  request: DaysRequest,
): Promise<AvailabilityDay[]> {
  const days = eachDay(request.start, request.finish);
  const variant = (await loadVariantRules(q, auth.shopId, [request.externalVariantId], { lock: false })).get(
    request.externalVariantId,
  );
  if (!variant)
    return days.map((date) => ({
      date,
      quantity_available: 0,
      quantity_free: 0,
      status: 'unknown_variant',
      status_code: ITEM_STATUS.unknown_variant,
    }));
  const quantity = request.quantity ?? 1;
  if (variant.schedule) {
    // Its one statement reads the database's "now" too.
    const judged = await judgeSlots(q, auth, { ...request, quantity }, request.override);
    if (judged) return slotDays(judged.days);
  }
  const now = await databaseNow(q, request.override);
  const span = dayPeriod(request.start, request.finish, auth.tz);
  const usage = new UsageIndex(await loadUsage(q, [variant.variantId], span, now));
  const blackouts = await loadBlackouts(q, auth.shopId, [variant.variantId], span);
  const except =
    request.cartToken === undefined ? undefined : await cartReservationId(q, auth.shopId, request.cartToken);
  const ctx = { today: plainDateInZone(now, auth.tz), usage, blackouts, except, storefrontRules: true };
  checkPick(variant, request.resourceId);
  const periods = days.map((date) => dayPeriod(date, addDays(date, 1), auth.tz));
  const limits = await resourceLimits(q, variant, periods, {
    allDay: true,
    tz: auth.tz,
    now,
    except,
    pick: request.resourceId,
  });
  return days.map((date, i) => {
    const judged = judgeDay(variant, periods[i]!, ctx);
    const { limit, free } = limits?.[i] ?? {};
    if (limit !== undefined) {
      // What the day's shared resources leave (a closed day keeps its 0 and its status).
      judged.quantityFree = Math.min(judged.quantityFree, limit);
      judged.quantityAvailable = Math.min(judged.quantityAvailable, limit);
    }
    // Fewer free than asked: as a hold of that quantity would be refused (1 asked: the engine's own sold_out).
    if (judged.status === 'ok' && judged.quantityAvailable < quantity) judged.status = 'sold_out';
    return {
      date,
      quantity_available: judged.quantityAvailable,
      quantity_free: judged.quantityFree,
      status: judged.status,
      status_code: ITEM_STATUS[judged.status],
      ...(free && { free_resources: free }),
    };
  });
}
