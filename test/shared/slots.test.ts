// The slots a schedule offers, in the shop's zone, across DST changes (SLOTS.md §1): a skipped
// start is not offered, a repeated one once (its first occurrence), durations are elapsed time.
// Runs under every node project's process TZ: the answers must not depend on it.
import { describe, expect, it } from 'vitest';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import type { Schedule } from '../../src/shared/schedule.ts';
import { findSlot, nearestSlots, slotsBetween, slotsOn } from '../../src/shared/slots.ts';

const day = (d: string) => d as PlainDate;
const base = {
  counting: 'seats',
  duration_minutes: 60,
  interval_minutes: 60,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  min_notice_minutes: 0,
  horizon_days: 365,
  max_slots: 1,
} satisfies Omit<Schedule, 'hours' | 'departures'>;
const everyDay = <T>(value: T) => ({
  mon: value,
  tue: value,
  wed: value,
  thu: value,
  fri: value,
  sat: value,
  sun: value,
});
const hours = (open: string, close: string, extra: Partial<Schedule> = {}): Schedule => ({
  ...base,
  hours: everyDay([[open, close] as [string, string]]),
  ...extra,
});
const departures = (times: string[], extra: Partial<Schedule> = {}): Schedule => ({
  ...base,
  departures: everyDay(times),
  ...extra,
});
const shown = (slots: ReturnType<typeof slotsOn>) =>
  slots.map((s) => `${s.localStart}-${s.localFinish} ${new Date(s.startsAt).toISOString().slice(0, 16)}Z`);

describe('an ordinary day', () => {
  it('offers fixed departures on their weekdays only, at the shop’s wall-clock times', () => {
    const tours: Schedule = { ...base, duration_minutes: 90, departures: { sat: ['13:00', '09:00'] } };
    expect(shown(slotsOn(tours, 'Europe/Berlin', day('2026-12-05')))).toEqual([
      '09:00-10:30 2026-12-05T08:00Z',
      '13:00-14:30 2026-12-05T12:00Z',
    ]);
    expect(slotsOn(tours, 'Europe/Berlin', day('2026-12-06'))).toEqual([]);
  });

  it('generates starts every interval inside opening hours, each ending inside its interval', () => {
    const lessons = hours('09:00', '12:00', { interval_minutes: 30 });
    expect(slotsOn(lessons, 'UTC', day('2026-12-07')).map((s) => s.localStart)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
    ]);
  });

  it('keeps two intervals of a day apart (lunch is not offered)', () => {
    const split: Schedule = {
      ...base,
      hours: {
        mon: [
          ['09:00', '11:00'],
          ['13:00', '15:00'],
        ],
      },
    };
    expect(slotsOn(split, 'UTC', day('2026-12-07')).map((s) => s.localStart)).toEqual([
      '09:00',
      '10:00',
      '13:00',
      '14:00',
    ]);
  });

  it('lets an interval run to 24:00, the next day’s start', () => {
    const evening = hours('22:00', '24:00');
    expect(shown(slotsOn(evening, 'America/New_York', day('2026-12-07')))).toEqual([
      '22:00-23:00 2026-12-08T03:00Z',
      '23:00-00:00 2026-12-08T04:00Z',
    ]);
  });

  it('places Kathmandu’s starts at UTC+5:45', () => {
    expect(shown(slotsOn(departures(['09:00']), 'Asia/Kathmandu', day('2026-12-05')))).toEqual([
      '09:00-10:00 2026-12-05T03:15Z',
    ]);
  });
});

