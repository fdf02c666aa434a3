/**
 * The calendar's rules and grid as pure functions, in the shop's zone (Australia/Melbourne)
 * whatever zone the process runs in; the DST changes of October 2026 and April 2027 included.
 */
import { describe, expect, it } from 'vitest';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import type { Blackout } from '../../src/shared/records.ts';
import { resolveSettings } from '../../src/shared/settings.ts';
import { dayForKey, monthWeeks } from '../../src/shared/month-grid.ts';
import {
  type DayFacts,
  blockedDays,
  dayReason,
  mostUnits,
  rangeFinish,
  rangeProblem,
} from '../../src/widget/calendar/rules.ts';
import type { AvailabilityDay } from '../../src/shared/records.ts';

const TZ = 'Australia/Melbourne';
const d = (s: string) => s as PlainDate;

function blackout(
  starts_at: string,
  finishes_at: string,
  scope: 'overlap' | 'start' = 'overlap',
  shopper_reason: string | null = null,
): Blackout {
  return { title: null, shopper_reason, starts_at, finishes_at, scope } as Blackout;
}

function facts(more: Partial<DayFacts> = {}): DayFacts {
  return {
    today: d('2026-11-22'),
    settings: resolveSettings('range', { lead_days: 1, max_days: 7 }),
    blocks: [],
    availability: {},
    quantity: 1,
    ...more,
  };
}

describe('blocked days of a blackout', () => {
  it('covers the shop-local days of an all-day blackout, its exclusive finish left free', () => {
    // Christmas in Melbourne (UTC+11): 24 Dec 13:00Z to 25 Dec 13:00Z.
    expect(blockedDays(blackout('2026-12-24T13:00:00.000Z', '2026-12-25T13:00:00.000Z'), TZ)).toEqual({
      first: '2026-12-25',
      last: '2026-12-25',
      startOnly: false,
      title: null,
    });
  });

  it('counts the 25-hour day when daylight saving ends (4 April 2027) as one day', () => {
    // 4 April 2027 starts at 00:00 +11:00 (3 Apr 13:00Z) and ends at 00:00 +10:00 (4 Apr 14:00Z).
    expect(blockedDays(blackout('2027-04-03T13:00:00.000Z', '2027-04-04T14:00:00.000Z'), TZ)).toEqual({
      first: '2027-04-04',
      last: '2027-04-04',
      startOnly: false,
      title: null,
    });
  });

  it('counts the 23-hour day when daylight saving starts (4 October 2026) as one day', () => {
    expect(blockedDays(blackout('2026-10-03T14:00:00.000Z', '2026-10-04T13:00:00.000Z'), TZ)).toEqual({
      first: '2026-10-04',
      last: '2026-10-04',
      startOnly: false,
      title: null,
    });
  });

  it('blocks a whole day when an "overlap" blackout covers only some hours of it', () => {
    // 10:00 to 14:00 on 1 December, Melbourne.
    expect(blockedDays(blackout('2026-11-30T23:00:00.000Z', '2026-12-01T03:00:00.000Z'), TZ)).toMatchObject({
      first: '2026-12-01',
      last: '2026-12-01',
    });
  });

  it('a "start" blackout of some hours does not stop that day, whose items start at midnight', () => {
    const b = blockedDays(blackout('2026-11-30T23:00:00.000Z', '2026-12-01T03:00:00.000Z', 'start'), TZ);
    expect(b.first > b.last).toBe(true);
  });
});

