/**
 * A variant's schedule as the editor holds it while the merchant types: every number and time
 * as typed (strings), both ways of opening kept (hours and departures) so switching back and
 * forth loses nothing, and "by the day" a choice beside them rather than a lost schedule. Turned
 * into the API's schedule (`scheduleOf`) with errors keyed by the API's field paths
 * (`schedule.hours.mon[1]`), so the editor shows its own errors and the service's 422 alike.
 * @module
 */
import type { Schedule, ScheduleParams, Weekday } from '../../client/index.ts';
import { WEEKDAYS } from '../../shared/schedule.ts';
import { wholeNumberOf } from '../components/bits.tsx';

/** An opening interval as typed. */
export interface Interval {
  open: string;
  close: string;
}

/** Everything the schedule editor shows. */
export interface ScheduleDraft {
  booking: 'days' | 'slots';
  counting: 'seats' | 'units';
  /** Opening hours (slots every interval) or fixed departure times. */
  mode: 'hours' | 'departures';
  hours: Record<Weekday, Interval[]>;
  departures: Record<Weekday, string[]>;
  numbers: Record<NumberField, string>;
}

/** The schedule's number fields, by their API names. */
export const NUMBER_FIELDS = [
  'duration_minutes',
  'interval_minutes',
  'buffer_before_minutes',
  'buffer_after_minutes',
  'min_notice_minutes',
  'horizon_days',
  'max_slots',
] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** The label of each number field, in the merchant's words. */
export const NUMBER_LABELS: Record<NumberField, string> = {
  duration_minutes: 'Length of a slot, minutes',
  interval_minutes: 'A new start every, minutes',
  buffer_before_minutes: 'Kept free before, minutes',
  buffer_after_minutes: 'Kept free after, minutes',
  min_notice_minutes: 'Book at least this many minutes ahead',
  horizon_days: 'Book up to this many days ahead',
  max_slots: 'Most slots in a row one booking may take',
};

/** The weekday's name. */
export const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const byDay = <T>(make: (day: Weekday) => T) =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, make(day)])) as Record<Weekday, T>;

const WORKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

const DEFAULTS: Record<NumberField, number> = {
  duration_minutes: 60,
  interval_minutes: 60,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  min_notice_minutes: 0,
  horizon_days: 365,
  max_slots: 1,
};

/** The draft of a variant's schedule; a variant booked by days starts from weekday hours 09:00–17:00. */
export function draftOf(schedule: Schedule | null): ScheduleDraft {
  const s = schedule;
  const opening = (day: Weekday): Interval[] =>
    s
      ? (s.hours?.[day] ?? []).map(([open, close]) => ({ open, close: close === '24:00' ? '00:00' : close }))
      : WORKDAYS.includes(day)
        ? [{ open: '09:00', close: '17:00' }]
        : [];
  return {
    booking: s ? 'slots' : 'days',
    counting: s?.counting ?? 'seats',
    mode: s?.departures ? 'departures' : 'hours',
    hours: byDay(opening),
    departures: byDay((day) => [...(s?.departures?.[day] ?? [])]),
    numbers: byField((field) => String(s ? s[field] : DEFAULTS[field])),
  };
}

function byField<T>(make: (field: NumberField) => T): Record<NumberField, T> {
  return Object.fromEntries(NUMBER_FIELDS.map((field) => [field, make(field)])) as Record<NumberField, T>;
}

/** `draft` with `from`'s times on every day of the week. */
export function copyToAllWeekdays(draft: ScheduleDraft, from: Weekday): ScheduleDraft {
  return draft.mode === 'hours'
    ? { ...draft, hours: byDay(() => draft.hours[from].map((i) => ({ ...i }))) }
    : { ...draft, departures: byDay(() => [...draft.departures[from]]) };
}

