/**
 * Issue 29: a shopper books a time of day on the demo's Guided paddle tour page, in real
 * Chromium at 1280 and 390 px: a day, a time (by keyboard, the APG radio group), Reserve, the
 * hold panel; axe clean at each step; the shopper in another zone than the shop (New York
 * beside Melbourne); and the day Melbourne's clocks go back (4 April 2027), whose 02:00 is
 * offered once.
 */
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { day } from './helpers/fixture.ts';
import { DESKTOP, PHONE, screenshotPath, unexpectedConsoleErrors } from './helpers/page.ts';
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

/** A night tour at 01:00, 02:00 and 03:00 for the day the clocks go back. */
const NIGHT = 9012345678904;
const NIGHT_VARIANT = 49012345678906;

const daily = (times: string[]) =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, times]));

describeInBrowser('a shopper booking a time of day (the Guided paddle tour)', () => {
  const suite = useStorefront();
  let made: Promise<void> | undefined;
  /** The night tour with its slot widget, made once through the merchant API (the Guided paddle tour is the fixture's). */
  const tours = () =>
    (made ??= (async () => {
      for (const [product, variant, title, times, minutes] of [
        [NIGHT, NIGHT_VARIANT, 'Night paddle', ['01:00', '02:00', '03:00'], 30],
      ] as const) {
        const schedule = { counting: 'seats', departures: daily([...times]), duration_minutes: minutes };
        const p = await suite.server.api('POST', '/v1/products', {
          external_id: product,
          title,
          variants: [{ external_id: variant, title: 'Default Title', capacity: 8, schedule }],
        });
        expect(p.status, JSON.stringify(p.body)).toBe(201);
        const w = await suite.server.api('POST', '/v1/widgets', {
          title,
          type: 'slot',
          external_product_ids: [product],
          settings: { quantity_max: 8, hold_minutes: 10 },
        });
        expect(w.status, JSON.stringify(w.body)).toBe(201);
      }
    })());

  /** The tour's page in a new shopper's browser; the widget once its month is in. */
  async function tourPage(viewport: { width: number; height: number }, timezoneId?: string) {
    await tours();
    const shopper = await suite.open({ viewport, ...(timezoneId && { timezoneId }) });
    await shopper.page.goto('/products/guided-paddle-tour');
    const widget = widgetOn(shopper.page);
    await waitForCalendar(widget);
    return { shopper, page: shopper.page, widget };
  }

  /** Picks `date` and waits for its times. */
  async function pickDay(widget: Locator, date: PlainDate): Promise<Locator> {
    await showMonthOf(widget, date);
    await dayButton(widget, date).click();
    const group = widget.getByRole('radiogroup');
    await group.getByRole('radio').first().waitFor();
    return group;
  }

  for (const [viewport, offset] of [
    [DESKTOP, 3],
    [PHONE, 4],
  ] as const) {
    it(`picks a day, a time by keyboard, reserves and sees the hold, axe clean, at ${viewport.width} px`, async () => {
      const { shopper, page, widget } = await tourPage(viewport);
      const group = await pickDay(widget, day(suite.today, offset));
      expect(await group.getByRole('radio').count()).toBe(2);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Every time is a 44 × 44 px target at least.
      for (const box of await group.getByRole('radio').evaluateAll((els) => els.map((e) => e.getBoundingClientRect())))
        expect(box.width >= 44 && box.height >= 44, JSON.stringify(box)).toBe(true);
      // Tab stops on the first time; the arrow chooses the next.
      await group.getByRole('radio').first().focus();
      await page.keyboard.press('ArrowDown');
      const one = group.getByRole('radio', { checked: true });
      expect(await one.getAttribute('aria-label')).toMatch(/^1:00\s*–\s*3:00\s*pm, 8 left$/i);
      await page.keyboard.press('Space');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await reserveButton(widget).click();
      const panel = holdPanel(widget);
      await panel.waitFor({ timeout: 10_000 });
      // The held time on the shop's clock (the shopper is in its zone: no zone named).
      expect((await panel.innerText()).replace(/\s+/g, ' ')).toMatch(
        /Guided paddle tour: \w{3}, (\w{3} \d+|\d+ \w{3}), 1:00 – 3:00 pm × 1/i,
      );
      await waitForCartNotice(page);
      // The theme's notice names a product whose only variant is Shopify's default by its title.
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /your cart/ })
          .innerText(),
      ).toMatch(/^Added to your cart: Guided paddle tour, 1 × 2 hours\.$/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`slot-held-${viewport.width}.png`), fullPage: true });
      expect(unexpectedConsoleErrors(shopper)).toEqual([]);
      expect(shopper.pageErrors).toEqual([]);
      await widget.getByRole('button', { name: 'Release' }).click();
      await widget
        .getByText(/^Released/)
        .first()
        .waitFor();
    });
  }

  it('shows a shopper in New York their own time beside the shop’s, and names the shop’s zone', async () => {
    const { page, widget } = await tourPage(DESKTOP, 'America/New_York');
    const group = await pickDay(widget, day(suite.today, 3));
    const nine = await group.getByRole('radio').first().getAttribute('aria-label');
    // 09:00 in Melbourne is 17:00 or 18:00 the day before in New York.
    expect(nine).toMatch(/^9:00\s*–\s*11:00\s*am, 8 left, \w{3},? [56]:00\s*pm your time$/i);
    expect(await widget.getByText(/^Times are in Australian Eastern/).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('slot-new-york.png') });
  });

  it('offers 02:00 once on the day Melbourne’s clocks go back (4 April 2027)', async () => {
    const { page, widget } = await tourPage(DESKTOP);
    await widget.evaluate(
      (el, [p, v]) => {
        el.setAttribute('product', String(p));
        el.setAttribute('variant', String(v));
      },
      [NIGHT, NIGHT_VARIANT],
    );
    await waitForCalendar(widget);
    const group = await pickDay(widget, '2027-04-04' as PlainDate);
    const spans = await group
      .getByRole('radio')
      .evaluateAll((els) => els.map((e) => e.querySelector('b')!.textContent));
    expect(spans.map((s) => s!.replace(/\s+/g, ' ').toLowerCase())).toEqual([
      '1:00 – 1:30 am',
      '2:00 – 2:30 am',
      '3:00 – 3:30 am',
    ]);
    void page;
  });
});
