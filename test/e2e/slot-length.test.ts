/**
 * Issue 29: a Length of several slots in real Chromium at 1280 and 390 px. The demo's Guided
 * paddle tour is made, through the merchant API, a hire by the hour (units, 09:00-17:00, 60
 * minutes, up to 3 in a row, 30 minutes kept free after each hire: test/helpers/schedules.ts)
 * and its slot widget allows runs of 3. The shopper picks a day, a Length of 2 hours by
 * keyboard, sees 16:00 unavailable for 2 hours (closing at 17:00), picks a time by the arrow
 * keys, reserves, and the hold panel names the whole 2-hour span; axe clean with the Length
 * choice shown and open. Another cart holding the middle hour makes the 3-hour run over it
 * unavailable; the first run clear of it is held, and the cart's line says "3 hours".
 */
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import { hourlySchedule } from '../helpers/schedules.ts';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { GUIDED_TOUR, GUIDED_TOUR_PRODUCT, day } from './helpers/fixture.ts';
import { DESKTOP, PHONE, deepFocus, screenshotPath, unexpectedConsoleErrors } from './helpers/page.ts';
import { useStorefront } from './helpers/suite.ts';
import {
  dayButton,
  holdPanel,
  reserveButton,
  showMonthOf,
  waitForCalendar,
  waitForCartNotice,
  widgetOn,
} from './helpers/widget.ts';

/** "9:00 – 10:00 AM, 8 left": a time's accessible name without the shopper's own time. */
const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').split(', ').slice(0, 2).join(', ');

