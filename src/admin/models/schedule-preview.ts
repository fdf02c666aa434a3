/**
 * The next seven days of a schedule as the widget will offer them, computed in the page by the
 * service's own generator (`src/shared/slots.ts`), so an edit is previewed before it is saved:
 * the shop's zone and its DST changes (a start the clocks skip is not offered, one they repeat
 * once), the notice and the horizon. Capacity is the variant's; what is already held or booked
 * is the occupancy screen's.
 * @module
 */
import type { Schedule, ScheduleParams } from '../../client/index.ts';
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import { slotsBetween } from '../../shared/slots.ts';

/** One slot of the preview. */
export interface PreviewSlot {
  start: string;
  finish: string;
  /** Why a shopper could not take it now; undefined when they could. */
  closed?: 'too soon' | 'not yet bookable';
}

/** One day of the preview. */
export interface PreviewDay {
  date: PlainDate;
  slots: PreviewSlot[];
}

/** A schedule as sent, with the defaults the service fills in. */
export function withDefaults(params: ScheduleParams): Schedule {
  return {
    ...params,
    interval_minutes: params.interval_minutes ?? params.duration_minutes,
    buffer_before_minutes: params.buffer_before_minutes ?? 0,
    buffer_after_minutes: params.buffer_after_minutes ?? 0,
    min_notice_minutes: params.min_notice_minutes ?? 0,
    horizon_days: params.horizon_days ?? 365,
    max_slots: params.max_slots ?? 1,
  };
}

/** Seven days of `params` in zone `tz` from local `today`, judged at instant `now` (epoch ms). */
export function previewWeek(params: ScheduleParams, tz: string, today: PlainDate, now: number): PreviewDay[] {
  const schedule = withDefaults(params);
  const last = addDays(today, schedule.horizon_days);
  const soonest = now + schedule.min_notice_minutes * 60_000;
  return [...slotsBetween(schedule, tz, today, addDays(today, 7))].map(([date, slots]) => ({
    date,
    slots: slots.map((slot) => {
      const closed = slot.startsAt < soonest ? 'too soon' : date > last ? 'not yet bookable' : undefined;
      return { start: slot.localStart, finish: slot.localFinish, ...(closed && { closed }) };
    }),
  }));
}