describe('spring forward: a skipped start is not offered, durations are elapsed', () => {
  it('Melbourne, 4 October 2026 (02:00 becomes 03:00)', () => {
    expect(shown(slotsOn(hours('00:00', '05:00'), 'Australia/Melbourne', day('2026-10-04')))).toEqual([
      '00:00-01:00 2026-10-03T14:00Z',
      '01:00-03:00 2026-10-03T15:00Z',
      '03:00-04:00 2026-10-03T16:00Z',
      '04:00-05:00 2026-10-03T17:00Z',
    ]);
    expect(slotsOn(departures(['02:30']), 'Australia/Melbourne', day('2026-10-04'))).toEqual([]);
  });

  it('New York, 8 March 2026: a close the change skips closes where the clock lands', () => {
    expect(shown(slotsOn(hours('00:00', '02:30'), 'America/New_York', day('2026-03-08')))).toEqual([
      '00:00-01:00 2026-03-08T05:00Z',
      '01:00-03:00 2026-03-08T06:00Z',
    ]);
  });

  it('Berlin, 29 March 2026: a 90-minute slot across the change ends 90 minutes later', () => {
    const long = departures(['01:30'], { duration_minutes: 90 });
    expect(shown(slotsOn(long, 'Europe/Berlin', day('2026-03-29')))).toEqual(['01:30-04:00 2026-03-29T00:30Z']);
  });
});

describe('fall back: a repeated start is offered once, at its first occurrence', () => {
  it('Melbourne, 5 April 2026 (03:00 becomes 02:00)', () => {
    expect(shown(slotsOn(hours('01:00', '04:00'), 'Australia/Melbourne', day('2026-04-05')))).toEqual([
      '01:00-02:00 2026-04-04T14:00Z',
      '02:00-02:00 2026-04-04T15:00Z',
      '03:00-04:00 2026-04-04T17:00Z',
    ]);
  });

  it('New York, 1 November 2026 (02:00 becomes 01:00)', () => {
    expect(shown(slotsOn(departures(['01:30']), 'America/New_York', day('2026-11-01')))).toEqual([
      '01:30-01:30 2026-11-01T05:30Z',
    ]);
  });

  it('Berlin, 25 October 2026 (03:00 becomes 02:00)', () => {
    expect(shown(slotsOn(hours('02:00', '04:00'), 'Europe/Berlin', day('2026-10-25')))).toEqual([
      '02:00-02:00 2026-10-25T00:00Z',
      '03:00-04:00 2026-10-25T02:00Z',
    ]);
  });
});

describe('finding slots', () => {
  const tours = departures(['09:00', '13:00']);
  it('lists every date of a range, closed ones empty', () => {
    const closedSunday: Schedule = { ...tours, departures: { ...tours.departures, sun: [] } };
    const days = slotsBetween(closedSunday, 'Europe/Berlin', day('2026-12-05'), day('2026-12-08'));
    expect([...days].map(([d, slots]) => `${d}:${slots.length}`)).toEqual([
      '2026-12-05:2',
      '2026-12-06:0',
      '2026-12-07:2',
    ]);
  });

  it('knows a start that is a slot, and names the nearest slots of one that is not', () => {
    const nine = Date.parse('2026-12-05T08:00:00Z');
    expect(findSlot(tours, 'Europe/Berlin', nine)?.localStart).toBe('09:00');
    expect(findSlot(tours, 'Europe/Berlin', nine + 60_000)).toBeUndefined();
    expect(
      nearestSlots(tours, 'Europe/Berlin', Date.parse('2026-12-05T10:00:00Z'), 2).map((s) => s.localStart),
    ).toEqual(['09:00', '13:00']);
  });

  it('names the times of the day asked for, or of the days around a closed one', () => {
    const closedSunday: Schedule = { ...tours, departures: { ...tours.departures, sun: [] } };
    const named = (instant: string) =>
      nearestSlots(closedSunday, 'Europe/Berlin', Date.parse(instant)).map((s) => new Date(s.startsAt).toISOString());
    // Saturday 11:00 in Berlin: Saturday's two departures only, not Friday's or Monday's.
    expect(named('2026-12-05T10:00:00Z')).toEqual(['2026-12-05T08:00:00.000Z', '2026-12-05T12:00:00.000Z']);
    // Sunday is closed: Saturday 13:00, Monday 09:00 and Saturday 09:00 are the nearest, in start order.
    expect(named('2026-12-06T09:00:00Z')).toEqual([
      '2026-12-05T08:00:00.000Z',
      '2026-12-05T12:00:00.000Z',
      '2026-12-07T08:00:00.000Z',
    ]);
  });
});
