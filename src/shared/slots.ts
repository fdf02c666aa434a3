/**
 * The slots a schedule offers (../shared/spec/SLOTS.md §1): pure, no clock and no database, so
 * shared by the service and the admin (src/service/slots/generate.ts re-exports it).
 * Used by GET /v1/slots, by holds (is this start a slot?), by the misfit listing and by the
 * admin's preview.
 *
 * Time done right, in the shop's zone:
 * - a start is a wall-clock time on a local date; one that a DST change skips that day is not
 *   offered, one that occurs twice (clocks go back) is offered once, at its first occurrence;
 * - `duration_minutes` is elapsed time: the finish is the start plus that many minutes, whatever
 *   the wall clock did in between (the slot carries both instants and both wall times);
 * - a slot generated from `hours` must end (elapsed) no later than its interval's close; a close
 *   that the change skips is the instant the wall clock jumps to, `24:00` the next day's start.
 *
 * Most days have one UTC offset from before their start to after their end: their instants are
 * plain arithmetic. Only a day with a change goes through `localTimeToInstant` per time.
 * @module
 */
import { type PlainDate, addDays, dayOfWeek, eachDay } from './plain-date.ts';
import { type LocalTime, type Schedule, type Slot, WEEKDAYS, type Weekday } from './schedule.ts';
import { localTimeToInstant, startOfDayInZone } from './zones.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Minutes after midnight of `HH:MM` (`24:00` is 1440). */
export function minutesOf(time: LocalTime): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** `HH:MM` of minutes after midnight (0..1439). */
function timeOf(minutes: number): LocalTime {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The weekday name of a local date. */
export function weekdayOf(date: PlainDate): Weekday {
  // date-fns counts from Sunday (0); schedules from Monday.
  return WEEKDAYS[(dayOfWeek(date) + 6) % 7]!;
}

/** Wall-clock reading of one local date: instants of its times, and times of instants. */
interface DayClock {
  /** The instant of `minutes` after local midnight, or undefined when the zone skips it. */
  instant(minutes: number): number | undefined;
  /** `HH:MM` on the wall at `instant`. */
  wall(instant: number): LocalTime;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(tz: string): Intl.DateTimeFormat {
  let format = wallFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    wallFormats.set(tz, format);
  }
  return format;
}

/** The zone's offset (ms ahead of UTC) at `instant` (a whole minute). */
function offsetAt(instant: number, tz: string): number {
  return Date.parse(`${dateAt(instant, tz)}T${wallFormat(tz).format(instant)}:00Z`) - instant;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The local date of `instant` in `tz`. */
function dateAt(instant: number, tz: string): PlainDate {
  let format = dateFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(tz, format);
  }
  return format.format(instant) as PlainDate;
}

function dayClock(date: PlainDate, tz: string): DayClock {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  // The offsets from a day before to three days after (a finish may be a day later): equal means no change near this date.
  const before = offsetAt(midnightUtc - 24 * HOUR, tz);
  const after = offsetAt(midnightUtc + 72 * HOUR, tz);
  const mid = offsetAt(midnightUtc + 12 * HOUR, tz);
  if (before === after && before === mid) {
    return {
      instant: (minutes) => midnightUtc + minutes * MINUTE - before,
      wall: (instant) => new Date(instant + before).toISOString().slice(11, 16),
    };
  }
  return {
    instant: (minutes) => {
      if (minutes >= 1440) return startOfDayInZone(addDays(date, Math.floor(minutes / 1440)), tz).getTime();
      return localTimeToInstant(date, Math.floor(minutes / 60), minutes % 60, tz)?.getTime();
    },
    wall: (instant) => wallFormat(tz).format(instant),
  };
}

/** The instant an interval closing at `minutes` closes: a skipped close is where the wall clock lands. */
function closeInstant(clock: DayClock, minutes: number): number {
  const exact = clock.instant(minutes);
  if (exact !== undefined) return exact;
  // Skipped (spring forward): the first wall minute after it that exists is the instant the
  // clock jumps at, so the interval closes there.
  for (let later = minutes + 1; later <= minutes + 180; later++) {
    const t = clock.instant(later);
    if (t !== undefined) return t;
  }
  throw new RangeError(`No instant found for ${timeOf(minutes)}`);
}

function slotAt(clock: DayClock, startsAt: number, schedule: Schedule): Slot {
  const finishesAt = startsAt + schedule.duration_minutes * MINUTE;
  return { startsAt, finishesAt, localStart: clock.wall(startsAt), localFinish: clock.wall(finishesAt) };
}

/** The slots of `schedule` on local `date` in `tz`, in start order, each start once. */
export function slotsOn(schedule: Schedule, tz: string, date: PlainDate): Slot[] {
  const day = weekdayOf(date);
  const clock = dayClock(date, tz);
  const slots: Slot[] = [];
  if (schedule.departures) {
    for (const time of schedule.departures[day] ?? []) {
      const startsAt = clock.instant(minutesOf(time));
      if (startsAt !== undefined) slots.push(slotAt(clock, startsAt, schedule));
    }
  } else {
    for (const [open, close] of schedule.hours?.[day] ?? []) {
      const closesAt = closeInstant(clock, minutesOf(close));
      for (let m = minutesOf(open); m < minutesOf(close); m += schedule.interval_minutes) {
        const startsAt = clock.instant(m);
        if (startsAt === undefined) continue;
        if (startsAt + schedule.duration_minutes * MINUTE > closesAt) break;
        slots.push(slotAt(clock, startsAt, schedule));
      }
    }
  }
  slots.sort((a, b) => a.startsAt - b.startsAt);
  // A wall time that occurs twice is generated once already (by its first occurrence); two
  // departures that land on one instant (never in a valid schedule) would still be offered once.
  return slots.filter((s, i) => i === 0 || s.startsAt !== slots[i - 1]!.startsAt);
}

/** The slots of each local date in `[start, finish)`, keyed by date (every date present). */
export function slotsBetween(
  schedule: Schedule,
  tz: string,
  start: PlainDate,
  finish: PlainDate,
): Map<PlainDate, Slot[]> {
  const days = new Map<PlainDate, Slot[]>();
  for (const date of eachDay(start, finish)) days.set(date, slotsOn(schedule, tz, date));
  return days;
}

/** The local date a slot starting at `startsAt` belongs to (the date of its start). */
export function slotDate(startsAt: number, tz: string): PlainDate {
  return dateAt(startsAt, tz);
}

/** The slot of `schedule` that starts at `startsAt`, if it is one. */
export function findSlot(schedule: Schedule, tz: string, startsAt: number): Slot | undefined {
  return slotsOn(schedule, tz, slotDate(startsAt, tz)).find((s) => s.startsAt === startsAt);
}

/**
 * Up to `count` slots nearest to `instant`, in start order: those of its own local date when it
 * has any (a shopper who asked for 10:00 on Saturday is told Saturday's times), else of the day
 * before and the day after.
 */
export function nearestSlots(schedule: Schedule, tz: string, instant: number, count = 3): Slot[] {
  const date = slotDate(instant, tz);
  const sameDay = slotsOn(schedule, tz, date);
  const around =
    sameDay.length > 0 ? sameDay : [addDays(date, -1), addDays(date, 1)].flatMap((d) => slotsOn(schedule, tz, d));
  return around
    .sort((a, b) => Math.abs(a.startsAt - instant) - Math.abs(b.startsAt - instant) || a.startsAt - b.startsAt)
    .slice(0, count)
    .sort((a, b) => a.startsAt - b.startsAt);
}
