import { describe, expect, it } from 'vitest';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import {
  isTimeZone,
  localDateTime,
  localPeriod,
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

  it("parses a shop's time that the process's zone skips (00:30 on Santiago's spring-forward day) in every process zone", () => {
    // Santiago's clocks jump from 00:00 to 01:00 on 6 September 2026: the time exists in UTC and Melbourne.
    const utc = parseLocalDateTime('2026-09-06 00:30', 'UTC');
    expect('instant' in utc && iso(utc.instant)).toBe('2026-09-06T00:30:00.000Z');
    const melbourne = parseLocalDateTime('2026-09-06 00:30', 'Australia/Melbourne');
    expect('instant' in melbourne && iso(melbourne.instant)).toBe('2026-09-05T14:30:00.000Z');
    expect(parseLocalDateTime('2026-09-06 00:30', 'America/Santiago')).toHaveProperty('error');
  });

  it('knows real zone names and refuses others', () => {
    expect(isTimeZone('Australia/Melbourne')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('local times beside instants (start_local, finish_local)', () => {
  it('writes a wall-clock time as YYYY-MM-DDTHH:MM, with seconds only when there are some', () => {
    expect(localDateTime(Date.parse('2026-11-30T23:00:00Z'), 'Australia/Melbourne')).toBe('2026-12-01T10:00');
    expect(localDateTime(Date.parse('2026-11-30T23:00:30Z'), 'Australia/Melbourne')).toBe('2026-12-01T10:00:30');
    // Santiago's 5 September 2027 starts at 01:00: its first instant reads so.
    expect(localDateTime(Date.parse('2027-09-05T04:00:00Z'), 'America/Santiago')).toBe('2027-09-05T01:00');
  });

  it('gives a whole-day period its days (the finish exclusive) and a timed one its wall-clock times', () => {
    const start = Date.parse('2026-11-30T13:00:00Z');
    const finish = Date.parse('2026-12-01T13:00:00Z');
    expect(localPeriod(start, finish, true, 'Australia/Melbourne')).toEqual({
      start_local: '2026-12-01',
      finish_local: '2026-12-02',
    });
    expect(localPeriod(start, finish, false, 'Australia/Melbourne')).toEqual({
      start_local: '2026-12-01T00:00',
      finish_local: '2026-12-02T00:00',
    });
  });
});

describe('date-fns-tz calls this project does not use, and why', () => {
  // Kept so that a date-fns-tz upgrade that fixes them shows up here (README: Time).
  it('getTimezoneOffset reads an instant an hour after a DST change as the old offset', async () => {
    const { getTimezoneOffset } = await import('date-fns-tz');
    // 16:00Z on 3 October 2026 is 03:00 in Melbourne, already daylight time (+11).
    const offset = getTimezoneOffset('Australia/Melbourne', new Date('2026-10-03T16:00:00Z'));
    expect(offset / 3_600_000).toBe(10);
    expect(parseLocalDateTime('2026-10-04 03:00', 'Australia/Melbourne')).toEqual({
      instant: new Date('2026-10-03T16:00:00Z'),
    });
  });
});

it('toZonedTime shows a wall time an hour late where the process zone skips it (only its day is read here)', async () => {
  const { toZonedTime } = await import('date-fns-tz');
  // 00:30 on 6 September 2026 in Melbourne; Santiago's clocks skip 00:00-01:00 that night.
  const wall = toZonedTime(new Date('2026-09-05T14:30:00Z'), 'Australia/Melbourne');
  const processSkips = Intl.DateTimeFormat().resolvedOptions().timeZone === 'America/Santiago';
  expect(wall.getHours()).toBe(processSkips ? 1 : 0);
  expect(plainDateInZone(new Date('2026-09-05T14:30:00Z'), 'Australia/Melbourne')).toBe('2026-09-06');
});
