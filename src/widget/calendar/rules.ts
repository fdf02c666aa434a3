/**
 * Which days can be held, and why the others cannot: the booking rules of API.md §2 applied
 * to the days of the shop's zone. Every day is a plain `YYYY-MM-DD` of that zone.
 * @module
 */
import { type PlainDate, addDays, diffDays, eachDay } from '../../shared/plain-date.ts';
import type { AvailabilityDay, Blackout, WidgetSettings } from '../../shared/records.ts';
import { plainDateInZone as dayInZone } from '../../shared/zones.ts';

/** Why a day cannot be chosen; `short`: some are left, fewer than the quantity asked for. */
export type Reason = 'past' | 'lead' | 'horizon' | 'closed' | 'sold' | 'short';

/** A blackout as the shop-zone days it blocks. `startOnly`: it only stops periods starting on them. */
export interface BlockedDays {
  /**
   * What the merchant tells shoppers (the blackout's `shopper_reason`, "Christmas Day"),
   * or none: the day then reads "closed". Never the blackout's title, the merchant's own note.
   */
  title?: string | null;
  first: PlainDate;
  last: PlainDate;
  startOnly: boolean;
}

/** Everything the rules need to judge a day. */
export interface DayFacts {
  /** Today in the shop's zone. */
  today: PlainDate;
  settings: WidgetSettings;
  blocks: BlockedDays[];
  availability: Record<string, AvailabilityDay>;
  quantity: number;
}

/**
 * The shop-zone days a blackout blocks. An item covers whole days, from one local midnight to
 * another. Scope "overlap": every day the blackout touches, up to the day holding its last
 * millisecond (its finish is exclusive, so a blackout ending at midnight leaves that day free).
 * Scope "start": the days whose midnight (an item's start) lies inside the blackout, so one
 * starting at 10:00 does not stop that day's items, which started at 00:00.
 */
export function blockedDays(b: Blackout, tz: string): BlockedDays {
  const startsAt = Date.parse(b.starts_at);
  const startOnly = b.scope === 'start';
  return {
    title: b.shopper_reason,
    first: startOnly ? addDays(dayInZone(startsAt - 1, tz), 1) : dayInZone(startsAt, tz),
    last: dayInZone(Date.parse(b.finishes_at) - 1, tz),
    startOnly,
  };
}

/**
 * Why `date` cannot be held, or `undefined` when it can. `asStart`: the day would begin the
 * period, so "start" scoped blackouts apply too (for a date widget every day is a start).
 */
export function dayReason(date: PlainDate, facts: DayFacts, asStart = true): Reason | undefined {
  const { today, settings: s } = facts;
  if (date < today) return 'past';
  if (date < addDays(today, s.lead_days)) return 'lead';
  if (date > addDays(today, s.horizon_days)) return 'horizon';
  const day = facts.availability[date];
  // A day of times (SLOTS.md §3), judged by the service slot by slot (a blackout closes only the
  // slots it overlaps): open while one can take the quantity; else some left, none, every slot
  // past or too soon, or closed (a blackout, or a weekday the schedule opens no slot on).
  if (day?.slots_available !== undefined)
    return day.quantity_available < facts.quantity
      ? day.quantity_available
        ? 'short'
        : day.status === 'sold_out'
          ? 'sold'
          : day.status === 'outside_window' && day.quantity_free
            ? 'lead'
            : 'closed'
      : undefined;
  const covering = facts.blocks.filter((b) => b.first <= date && date <= b.last);
  if (covering.some((b) => asStart || !b.startOnly)) return 'closed';
  // The service judges a one-day item starting that day; when a "start" blackout we know of
  // explains it, a day inside a range is still free. Otherwise trust the service: it also
  // knows blackouts longer than the window the widget asked for. Units are the day's free ones
  // (`quantity_free`): a closed day has none available, but a range may pass through it.
  if (day?.status === 'blacked_out' && (asStart || !covering.length)) return 'closed';
  if (day && day.quantity_free < facts.quantity) return day.quantity_free > 0 ? 'short' : 'sold';
  return undefined;
}

/** What the merchant tells shoppers about the blackout that closes `date`, when it says anything. */
export function closedBy(date: PlainDate, facts: DayFacts): string | undefined {
  return facts.blocks.find((b) => b.first <= date && date <= b.last && b.title)?.title ?? undefined;
}

/**
 * Units left on `date` when few are: 3 or fewer, more than none, and fewer than on the
 * freest day known (so a variant of capacity 2 is not "2 left" every day): worth saying before
 * the shopper asks.
 */
export function fewLeft(date: PlainDate, facts: DayFacts): number | undefined {
  const n = facts.availability[date]?.quantity_available;
  if (n === undefined || n <= 0 || n > 3) return undefined;
  let most = 0;
  for (const d in facts.availability) most = Math.max(most, facts.availability[d]!.quantity_available);
  return n < most ? n : undefined;
}

/**
 * The most units a shopper can ask for: `quantity_max`, but no more than every one of the
 * chosen `days` has (the start alone while a range's end is chosen), or with no choice than
 * the freest day known (the variant's capacity, unless every such day is partly taken), nor
 * than `cap` (what a slot widget's chosen time has left); never below `quantity_min`. Days not
 * loaded are not counted; with none loaded, `quantity_max`.
 */
export function mostUnits(
  s: WidgetSettings,
  availability: Record<string, AvailabilityDay>,
  days?: PlainDate[] | undefined,
  cap = s.quantity_max,
): number {
  // The free units the rules read: a day inside a range may be closed to starts only.
  const units = (days ?? Object.keys(availability)).flatMap((d) => availability[d]?.quantity_free ?? []);
  const have = units.length ? Math[days ? 'min' : 'max'](...units) : s.quantity_max;
  return Math.max(s.quantity_min, Math.min(s.quantity_max, have, cap));
}

/** The exclusive finish of a range whose last picked day is `end` (API.md §2 `count`). */
export function rangeFinish(end: PlainDate, s: WidgetSettings): PlainDate {
  return s.count === 'nights' ? end : addDays(end, 1);
}

/** Why a range cannot end on a day: too few or too many days, or an unavailable day before it. */
export type EndProblem = 'tooShort' | 'tooLong' | 'crosses';

/**
 * Why the range `start`-`end` (the days the shopper picked) cannot be held: its length is
 * outside `min_days`-`max_days`, or a day it holds is unavailable. `undefined` when it fits.
 */
export function rangeProblem(start: PlainDate, end: PlainDate, facts: DayFacts): EndProblem | undefined {
  const length = diffDays(start, rangeFinish(end, facts.settings));
  if (length < facts.settings.min_days) return 'tooShort';
  if (length > facts.settings.max_days) return 'tooLong';
  return dayInTheWay(start, end, facts) ? 'crosses' : undefined;
}

/** The first day of the range `start`-`end` that cannot be held, the one in the shopper's way. */
export function dayInTheWay(start: PlainDate, end: PlainDate, facts: DayFacts): PlainDate | undefined {
  return eachDay(start, rangeFinish(end, facts.settings)).find((d) => dayReason(d, facts, d === start));
}
