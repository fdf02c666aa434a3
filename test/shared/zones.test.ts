import { describe, expect, it } from 'vitest';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import {
  isTimeZone,
  parseLocalDateTime,
  plainDateInZone,
  startOfDayInZone,
  toIsoUtc,
} from '../../src/shared/zones.ts';

const d = (s: string) => s as PlainDate;
const iso = (x: Date) => toIsoUtc(x);

describe('zone conversions', () => {
  it('finds local midnight of a day in the shop zone as a UTC instant', () => {
    expect(iso(startOfDayInZone(d('2026-05-18'), 'Australia/Melbourne'))).toBe('2026-05-17T14:00:00.000Z');
    expect(iso(startOfDayInZone(d('2026-12-25'), 'Australia/Melbourne'))).toBe('2026-12-24T13:00:00.000Z');
    expect(iso(startOfDayInZone(d('2026-12-25'), 'UTC'))).toBe('2026-12-25T00:00:00.000Z');
  });

  it('makes DST change days 23 or 25 hours long', () => {
    const tz = 'Australia/Melbourne';
    // Clocks go back on 5 April 2026 (25 h) and forward on 4 October 2026 (23 h).
    const hours = (a: string, b: string) =>
      (startOfDayInZone(d(b), tz).getTime() - startOfDayInZone(d(a), tz).getTime()) / 3_600_000;
    expect(hours('2026-04-05', '2026-04-06')).toBe(25);
    expect(hours('2026-10-04', '2026-10-05')).toBe(23);
  });

  it('starts a day whose midnight DST skips at the first instant that exists', () => {
    // Santiago springs forward at 00:00 on 6 September 2026: the day starts at 01:00 local.
    const start = startOfDayInZone(d('2026-09-06'), 'America/Santiago');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
    expect(plainDateInZone(start, 'America/Santiago')).toBe('2026-09-06');
  });

  it('reads the day an instant falls on in a zone, whatever the process zone', () => {
    const t = Date.parse('2026-11-22T13:30:00Z');
    expect(plainDateInZone(t, 'Australia/Melbourne')).toBe('2026-11-23');
    expect(plainDateInZone(t, 'Pacific/Pago_Pago')).toBe('2026-11-22');
    expect(plainDateInZone(t, 'Pacific/Kiritimati')).toBe('2026-11-23');
  });

  it('parses shop-local times and reports a time DST skips', () => {
    const ok = parseLocalDateTime('2026-10-04 03:00', 'Australia/Melbourne');
    expect('instant' in ok && iso(ok.instant)).toBe('2026-10-03T16:00:00.000Z');
    const skipped = parseLocalDateTime('2026-10-04 02:30', 'Australia/Melbourne');
    expect(skipped).toEqual({ error: expect.stringContaining('does not exist') });
    // 02:30 happens twice on 5 April: the earlier (still daylight time, +11) wins.
    const twice = parseLocalDateTime('2026-04-05 02:30', 'Australia/Melbourne');
    expect('instant' in twice && iso(twice.instant)).toBe('2026-04-04T15:30:00.000Z');
    for (const bad of ['2026-10-04', '2026-10-04 24:00', '2026-02-30 10:00', 'tomorrow', 42]) {
      expect(parseLocalDateTime(bad, 'UTC')).toHaveProperty('error');
    }
  });

  it('knows real zone names and refuses others', () => {
    expect(isTimeZone('Australia/Melbourne')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
