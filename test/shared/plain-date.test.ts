import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayOfWeek,
  diffDays,
  eachDay,
  isPlainDate,
  startOfMonth,
  type PlainDate,
} from '../../src/shared/plain-date.ts';

const d = (s: string) => s as PlainDate;

describe('plain dates', () => {
  it('accepts real days and rejects impossible ones', () => {
    expect(isPlainDate('2026-02-28')).toBe(true);
    expect(isPlainDate('2028-02-29')).toBe(true);
    for (const bad of [
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-01',
      '26-01-01',
      '',
      20260101,
      null,
      '2026-01-01T00:00:00Z',
    ]) {
      expect(isPlainDate(bad), String(bad)).toBe(false);
    }
  });

  it('adds days across months, years and DST changes without drifting', () => {
    expect(addDays(d('2026-12-31'), 1)).toBe('2027-01-01');
    expect(addDays(d('2026-03-01'), -1)).toBe('2026-02-28');
    expect(addDays(d('2026-04-05'), 1)).toBe('2026-04-06'); // Melbourne DST ends this day
    expect(diffDays(d('2026-01-01'), d('2027-01-01'))).toBe(365);
  });

  it('moves by months with the day clamped to the month length', () => {
    expect(addMonths(d('2026-03-31'), 1)).toBe('2026-04-30');
    expect(addMonths(d('2026-01-15'), -1)).toBe('2025-12-15');
    expect(addMonths(d('2026-11-30'), 14)).toBe('2028-01-30');
    expect(startOfMonth(d('2026-11-22'))).toBe('2026-11-01');
  });

  it('names the weekday of a day, Sunday as 0', () => {
    expect(dayOfWeek(d('2026-11-22'))).toBe(0);
    expect(dayOfWeek(d('2026-11-28'))).toBe(6);
    expect(dayOfWeek(d('1969-12-31'))).toBe(3);
  });

  it('lists each day of a half-open period', () => {
    expect(eachDay(d('2026-02-27'), d('2026-03-02'))).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(eachDay(d('2026-02-27'), d('2026-02-27'))).toEqual([]);
  });
});
