/**
 * The suite's own clock (helpers/clock.ts): with `E2E_NOW` the service and every shopper's page
 * live at that instant, and time runs on from there; without it, both at the host's time. The
 * other suites' dates are only as good as this agreement.
 */
import { expect, it } from 'vitest';
import { describeInBrowser } from './helpers/browser.ts';
import { E2E_NOW, parseE2eNow } from './helpers/clock.ts';
import { shopToday } from './helpers/fixture.ts';
import { skewedClock } from './helpers/server.ts';
import { useStorefront } from './helpers/suite.ts';
import { dayName, showMonthOf, waitForCalendar, widgetOn } from './helpers/widget.ts';

it('E2E_NOW is read as an instant with its offset, and refused without one or when it is no date', () => {
  expect(parseE2eNow(undefined)).toBeUndefined();
  expect(parseE2eNow('')).toBeUndefined();
  expect(parseE2eNow('2026-12-31T10:00:00+11:00')).toBe(Date.parse('2026-12-30T23:00:00Z'));
  expect(parseE2eNow('2026-12-30T23:00:00Z')).toBe(Date.parse('2026-12-30T23:00:00Z'));
  // Without an offset the instant would depend on the host's zone.
  expect(() => parseE2eNow('2026-12-31T10:00:00')).toThrow(/offset/);
  expect(() => parseE2eNow('tomorrow+11:00')).toThrow(/E2E_NOW/);
});

it('the service clock started at an instant runs on from it at the real pace, and still moves forward on demand', async () => {
  const start = Date.parse('2027-02-28T12:00:00Z');
  const clock = skewedClock(start);
  expect(clock.now() - start).toBeGreaterThanOrEqual(0);
  expect(clock.now() - start).toBeLessThan(1000);
  await new Promise((r) => setTimeout(r, 120));
  expect(clock.now() - start, 'the clock runs').toBeGreaterThanOrEqual(100);
  clock.advance(60_000);
  expect(clock.now() - start).toBeGreaterThanOrEqual(60_100);
  // The clock runs between two readings: the database's reading lies between two of its own.
  const before = clock.now();
  const sqlNow = clock.sqlNow!() as number;
  expect(sqlNow, "the database's now for holds is the same clock").toBeGreaterThanOrEqual(before);
  expect(sqlNow, "the database's now for holds is the same clock").toBeLessThanOrEqual(clock.now());
});

// The date in the title: a failure in a fake-date project says which date it ran at.
describeInBrowser(
  `the suite's clock in the page and the service (${E2E_NOW === undefined ? "the host's time" : `E2E_NOW ${process.env.E2E_NOW}`})`,
  () => {
    const suite = useStorefront();

    it("the shopper's page and the service agree on the time and on today (E2E_NOW's day when set), and the page's time runs", async () => {
      if (E2E_NOW !== undefined) expect(suite.today, "the storefront lives on E2E_NOW's day").toBe(shopToday(E2E_NOW));
      const { page } = await suite.open();
      await page.goto('/');
      const pageNow = await page.evaluate(() => Date.now());
      // Seconds apart at most: the time it takes to open the page, on a busy machine.
      expect(
        Math.abs(pageNow - suite.server.clock.now()),
        `the page says ${new Date(pageNow).toISOString()}`,
      ).toBeLessThan(10_000);
      await page.waitForTimeout(1200);
      expect(await page.evaluate(() => Date.now()), "the page's clock is not paused").toBeGreaterThan(pageNow + 1000);

      // The widget marks the service's today as today.
      const widget = widgetOn(page);
      await waitForCalendar(widget);
      await showMonthOf(widget, suite.today);
      expect(await widget.locator('button[aria-current="date"]').getAttribute('aria-label')).toMatch(
        dayName(suite.today),
      );
    });
  },
);

it("CI's fake dates are the next last day of a month (not 31 December, which has its own) and the next 31 December, at 10:00 in Melbourne, never one already passed", async () => {
  const { e2eDates } = await import('../../vite.config.ts');
  expect(e2eDates(Date.parse('2026-11-25T10:00:00Z'))).toEqual({
    monthEnd: '2026-11-30T10:00:00+11:00',
    newYearsEve: '2026-12-31T10:00:00+11:00',
  });
  // On the day, until 10:00 there: that day; after it, the next.
  expect(e2eDates(Date.parse('2026-11-29T22:59:59Z')).monthEnd).toBe('2026-11-30T10:00:00+11:00');
  expect(e2eDates(Date.parse('2026-11-29T23:00:01Z')).monthEnd).toBe('2027-01-31T10:00:00+11:00');
  expect(e2eDates(Date.parse('2026-12-30T23:30:00Z'))).toEqual({
    monthEnd: '2027-01-31T10:00:00+11:00',
    newYearsEve: '2027-12-31T10:00:00+11:00',
  });
  // February of a leap year, and Melbourne's winter offset (+10:00).
  expect(e2eDates(Date.parse('2028-02-27T00:00:00Z')).monthEnd).toBe('2028-02-29T10:00:00+11:00');
  expect(e2eDates(Date.parse('2027-03-31T00:00:00Z')).monthEnd).toBe('2027-04-30T10:00:00+10:00');
});

it("the real-date run starts just after the shop's midnight when that midnight is less than an hour away, and on the host's time otherwise", async () => {
  const { realDateNow } = await import('../../vite.config.ts');
  // Whatever E2E_NOW this run has (the fake-date projects set one), none is passed here.
  const at = (iso: string) => realDateNow(Date.parse(iso), undefined).E2E_NOW;
  // 12:38 UTC on 26 November is 23:38 in Melbourne (UTC+11): the run would cross midnight.
  expect(at('2026-11-26T12:38:00Z')).toBe('2026-11-27T00:01:00+11:00');
  expect(at('2026-11-26T12:00:01Z')).toBe('2026-11-27T00:01:00+11:00');
  expect(at('2026-11-26T11:59:00Z')).toBeUndefined();
  expect(at('2026-11-26T13:00:00Z')).toBeUndefined();
  // The night before the first Sunday of April, when Melbourne's clocks go back at 03:00.
  expect(at('2027-04-03T12:30:00Z')).toBe('2027-04-04T00:01:00+11:00');
  // In winter (UTC+10).
  expect(at('2027-07-01T13:45:00Z')).toBe('2027-07-02T00:01:00+10:00');
  // An E2E_NOW given by the one running the tests is kept.
  expect(realDateNow(Date.parse('2026-11-26T12:38:00Z'), '2026-12-31T10:00:00+11:00')).toEqual({});
});