describe('day reasons', () => {
  it('names past, lead time, horizon, blackout and sold-out days', () => {
    const f = facts({
      blocks: [{ first: d('2026-12-25'), last: d('2026-12-25'), startOnly: false }],
      availability: {
        '2026-11-27': {
          date: d('2026-11-27'),
          quantity_available: 0,
          quantity_free: 0,
          status: 'sold_out',
          status_code: 2,
        },
      },
    });
    expect(dayReason(d('2026-11-21'), f)).toBe('past');
    expect(dayReason(d('2026-11-22'), f)).toBe('lead');
    expect(dayReason(d('2026-11-23'), f)).toBeUndefined();
    expect(dayReason(d('2027-11-22'), f)).toBeUndefined();
    expect(dayReason(d('2027-11-23'), f)).toBe('horizon');
    expect(dayReason(d('2026-12-25'), f)).toBe('closed');
    expect(dayReason(d('2026-11-27'), f)).toBe('sold');
  });

  it('calls a day short when fewer places are left than the quantity, and sold out when none are', () => {
    const availability = {
      '2026-11-25': {
        date: d('2026-11-25'),
        quantity_available: 2,
        quantity_free: 2,
        status: 'ok' as const,
        status_code: 1 as const,
      },
    };
    expect(dayReason(d('2026-11-25'), facts({ availability, quantity: 2 }))).toBeUndefined();
    expect(dayReason(d('2026-11-25'), facts({ availability, quantity: 3 }))).toBe('short');
    const none = { '2026-11-25': { ...availability['2026-11-25'], quantity_available: 0, quantity_free: 0 } };
    expect(dayReason(d('2026-11-25'), facts({ availability: none, quantity: 1 }))).toBe('sold');
  });

  it('applies a "start" blackout only to a day that starts the period', () => {
    const f = facts({ blocks: [{ first: d('2026-12-01'), last: d('2026-12-02'), startOnly: true }] });
    expect(dayReason(d('2026-12-01'), f, true)).toBe('closed');
    expect(dayReason(d('2026-12-01'), f, false)).toBeUndefined();
  });

  it('lets a range pass through a day closed only to starts by its free units, though none are available to start there', () => {
    // Issue 27: the service says 0 available on a closed day; its free units are what a range uses.
    const closedToStarts = {
      date: d('2026-12-01'),
      quantity_available: 0,
      quantity_free: 2,
      status: 'blacked_out' as const,
      status_code: 3 as const,
    };
    const blocks = [{ first: d('2026-12-01'), last: d('2026-12-01'), startOnly: true }];
    const f = facts({ blocks, availability: { '2026-12-01': closedToStarts }, quantity: 2 });
    expect(dayReason(d('2026-12-01'), f, true)).toBe('closed');
    expect(dayReason(d('2026-12-01'), f, false)).toBeUndefined();
    expect(dayReason(d('2026-12-01'), { ...f, quantity: 3 }, false)).toBe('short');
    expect(rangeProblem(d('2026-11-30'), d('2026-12-02'), f)).toBeUndefined();
  });

  it("tells shoppers the blackout's shopper reason, never the merchant's title", () => {
    const repairs = { ...blackout('2026-12-07T13:00:00.000Z', '2026-12-08T13:00:00.000Z'), title: 'Hull repairs' };
    expect(blockedDays(repairs, TZ).title).toBeNull();
    const christmas = blackout('2026-12-24T13:00:00.000Z', '2026-12-25T13:00:00.000Z', 'overlap', 'Christmas Day');
    expect(blockedDays(christmas, TZ).title).toBe('Christmas Day');
  });
});

