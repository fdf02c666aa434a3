/**
 * The calendar's layout, as pure functions of shop-local days: the days a week or month view
 * shows, and each row's bookings as bars across their days, stacked in lanes so no two bars
 * of a lane overlap (the first free lane, longest bars first among those starting together).
 * @module
 */
import type { Booking } from '../../client/index.ts';
import { addDays, addMonths, diffDays, eachDay, startOfMonth, type PlainDate } from '../../shared/plain-date.ts';
import { startOfWeek } from '../../shared/month-grid.ts';
import { firstDayOf, isTimed, lastDayOf } from './booking-days.ts';

/** A week of seven days, or a whole month. */
export type CalendarView = 'week' | 'month';

/** The days a view shows around `anchor`: the week holding it, or its month. */
export function viewDays(view: CalendarView, anchor: PlainDate, firstDay: number): PlainDate[] {
  if (view === 'month') return eachDay(startOfMonth(anchor), addMonths(startOfMonth(anchor), 1));
  const start = startOfWeek(anchor, firstDay);
  return eachDay(start, addDays(start, 7));
}

/** The anchor of the view before or after this one (`by` -1 or 1). */
export function stepView(view: CalendarView, anchor: PlainDate, by: number): PlainDate {
  return view === 'month' ? addMonths(startOfMonth(anchor), by) : addDays(anchor, 7 * by);
}

/** A booking's bar in a row: its first column, how many it spans, its lane. */
export interface Bar {
  booking: Booking;
  /** Column of its first shown day, from 0. */
  column: number;
  span: number;
  lane: number;
  /** It began before the first day shown, or goes on after the last. */
  before: boolean;
  after: boolean;
}

/** The bars of `bookings` over `days` (consecutive), in lanes; bookings outside the days are left out. */
export function barsOf(bookings: Booking[], days: PlainDate[]): Bar[] {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return [];
  const placed = bookings
    .map((booking) => ({ booking, from: firstDayOf(booking), to: lastDayOf(booking) }))
    .filter((b) => b.to >= first && b.from <= last)
    .map((b) => {
      const from = b.from < first ? first : b.from;
      const to = b.to > last ? last : b.to;
      return { ...b, column: diffDays(first, from), span: diffDays(from, to) + 1 };
    })
    .sort(
      (a, b) =>
        a.column - b.column ||
        b.span - a.span ||
        (isTimed(a.booking) ? a.booking.starts_at_local : '').localeCompare(
          isTimed(b.booking) ? b.booking.starts_at_local : '',
        ) ||
        a.booking.id - b.booking.id,
    );
  // Each lane's first free column.
  const lanes: number[] = [];
  return placed.map((b) => {
    let lane = lanes.findIndex((free) => free <= b.column);
    if (lane === -1) lane = lanes.length;
    lanes[lane] = b.column + b.span;
    return {
      booking: b.booking,
      column: b.column,
      span: b.span,
      lane,
      before: b.from < first,
      after: b.to > last,
    };
  });
}

/** The bars of each lane in column order, for a row of table cells. */
export function lanesOf(bars: Bar[]): Bar[][] {
  const lanes: Bar[][] = [];
  for (const bar of bars) (lanes[bar.lane] ??= []).push(bar);
  return lanes.map((lane) => lane.sort((a, b) => a.column - b.column));
}