/** The fields a counting shows: buffers and runs of slots only for units. */
export function fieldsShown(draft: ScheduleDraft): NumberField[] {
  return NUMBER_FIELDS.filter(
    (field) =>
      (draft.counting === 'units' || !['buffer_before_minutes', 'buffer_after_minutes', 'max_slots'].includes(field)) &&
      (draft.mode === 'hours' || field !== 'interval_minutes'),
  );
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME_WORDS = 'enter a time such as 09:30';

/** A close typed as 00:00 is midnight at the day's end: the API's `24:00`. */
const closeOf = (time: string) => (time === '00:00' ? '24:00' : time);

/** What the draft sends: `schedule` (null: by days) or the errors by API path that keep it from being sent. */
export function scheduleOf(draft: ScheduleDraft): {
  schedule: ScheduleParams | null;
  errors: Record<string, string[]>;
} {
  const errors: Record<string, string[]> = {};
  if (draft.booking === 'days') return { schedule: null, errors };
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  const numbers = {} as Record<NumberField, number>;
  for (const field of fieldsShown(draft)) {
    const n = wholeNumberOf(draft.numbers[field]);
    if (n === undefined) add(`schedule.${field}`, 'enter a whole number');
    else numbers[field] = n;
  }
  const schedule: ScheduleParams = {
    counting: draft.counting,
    duration_minutes: numbers.duration_minutes ?? 0,
    min_notice_minutes: numbers.min_notice_minutes ?? 0,
    horizon_days: numbers.horizon_days ?? 0,
  };
  if (draft.counting === 'units') {
    schedule.buffer_before_minutes = numbers.buffer_before_minutes ?? 0;
    schedule.buffer_after_minutes = numbers.buffer_after_minutes ?? 0;
    schedule.max_slots = numbers.max_slots ?? 1;
  }
  if (draft.mode === 'hours') {
    schedule.interval_minutes = numbers.interval_minutes ?? 0;
    schedule.hours = {};
    for (const day of WEEKDAYS) {
      const list = draft.hours[day];
      list.forEach((interval, at) => {
        if (!TIME.test(interval.open)) add(`schedule.hours.${day}[${at}][0]`, TIME_WORDS);
        if (!TIME.test(interval.close)) add(`schedule.hours.${day}[${at}][1]`, TIME_WORDS);
      });
      if (list.length) schedule.hours[day] = list.map((i) => [i.open, closeOf(i.close)]);
    }
    if (!Object.keys(schedule.hours).length) add('schedule.hours', 'open on at least one day');
  } else {
    schedule.departures = {};
    for (const day of WEEKDAYS) {
      const list = draft.departures[day];
      list.forEach((time, at) => {
        if (!TIME.test(time)) add(`schedule.departures.${day}[${at}]`, TIME_WORDS);
      });
      if (list.length) schedule.departures[day] = [...list];
    }
    if (!Object.keys(schedule.departures).length) add('schedule.departures', 'add a start time on at least one day');
  }
  return { schedule, errors };
}

/** The labels of the editor's fields by API path, for the 422's messages (`problemOf`). */
export function scheduleLabels(): Record<string, string> {
  const labels: Record<string, string> = { schedule: 'Schedule', 'schedule.hours': 'Opening hours' };
  labels['schedule.departures'] = 'Start times';
  for (const field of NUMBER_FIELDS) labels[`schedule.${field}`] = NUMBER_LABELS[field];
  for (const day of WEEKDAYS) {
    labels[`schedule.hours.${day}`] = `${DAY_NAMES[day]}'s hours`;
    labels[`schedule.departures.${day}`] = `${DAY_NAMES[day]}'s start times`;
  }
  return labels;
}

/** The service's schedule messages as a shopkeeper reads them (API names and JSON gone). */
export function inMerchantWords(message: string): string {
  return message
    .replace(/overlaps \["(\d\d:\d\d)","(\d\d:\d\d)"\] \(\w+\[\d+\]\)/, 'overlaps $1–$2 on the same day')
    .replace(/is listed twice \(\w+\[\d+\]\)/, 'is listed twice on this day')
    .replace(
      /is open (\d+) minutes: a (\d+)-minute slot cannot end inside it/,
      'is open only $1 minutes: a slot of $2 minutes cannot fit in it',
    )
    .replace(/must be 0 when counting is "seats".*/, 'must be 0 when each start has its own places')
    .replace(/must be 1 when counting is "seats".*/, 'must be 1 when each start has its own places')
    .replace(/must be a time HH:MM from 00:00 to 23:59/, TIME_WORDS)
    .replace(/must be a time HH:MM from 00:01 to 24:00/, 'enter a closing time such as 17:00');
}

/** The errors of the interval `at` of `day`: its own and its two times'. */
export function intervalErrors(errors: Record<string, string[]>, day: Weekday, at: number): string[] {
  const path = `schedule.hours.${day}[${at}]`;
  return [...(errors[path] ?? []), ...(errors[`${path}[0]`] ?? []), ...(errors[`${path}[1]`] ?? [])];
}
