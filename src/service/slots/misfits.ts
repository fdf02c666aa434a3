/**
 * The holds and bookings that no longer fit their variant's schedule (GET
 * /v1/variants/{id}/misfits). A schedule change never cancels or moves anything held or booked:
 * this lists what the merchant may want to move or cancel themselves.
 *
 * What fits, by the variant's current schedule:
 * - booked by days (no schedule): whole-day holds, and every booking (a booking's times lie in
 *   the days it counts); a timed hold item (made for a slot) is a misfit;
 * - booked by slots: an item that starts at a slot's start and lasts that slot (seats), or 1 to
 *   `max_slots` consecutive slots (units: each starting where the one before finishes, as a
 *   hold's `finish` names them); a whole-day hold is a misfit, and so is a booking that starts
 *   at no slot.
 * @module
 */
import type { Misfit } from '../../shared/merchant-records.ts';
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import type { Schedule, Slot } from '../../shared/schedule.ts';
import { localPeriod, toIsoUtc } from '../../shared/zones.ts';
import type { Database } from '../db/types.ts';
import { NotFoundError } from '../shared/errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import { slotDate, slotsOn } from './generate.ts';
import { findScheduledVariant, type LiveItemRow, liveItemsOf } from './misfit-queries.ts';

const MINUTE = 60_000;

/** What the rules read of one live item: its instants (epoch ms) and whether it holds whole days. */
export interface LiveItem {
  kind: 'hold' | 'booking';
  startsAt: number;
  finishesAt: number;
  allDay: boolean;
}

/** A schedule's slots by local date, each date generated once (a listing asks for the same days again and again). */
export type SlotDays = (date: PlainDate) => Slot[];

/** `slotsOn` of `schedule` in `tz`, remembered by date. */
export function slotDays(schedule: Schedule, tz: string): SlotDays {
  const days = new Map<PlainDate, Slot[]>();
  return (date) => {
    let slots = days.get(date);
    if (!slots) days.set(date, (slots = slotsOn(schedule, tz, date)));
    return slots;
  };
}

/**
 * Why `item` does not fit `schedule` (null: booked by days) in zone `tz`; undefined when it
 * fits. `days`: the schedule's slots by date, when one listing judges many items.
 */
export function misfitReason(
  schedule: Schedule | null,
  tz: string,
  item: LiveItem,
  days?: SlotDays,
): string | undefined {
  // Only a misfit's message needs its local start.
  const start = () => localPeriod(item.startsAt, item.finishesAt, item.allDay, tz).start_local;
  if (schedule === null)
    return item.kind === 'hold' && !item.allDay
      ? `is timed (from ${start()}): the variant is booked by whole days`
      : undefined;
  if (item.allDay) return `holds whole days (from ${start()}): the variant is booked by times of day`;
  const slotsOf = days ?? slotDays(schedule, tz);
  const date = slotDate(item.startsAt, tz);
  const slot = slotsOf(date).find((s) => s.startsAt === item.startsAt);
  if (slot === undefined) return `starts at ${start()}, which is not a start of the schedule`;
  if (finishesOfRun(schedule, date, slot, slotsOf).includes(item.finishesAt)) return undefined;
  const minutes = Math.round((item.finishesAt - item.startsAt) / MINUTE);
  return schedule.counting === 'seats'
    ? `lasts ${minutes} minutes: a slot of the schedule lasts ${schedule.duration_minutes}`
    : `lasts ${minutes} minutes: not 1 to ${schedule.max_slots} consecutive slots of the schedule`;
}

/** The finishes of `first` and of the slots following it without a gap, up to `max_slots` (1 for seats). */
function finishesOfRun(schedule: Schedule, date: PlainDate, first: Slot, days: SlotDays): number[] {
  const most = schedule.counting === 'units' ? schedule.max_slots : 1;
  if (most === 1) return [first.finishesAt];
  // A run may go on past midnight (an interval closing at 24:00, the next day's opening at 00:00).
  const span = Math.ceil((most * schedule.duration_minutes) / 1440) + 1;
  const later = Array.from({ length: span }, (_, d) => days(addDays(date, d))).flat();
  const run = [first];
  for (const slot of later) {
    if (run.length >= most) break;
    if (slot.startsAt === run[run.length - 1]!.finishesAt) run.push(slot);
  }
  return run.map((slot) => slot.finishesAt);
}

const instant = (value: Date | string) => new Date(value).getTime();

function misfitOf(row: LiveItemRow, tz: string, reason: string): Misfit {
  const startsAt = instant(row.start_at);
  const finishesAt = instant(row.finish_at);
  return {
    kind: row.kind,
    id: row.id,
    cart_token: row.cart_token,
    status: row.status,
    starts_at: toIsoUtc(startsAt),
    finishes_at: toIsoUtc(finishesAt),
    ...localPeriod(startsAt, finishesAt, row.all_day === 1, tz),
    all_day: row.all_day === 1 ? 1 : 0,
    quantity: row.quantity,
    expires_at: row.expires_at === null ? null : toIsoUtc(instant(row.expires_at)),
    reason,
  };
}

/**
 * The variant's live hold items and coming bookings (finishing after the database's now, or
 * `sqlNow`) that do not fit its current schedule, by start; 404 when the shop has no such variant.
 * With `proposed` (a schedule, or null for days), what would not fit that one instead: the
 * dry run of POST /v1/variants/{id}/misfits, which writes nothing.
 */
export async function listMisfits(
  db: Database,
  auth: Pick<AuthContext, 'shopId' | 'tz'>,
  variantId: number,
  sqlNow: number | null,
  proposed?: Schedule | null,
): Promise<Misfit[]> {
  const variant = await findScheduledVariant(db, auth.shopId, variantId);
  if (!variant) throw new NotFoundError('variant', variantId);
  const schedule = proposed === undefined ? variant.schedule : proposed;
  const misfits: Misfit[] = [];
  const days = schedule ? slotDays(schedule, auth.tz) : undefined;
  for (const row of await liveItemsOf(db, variant.id, sqlNow)) {
    const item = {
      kind: row.kind,
      startsAt: instant(row.start_at),
      finishesAt: instant(row.finish_at),
      allDay: row.all_day === 1,
    };
    const reason = misfitReason(schedule, auth.tz, item, days);
    if (reason !== undefined) misfits.push(misfitOf(row, auth.tz, reason));
  }
  return misfits;
}
