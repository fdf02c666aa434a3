/**
 * The checks of a schedule that look at more than one value (SLOTS.md §1): one of hours or
 * departures, intervals that open before they close and do not
 * overlap, a slot that can end inside its interval, a departure listed once a day, and what only
 * `units` may have (buffers, several slots). They read the body as given, valid or not, and
 * judge only the values that are valid on their own (the field's own message names the rest),
 * so one 422 names every bad field.
 * @module
 */
import { WEEKDAYS, type Weekday } from '../../shared/schedule.ts';
import { minutesOf } from './generate.ts';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `value` is a wall-clock `HH:MM` from 00:00 to 23:59, or (`close`) 00:01 to 24:00. */
export function isLocalTime(value: unknown, { close }: { close: boolean }): value is string {
  if (typeof value !== 'string') return false;
  if (close) return value === '24:00' || (TIME.test(value) && value !== '00:00');
  return TIME.test(value);
}

/** A schedule's body as received: anything may be missing or of the wrong type. */
export interface ScheduleInput {
  counting?: unknown;
  hours?: unknown;
  departures?: unknown;
  duration_minutes?: unknown;
  buffer_before_minutes?: unknown;
  buffer_after_minutes?: unknown;
  max_slots?: unknown;
}

/** One finding: the path under the schedule and the message. */
export interface ScheduleIssue {
  path: (string | number)[];
  message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The weekdays of a by-weekday map with their lists (what is not a list is left to its own check). */
function daysOf(value: unknown): [Weekday, unknown[]][] {
  if (!isObject(value)) return [];
  return WEEKDAYS.flatMap((day) => (Array.isArray(value[day]) ? [[day, value[day] as unknown[]]] : []));
}

/** `[open, close]` in minutes when both are valid times and it opens first; else undefined. */
function intervalOf(value: unknown): [number, number] | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [open, close] = value as unknown[];
  if (!isLocalTime(open, { close: false }) || !isLocalTime(close, { close: true })) return undefined;
  return [minutesOf(open), minutesOf(close)];
}

const wholeNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined;
};

function hoursIssues(hours: unknown, duration: number | undefined): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  for (const [day, intervals] of daysOf(hours)) {
    const valid: { at: number; open: number; close: number; text: string }[] = [];
    intervals.forEach((value, at) => {
      const interval = intervalOf(value);
      if (interval === undefined) return;
      const [open, close] = interval;
      if (open >= close) {
        issues.push({ path: ['hours', day, at], message: 'must open before it closes' });
        return;
      }
      if (duration !== undefined && close - open < duration)
        issues.push({
          path: ['hours', day, at],
          message: `is open ${close - open} minutes: a ${duration}-minute slot cannot end inside it`,
        });
      const overlapped = valid.find((other) => open < other.close && other.open < close);
      if (overlapped)
        issues.push({ path: ['hours', day, at], message: `overlaps ${overlapped.text} (${day}[${overlapped.at}])` });
      valid.push({ at, open, close, text: JSON.stringify(value) });
    });
  }
  return issues;
}

function departuresIssues(departures: unknown): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  for (const [day, times] of daysOf(departures)) {
    const seen = new Map<string, number>();
    times.forEach((time, at) => {
      if (!isLocalTime(time, { close: false })) return;
      const first = seen.get(time);
      if (first !== undefined)
        issues.push({ path: ['departures', day, at], message: `is listed twice (${day}[${first}])` });
      else seen.set(time, at);
    });
  }
  return issues;
}

/** What is wrong across a schedule's fields; empty when nothing. */
export function scheduleIssues(input: ScheduleInput): ScheduleIssue[] {
  if (!isObject(input)) return [];
  const issues: ScheduleIssue[] = [];
  const hours = input.hours ?? undefined;
  const departures = input.departures ?? undefined;
  if (hours === undefined && departures === undefined)
    issues.push({ path: ['hours'], message: 'is required (or departures instead)' });
  else if (hours !== undefined && departures !== undefined)
    issues.push({ path: ['departures'], message: 'cannot be given with hours: a schedule has one or the other' });
  const given = wholeNumber(input.duration_minutes);
  // An out-of-bounds duration has its own message; no interval is judged against it.
  const duration = given !== undefined && given >= 5 && given <= 1440 ? given : undefined;
  issues.push(...hoursIssues(hours, duration), ...departuresIssues(departures));
  if (input.counting === 'seats') {
    for (const field of ['buffer_before_minutes', 'buffer_after_minutes'] as const)
      if ((wholeNumber(input[field]) ?? 0) > 0)
        issues.push({
          path: [field],
          message: 'must be 0 when counting is "seats": buffers keep units free, a seat has none',
        });
    if ((wholeNumber(input.max_slots) ?? 1) > 1)
      issues.push({ path: ['max_slots'], message: 'must be 1 when counting is "seats": a seat is for one slot' });
  }
  return issues;
}
