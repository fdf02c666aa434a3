// A schedule as the merchant API reads it (SLOTS.md §1): defaults filled in, and every
// impossible schedule refused with its field named (paths under the schedule, as the 422 names
// them below `schedule`).
import { describe, expect, it } from 'vitest';
import { ScheduleInputSchema } from '../../../src/service/slots/schedule-schema.ts';
import { fieldsOf } from '../../../src/service/shared/schema-issues.ts';

/** The fields a schedule is refused by, with their messages; {} when it passes. */
function refused(value: unknown): Record<string, string[]> {
  const parsed = ScheduleInputSchema.safeParse(value);
  if (parsed.success) return {};
  return { ...fieldsOf(parsed.error.issues.map((issue) => ({ ...issue, path: ['schedule', ...issue.path] }))) };
}

const TOUR = { counting: 'seats', departures: { sat: ['09:00', '13:00'] }, duration_minutes: 120 };
const HIRE = { counting: 'units', hours: { mon: [['09:00', '17:00']] }, duration_minutes: 60 };

describe('A schedule in a request', () => {
  it('fills the defaults: interval = duration, no buffers or notice, a 365-day horizon, one slot', () => {
    expect(ScheduleInputSchema.parse(TOUR)).toEqual({
      counting: 'seats',
      departures: { sat: ['09:00', '13:00'] },
      duration_minutes: 120,
      interval_minutes: 120,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      min_notice_minutes: 0,
      horizon_days: 365,
      max_slots: 1,
    });
  });

  it('keeps what is given, sorts each day by time, leaves closed days out, and reads numbers given as digits', () => {
    const parsed = ScheduleInputSchema.parse({
      counting: 'units',
      hours: {
        tue: [],
        mon: [
          ['13:00', '24:00'],
          ['09:00', '12:00'],
        ],
        wed: null,
      },
      duration_minutes: '30',
      interval_minutes: 15,
      buffer_before_minutes: 10,
      buffer_after_minutes: 5,
      min_notice_minutes: 120,
      horizon_days: 90,
      max_slots: 4,
    });
    expect(parsed.hours).toEqual({
      mon: [
        ['09:00', '12:00'],
        ['13:00', '24:00'],
      ],
    });
    expect(parsed).toMatchObject({ duration_minutes: 30, interval_minutes: 15, max_slots: 4, horizon_days: 90 });
  });

  it.each([
    ['24:30 as a close', { ...HIRE, hours: { mon: [['09:00', '24:30']] } }, 'schedule.hours.mon[0][1]'],
    ['24:00 as an open', { ...HIRE, hours: { mon: [['24:00', '24:00']] } }, 'schedule.hours.mon[0][0]'],
    ['25:00 as a departure', { ...TOUR, departures: { sat: ['25:00'] } }, 'schedule.departures.sat[0]'],
    ['9:00 without its leading zero', { ...TOUR, departures: { sat: ['9:00'] } }, 'schedule.departures.sat[0]'],
    ['an interval that is not a pair', { ...HIRE, hours: { mon: [['09:00']] } }, 'schedule.hours.mon[0]'],
    ['an interval closing before it opens', { ...HIRE, hours: { mon: [['17:00', '09:00']] } }, 'schedule.hours.mon[0]'],
    [
      'overlapping intervals',
      {
        ...HIRE,
        hours: {
          mon: [
            ['09:00', '12:00'],
            ['11:00', '17:00'],
          ],
        },
      },
      'schedule.hours.mon[1]',
    ],
    [
      'a slot that cannot end inside its interval',
      {
        ...HIRE,
        duration_minutes: 90,
        hours: {
          mon: [
            ['09:00', '12:00'],
            ['13:00', '14:00'],
          ],
        },
      },
      'schedule.hours.mon[1]',
    ],
    [
      'a departure listed twice',
      { ...TOUR, departures: { sat: ['09:00', '13:00', '09:00'] } },
      'schedule.departures.sat[2]',
    ],
    ['a day that is not a weekday', { ...TOUR, departures: { saturday: ['09:00'] } }, 'schedule.departures.saturday'],
    ['neither hours nor departures', { counting: 'seats', duration_minutes: 60 }, 'schedule.hours'],
    ['both hours and departures', { ...TOUR, hours: HIRE.hours }, 'schedule.departures'],
    ['no day with times', { ...TOUR, departures: { sat: [], sun: null } }, 'schedule.departures'],
    ['buffers with seats', { ...TOUR, buffer_after_minutes: 15 }, 'schedule.buffer_after_minutes'],
    ['several slots with seats', { ...TOUR, max_slots: 2 }, 'schedule.max_slots'],
    ['an unknown counting', { ...TOUR, counting: 'people' }, 'schedule.counting'],
    ['no counting', { departures: TOUR.departures, duration_minutes: 60 }, 'schedule.counting'],
    ['a duration under 5 minutes', { ...TOUR, duration_minutes: 4 }, 'schedule.duration_minutes'],
    ['a duration over a day', { ...TOUR, duration_minutes: 1441 }, 'schedule.duration_minutes'],
    ['an interval of 0', { ...HIRE, interval_minutes: 0 }, 'schedule.interval_minutes'],
    ['a notice over a year', { ...TOUR, min_notice_minutes: 525_601 }, 'schedule.min_notice_minutes'],
    ['a horizon of 0 days', { ...TOUR, horizon_days: 0 }, 'schedule.horizon_days'],
    ['a horizon over 3 years', { ...TOUR, horizon_days: 1096 }, 'schedule.horizon_days'],
    ['49 slots', { ...HIRE, max_slots: 49 }, 'schedule.max_slots'],
    ['a field a schedule does not have', { ...TOUR, duration: 60 }, 'schedule.duration'],
  ])('refuses %s, naming the field', (_, value, field) => {
    const fields = refused(value);
    expect(Object.keys(fields)).toEqual([field]);
    expect(fields[field]![0]).toMatch(/^(is|must|overlaps|cannot)/);
  });

  it('says why, in words a merchant can act on', () => {
    expect(
      refused({
        ...HIRE,
        duration_minutes: 90,
        hours: {
          mon: [
            ['09:00', '12:00'],
            ['11:00', '12:00'],
          ],
        },
      }),
    ).toEqual({
      'schedule.hours.mon[1]': [
        'is open 60 minutes: a 90-minute slot cannot end inside it',
        'overlaps ["09:00","12:00"] (mon[0])',
      ],
    });
    expect(refused({ ...TOUR, departures: { sat: ['09:00', '09:00'] } })).toEqual({
      'schedule.departures.sat[1]': ['is listed twice (sat[0])'],
    });
    expect(refused({ ...HIRE, hours: { mon: [['09:00', '24:30']] } })).toEqual({
      'schedule.hours.mon[0][1]': ['must be a time HH:MM from 00:01 to 24:00'],
    });
  });

  it('names every bad field of one schedule at once', () => {
    expect(
      Object.keys(
        refused({
          counting: 'seats',
          departures: { sat: ['09:00', '09:00'], fri: ['7pm'] },
          duration_minutes: 0,
          buffer_before_minutes: 10,
        }),
      ).sort(),
    ).toEqual(
      [
        'schedule.buffer_before_minutes',
        'schedule.departures.fri[0]',
        'schedule.departures.sat[1]',
        'schedule.duration_minutes',
      ].sort(),
    );
  });

  it('lets intervals touch, and a 24-hour slot fill a whole day', () => {
    expect(
      refused({
        ...HIRE,
        hours: {
          mon: [
            ['09:00', '12:00'],
            ['12:00', '17:00'],
          ],
        },
      }),
    ).toEqual({});
    expect(refused({ ...HIRE, duration_minutes: 1440, hours: { sun: [['00:00', '24:00']] } })).toEqual({});
  });

  it('refuses a schedule that is not an object', () => {
    expect(Object.keys(refused('daily'))).toEqual(['schedule']);
    expect(Object.keys(refused([TOUR]))).toEqual(['schedule']);
  });
});
