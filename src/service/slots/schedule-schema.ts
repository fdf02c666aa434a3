/**
 * A variant's schedule as the merchant API reads it (`schedule` of POST /v1/products, POST
 * /v1/products/{id}/variants, PUT /v1/variants/{id}; ../shared/spec/SLOTS.md §1): the fields'
 * checks, the defaults filled in, and the checks across fields that make an impossible schedule
 * a 422 naming the field (`schedule.hours.mon[1]`: overlapping intervals, `24:30`, a slot that
 * cannot end inside its opening, a departure listed twice). What passes is a `Schedule`,
 * stored as it is: days listed in weekday order, each day's times in time order.
 * @module
 */
import { z } from '@hono/zod-openapi';
import { type Schedule, WEEKDAYS, type Weekday } from '../../shared/schedule.ts';
import { wholeNumber } from '../shared/schemas.ts';
import { minutesOf } from './generate.ts';
import { isLocalTime, type ScheduleInput, scheduleIssues } from './schedule-rules.ts';

/** The bounds of each number of a schedule (API.md, "Schedules (times of day)"). */
export const SCHEDULE_BOUNDS = {
  duration_minutes: [5, 1440],
  interval_minutes: [5, 1440],
  buffer_before_minutes: [0, 1440],
  buffer_after_minutes: [0, 1440],
  min_notice_minutes: [0, 525_600],
  horizon_days: [1, 1095],
  max_slots: [1, 48],
} as const;

/** The most opening intervals one weekday may have. */
export const MAX_INTERVALS = 48;
/** The most departures one weekday may have (one every 5 minutes). */
export const MAX_DEPARTURES = 288;

const TIME_MESSAGE = 'must be a time HH:MM from 00:00 to 23:59';
const CLOSE_MESSAGE = 'must be a time HH:MM from 00:01 to 24:00';
const PAIR_MESSAGE = 'must be an interval ["HH:MM", "HH:MM"]: when it opens and when it closes';

const number = (field: keyof typeof SCHEDULE_BOUNDS) =>
  wholeNumber(SCHEDULE_BOUNDS[field][0], SCHEDULE_BOUNDS[field][1]);

/** A local wall-clock time; `24:00` (the day's end) only where `close` says so. */
function localTime(close: boolean) {
  const message = close ? CLOSE_MESSAGE : TIME_MESSAGE;
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : message) })
    .refine((value) => isLocalTime(value, { close }), message)
    .openapi({
      example: close ? '17:00' : '09:00',
      pattern: close ? '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$' : '^([01][0-9]|2[0-3]):[0-5][0-9]$',
    });
}

/** A list of at most `max`, read only when it is an array of that length. */
function dayList<T extends z.ZodType>(each: T, max: number, noun: string) {
  const message = `must be a list of at most ${max} ${noun}`;
  return z.array(each, { error: message }).max(max, message);
}

/** A map from weekday to `each`; any other key is named, and null or [] is a closed day. */
function byWeekday<T extends z.ZodType>(each: T) {
  const day = () => z.preprocess((value) => (value === null ? undefined : value), each.optional());
  const days = { mon: day(), tue: day(), wed: day(), thu: day(), fri: day(), sat: day(), sun: day() };
  return z
    .strictObject(days, {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'is not a day of the week: mon, tue, wed, thu, fri, sat or sun'
          : 'must be an object by day of the week, e.g. {"mon": …}',
    })
    .superRefine(
      (days, ctx) => {
        // A day named wrong, or with bad times, has its own message already.
        if (ctx.issues.length > 0) return;
        if (!Object.values(days).some((times) => Array.isArray(times) && times.length > 0))
          ctx.addIssue({ code: 'custom', message: 'must give times on at least one day of the week' });
      },
      { when: () => true },
    )
    .openapi({ description: 'By day of the week (mon … sun); a day not listed, null or [] is closed.' });
}

const hours = byWeekday(
  dayList(z.tuple([localTime(false), localTime(true)], { error: PAIR_MESSAGE }), MAX_INTERVALS, 'intervals'),
).openapi({
  example: {
    mon: [
      ['09:00', '12:00'],
      ['13:00', '17:00'],
    ],
  },
});

/** Weekly intervals as a request gives them, each field's checks only (a resource's `hours` reuses them). */
export const WeeklyHoursInputSchema = hours;

const departures = byWeekday(dayList(localTime(false), MAX_DEPARTURES, 'departures')).openapi({
  example: { sat: ['09:00', '13:00'] },
});

const absentWhenNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional());

/** The fields of a schedule as a request gives them: `counting` and `duration_minutes` required. */
const SCHEDULE_FIELDS = {
  counting: z
    .enum(['seats', 'units'], {
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be "seats" or "units"'),
    })
    .openapi({
      description: '`seats`: each start has the capacity; `units`: capacity counts units in use at once.',
    }),
  hours: absentWhenNull(hours),
  departures: absentWhenNull(departures),
  duration_minutes: number('duration_minutes').openapi({ description: 'Elapsed minutes of one slot.' }),
  interval_minutes: number('interval_minutes').optional().openapi({
    description: 'Minutes between the starts generated in `hours`; default `duration_minutes`.',
  }),
  buffer_before_minutes: number('buffer_before_minutes').optional(),
  buffer_after_minutes: number('buffer_after_minutes').optional(),
  min_notice_minutes: number('min_notice_minutes').optional(),
  horizon_days: number('horizon_days').optional(),
  max_slots: number('max_slots').optional(),
};

/** Day by day in weekday order, each day's times sorted, closed days left out. */
function sortedDays<T>(days: Partial<Record<Weekday, T[]>> | undefined, key: (t: T) => number) {
  if (days === undefined) return undefined;
  const out: Partial<Record<Weekday, T[]>> = {};
  for (const day of WEEKDAYS) {
    const times = days[day];
    if (times && times.length > 0) out[day] = [...times].sort((a, b) => key(a) - key(b));
  }
  return out;
}

/** A checked schedule with its defaults filled in. */
function withDefaults(input: z.output<z.ZodObject<typeof SCHEDULE_FIELDS>>): Schedule {
  const schedule: Schedule = {
    counting: input.counting,
    duration_minutes: input.duration_minutes,
    interval_minutes: input.interval_minutes ?? input.duration_minutes,
    buffer_before_minutes: input.buffer_before_minutes ?? 0,
    buffer_after_minutes: input.buffer_after_minutes ?? 0,
    min_notice_minutes: input.min_notice_minutes ?? 0,
    horizon_days: input.horizon_days ?? 365,
    max_slots: input.max_slots ?? 1,
  };
  const open = sortedDays(input.hours, ([from]) => minutesOf(from));
  const starts = sortedDays(input.departures, minutesOf);
  if (open) schedule.hours = open;
  if (starts) schedule.departures = starts;
  return schedule;
}

/**
 * A schedule in a request body: its fields checked, then the checks across them
 * (`scheduleIssues`), each issue at its field's path; what passes has its defaults.
 */
export const ScheduleInputSchema = z
  .strictObject(SCHEDULE_FIELDS, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'is not a schedule field' : 'must be a schedule object, or null',
  })
  .superRefine(
    (value, ctx) => {
      for (const issue of scheduleIssues(value as ScheduleInput))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    },
    { when: () => true },
  )
  .transform(withDefaults)
  .openapi('ScheduleInput', {
    description:
      'Times of day (booking by slots): `hours` or `departures`, `duration_minutes`, the rest defaulted. null books by days.',
  });