describe('ranges', () => {
  it('finishes the day after the last day held ("days") or on the check-out day ("nights")', () => {
    expect(rangeFinish(d('2026-12-03'), resolveSettings('range'))).toBe('2026-12-04');
    expect(rangeFinish(d('2026-12-03'), resolveSettings('range', { count: 'nights' }))).toBe('2026-12-03');
  });

  it('rejects a length outside min_days-max_days and a range crossing an unavailable day', () => {
    const f = facts({ blocks: [{ first: d('2026-12-25'), last: d('2026-12-25'), startOnly: false }] });
    expect(rangeProblem(d('2026-12-01'), d('2026-12-07'), f)).toBeUndefined();
    expect(rangeProblem(d('2026-12-01'), d('2026-12-08'), f)).toBe('tooLong');
    expect(rangeProblem(d('2026-12-24'), d('2026-12-26'), f)).toBe('crosses');
    const nights = facts({ settings: resolveSettings('range', { count: 'nights', min_days: 1, max_days: 7 }) });
    // Check-out on the start day is zero nights.
    expect(rangeProblem(d('2026-12-01'), d('2026-12-01'), nights)).toBe('tooShort');
    expect(rangeProblem(d('2026-12-01'), d('2026-12-02'), nights)).toBeUndefined();
    const twoAtLeast = facts({ settings: resolveSettings('range', { min_days: 2, max_days: 7 }) });
    expect(rangeProblem(d('2026-12-01'), d('2026-12-01'), twoAtLeast)).toBe('tooShort');
    expect(rangeProblem(d('2026-12-01'), d('2026-12-02'), twoAtLeast)).toBeUndefined();
  });
});

describe('the most units', () => {
  const left = (days: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(days).map(([date, n]) => [
        date,
        { date, quantity_available: n, quantity_free: n } as AvailabilityDay,
      ]),
    );
  const four = resolveSettings('range', { quantity_max: 4 });

  it('is what the freest day known has before a choice, and what every chosen day has after one, never above quantity_max', () => {
    const known = left({ '2026-12-01': 2, '2026-12-02': 1, '2026-12-03': 2 });
    // The double kayak: 2 exist, the widget allows 4.
    expect(mostUnits(four, known)).toBe(2);
    expect(mostUnits(four, known, [d('2026-12-01'), d('2026-12-02')])).toBe(1);
    expect(mostUnits(four, known, [d('2026-12-03')])).toBe(2);
    expect(mostUnits(resolveSettings('range', { quantity_max: 1 }), known)).toBe(1);
  });

  it('counts the free units of a day inside the range that is closed to starts only, not its 0 available', () => {
    const known = left({ '2026-12-01': 2, '2026-12-03': 2 });
    known['2026-12-02'] = { date: '2026-12-02', quantity_available: 0, quantity_free: 2 } as AvailabilityDay;
    expect(mostUnits(four, known, [d('2026-12-01'), d('2026-12-02'), d('2026-12-03')])).toBe(2);
  });

  it('is quantity_max while nothing is loaded, and never below quantity_min', () => {
    expect(mostUnits(four, {})).toBe(4);
    expect(mostUnits(four, left({ '2026-12-01': 0 }))).toBe(1);
  });
});

describe('grid', () => {
  it('lays out the weeks the month has from the first day of the week, days of other months blank, no empty row', () => {
    const weeks = monthWeeks(d('2026-11-01'), 1);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]!.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks[4]![0]).toBe('2026-11-23');
    expect(weeks[5]!.slice(0, 2)).toEqual(['2026-11-30', null]);
    // February 2027 starts on a Monday and has 28 days: four weeks, not six.
    expect(monthWeeks(d('2027-02-01'), 1)).toHaveLength(4);
    expect(monthWeeks(d('2027-02-01'), 1)[3]![6]).toBe('2027-02-28');
    // Starting the week on Sunday, 1 February 2027 is the second day of the first week.
    expect(monthWeeks(d('2027-02-01'), 0)).toHaveLength(5);
  });

  it('moves by the keys of the date picker, left and right swapped right-to-left', () => {
    const day = d('2026-11-25'); // a Wednesday
    expect(dayForKey('ArrowLeft', false, day, false, 0)).toBe('2026-11-24');
    expect(dayForKey('ArrowLeft', false, day, true, 0)).toBe('2026-11-26');
    expect(dayForKey('Home', false, day, false, 1)).toBe('2026-11-23');
    expect(dayForKey('End', false, day, false, 1)).toBe('2026-11-29');
    expect(dayForKey('PageDown', true, d('2028-02-29'), false, 0)).toBe('2029-02-28');
    expect(dayForKey('Tab', false, day, false, 0)).toBeUndefined();
  });
});