describeInBrowser('a shopper hiring by the hour for a Length of several hours', () => {
  const suite = useStorefront();
  let made: Promise<void> | undefined;
  /** The tour turned into an hourly hire, and its widget allowing runs of 3: once, by the secret token. */
  const hourly = () =>
    (made ??= (async () => {
      const products = await suite.server.api('GET', `/v1/products?external_id=${GUIDED_TOUR_PRODUCT}`);
      const variant = products.body[0].variants.find(
        (v: { external_id: unknown }) => String(v.external_id) === String(GUIDED_TOUR),
      );
      const v = await suite.server.api('PUT', `/v1/variants/${variant.id}`, { schedule: hourlySchedule() });
      expect(v.status, JSON.stringify(v.body)).toBe(200);
      const widgets = await suite.server.api('GET', `/v1/widgets?external_product_id=${GUIDED_TOUR_PRODUCT}`);
      const w = await suite.server.api('PUT', `/v1/widgets/${widgets.body[0].id}`, { settings: { max_slots: 3 } });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
    })());

  /** The hire's page in a new shopper's browser, `date` chosen and its times in. */
  async function hirePage(viewport: { width: number; height: number }, date: PlainDate) {
    await hourly();
    const shopper = await suite.open({ viewport });
    await shopper.page.goto('/products/guided-paddle-tour');
    const widget = widgetOn(shopper.page);
    await waitForCalendar(widget);
    await showMonthOf(widget, date);
    await dayButton(widget, date).click();
    const group = widget.getByRole('radiogroup');
    await group.getByRole('radio').first().waitFor();
    return { shopper, page: shopper.page, widget, group, length: widget.getByLabel('Length', { exact: true }) };
  }

  const labels = (group: Locator) =>
    group.getByRole('radio').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

  /** Waits until the first time reads `first` (the times follow a new length). */
  async function timesRead(group: Locator, first: RegExp): Promise<string[]> {
    await expect.poll(async () => plain((await labels(group))[0] ?? null), { timeout: 5_000 }).toMatch(first);
    return (await labels(group)).map(plain);
  }

  for (const [viewport, offset] of [
    [DESKTOP, 3],
    [PHONE, 4],
  ] as const) {
    it(`chooses 2 hours by keyboard, sees 4 PM unavailable for them, a time by arrow keys, and holds the whole span, axe clean, at ${viewport.width} px`, async () => {
      const { shopper, page, widget, group, length } = await hirePage(viewport, day(suite.today, offset));
      expect(await length.locator('option').allInnerTexts()).toEqual(['1 hour', '2 hours', '3 hours']);
      expect(await length.inputValue()).toBe('1');
      // By keyboard: the Length choice takes the focus, Alt+Down opens it (axe clean while it
      // is open), the down arrow moves to 2 hours and Enter chooses them.
      await length.focus();
      await page.keyboard.press('Alt+ArrowDown');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => length.inputValue()).toBe('2');
      expect((await deepFocus(page)).part).toBe('slot-length-select');
      const times = await timesRead(group, /^9:00 – 11:00 AM, 8 left$/);
      expect(times).toHaveLength(8);
      // 16:00 cannot start 2 hours: the hire closes at 17:00. Shown, muted, with its reason.
      expect(times.at(-1)).toBe('4:00 – 5:00 PM, unavailable for 2 hours');
      const late = group.getByRole('radio').last();
      expect(await late.getAttribute('aria-disabled')).toBe('true');
      expect(await late.innerText()).toMatch(/unavailable for 2 hours/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`slot-length-${viewport.width}.png`), fullPage: true });
      // Tab leaves the Length choice for the times' one tab stop; the arrow keys choose 10:00.
      await page.keyboard.press('Tab');
      expect(plain((await deepFocus(page)).name)).toBe('9:00 – 11:00 AM, 8 left');
      await page.keyboard.press('ArrowDown');
      const chosen = group.getByRole('radio', { checked: true });
      expect(plain(await chosen.getAttribute('aria-label'))).toBe('10:00 AM – 12:00 PM, 8 left');
      expect(plain((await deepFocus(page)).name)).toBe('10:00 AM – 12:00 PM, 8 left');
      await reserveButton(widget).click();
      const panel = holdPanel(widget);
      await panel.waitFor({ timeout: 10_000 });
      // The hold is the whole run: 10:00 to 12:00 on the shop's clock.
      expect((await panel.innerText()).replace(/\s+/g, ' ')).toMatch(
        /Guided paddle tour: \w{3}, (\w{3} \d+|\d+ \w{3}), 10:00 AM – 12:00 PM × 1/i,
      );
      expect(await length.inputValue()).toBe('2');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`slot-length-held-${viewport.width}.png`), fullPage: true });
      expect(unexpectedConsoleErrors(shopper)).toEqual([]);
      expect(shopper.pageErrors).toEqual([]);
    });
  }

  it('shows the 3-hour run over an hour another cart holds in full as fully booked, though its first hour is free, and holds the first run clear of it as 3 hours', async () => {
    const date = day(suite.today, 6);
    await hourly();
    // Another cart has every unit from 12:00 to 13:00 (and, by the buffer, until 13:30).
    const held = await suite.server.api('POST', '/v1/reservations', {
      cart_token: 'another-cart',
      items: [{ external_id: String(GUIDED_TOUR), start: `${date} 12:00`, quantity: 8 }],
    });
    expect([200, 201], JSON.stringify(held.body)).toContain(held.status);
    const { page, widget, group, length } = await hirePage(DESKTOP, date);
    const one = (await labels(group)).map(plain);
    expect(one.slice(0, 6)).toEqual([
      '9:00 – 10:00 AM, 8 left',
      '10:00 – 11:00 AM, 8 left',
      // 11:00's own 30 minutes kept free reach into the held hour.
      '11:00 AM – 12:00 PM, fully booked',
      '12:00 – 1:00 PM, fully booked',
      // The held hour's 30 minutes kept free.
      '1:00 – 2:00 PM, fully booked',
      '2:00 – 3:00 PM, 8 left',
    ]);
    await length.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await length.inputValue()).toBe('3');
    const three = await timesRead(group, /^9:00 AM – 12:00 PM, fully booked$/);
    expect(three.slice(0, 2)).toEqual(['9:00 AM – 12:00 PM, fully booked', '10:00 AM – 1:00 PM, fully booked']);
    expect(await group.getByRole('radio').nth(1).getAttribute('aria-disabled')).toBe('true');
    // The first run clear of it starts at 14:00; the runs past 14:00 end too late.
    expect(three.slice(5)).toEqual([
      '2:00 – 5:00 PM, 8 left',
      '3:00 – 4:00 PM, unavailable for 3 hours',
      '4:00 – 5:00 PM, unavailable for 3 hours',
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The first run clear of it is held, and the cart's line says its length.
    await group.getByRole('radio').nth(5).click();
    await reserveButton(widget).click();
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    expect((await holdPanel(widget).innerText()).replace(/\s+/g, ' ')).toMatch(/, 2:00 – 5:00 PM × 1/i);
    await waitForCartNotice(page);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /your cart/ })
        .innerText(),
    ).toBe('Added to your cart: Guided paddle tour, 1 × 3 hours.');
  });
});
