/**
 * Issue 6.4: the strict, hostile page (public/hostile.html, served with a strict CSP): the widget
 * works with no CSP violation, the theme's `!important` rules stay out of it and its styles stay
 * out of the theme, the instances are independent, and the Arabic one is mirrored.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from './helpers/browser.ts';
import { useStorefront } from './helpers/suite.ts';
import { DAYS, KAYAK_PRODUCT, PUBLISHABLE, SINGLE_KAYAK, day } from './helpers/fixture.ts';
import { deepFocus, screenshotBoth, type ShopperPage, unexpectedConsoleErrors } from './helpers/page.ts';
import {
  dayButton,
  dayName,
  holdPanel,
  mentionsDay,
  pickDays,
  reserveButton,
  showMonthOf,
  waitForCalendar,
  widgetOn,
} from './helpers/widget.ts';

const AR = { next: 'الشهر التالي', previous: 'الشهر السابق' };

describeInBrowser('the strict, hostile page', () => {
  const suite = useStorefront();
  let shopper: ShopperPage | undefined;

  async function openHostile(): Promise<{
    page: Page;
    date: Locator;
    range: Locator;
    arabic: Locator;
    csp: string | null;
  }> {
    shopper = await suite.open();
    const { page } = shopper;
    const response = await page.goto('/hostile.html');
    const [date, range, arabic] = [
      widgetOn(page, 'widget-date'),
      widgetOn(page, 'widget-range'),
      widgetOn(page, 'widget-ar'),
    ];
    await Promise.all([waitForCalendar(date), waitForCalendar(range), waitForCalendar(arabic)]);
    return { page, date, range, arabic, csp: (await response?.headerValue('content-security-policy')) ?? null };
  }

  it('under the strict Content-Security-Policy the widgets load and hold dates with no CSP violation and no console error', async () => {
    const { page, date, csp } = await openHostile();
    expect(csp, 'the page is served with its strict policy').toMatch(/default-src 'none'/);
    expect(csp).toMatch(/require-trusted-types-for 'script'/);
    await screenshotBoth(page, '14-hostile-page', date);

    const tourDay = day(suite.today, DAYS.hostileTour);
    await pickDays(date, tourDay, tourDay);
    await reserveButton(date).click();
    await holdPanel(date).waitFor({ timeout: 10_000 });
    expect(await holdPanel(date).innerText()).toMatch(mentionsDay(tourDay));
    await screenshotBoth(page, '15-hostile-held', date);

    expect(await shopper!.cspViolations()).toEqual([]);
    expect(await page.locator('#csp-violations').innerText(), "the page's own violation counter").toBe('0');
    expect(shopper!.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper!)).toEqual([]);

    // The watch works: a request the policy forbids is reported.
    await page.evaluate(() => fetch('https://blocked.example/').catch(() => {}));
    await expect.poll(async () => (await shopper!.cspViolations()).map((v) => v.directive)).toEqual(['connect-src']);
  });

  /** Computed styles that the hostile `!important` rules set, read inside the widget's shadow root. */
  const INSIDE = [
    'background-color',
    'border-top-style',
    'border-top-width',
    'padding-top',
    'padding-left',
    'transform',
    'text-transform',
    'display',
    'border-collapse',
    'border-spacing',
  ];
  function insideStyles(widget: Locator) {
    return widget.evaluate((host, props) => {
      const root = host.shadowRoot!;
      const pick = (el: Element | null | undefined) => {
        if (!el) return null;
        const cs = getComputedStyle(el);
        return Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]));
      };
      const buttons = [...root.querySelectorAll('button')];
      return {
        dayButton: pick(buttons.find((b) => /^\d+$/.test((b.textContent ?? '').trim()))),
        navButton: pick(buttons[0]),
        reserveButton: pick(buttons.find((b) => (b.textContent ?? '').trim() === 'Reserve')),
        table: pick(root.querySelector('table')),
        cell: pick(root.querySelector('td')),
        input: pick(root.querySelector('input')),
      };
    }, INSIDE);
  }

  it("the theme's hostile global styles do not reach into the widget: it looks as it does on a plain page", async () => {
    // A plain page with the same widget and no theme at all, on the same origin.
    shopper = await suite.open();
    const plain = shopper.page;
    await plain.route('**/e2e-plain.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>Plain</title><script src="/booking-widget.js" defer></script></head><body><main><booking-widget id="widget-range" api="" token="${PUBLISHABLE}" product="${KAYAK_PRODUCT}" variant="${SINGLE_KAYAK}"></booking-widget></main></body></html>`,
      }),
    );
    await plain.goto('/e2e-plain.html');
    await waitForCalendar(widgetOn(plain, 'widget-range'));
    const expected = await insideStyles(widgetOn(plain, 'widget-range'));
    await shopper.close();

    const { range } = await openHostile();
    const actual = await insideStyles(range);
    expect(expected.dayButton, 'the plain page has a day button to compare').not.toBeNull();
    expect(actual).toEqual(expected);
    // Spelled out for the reader: none of hostile.css's signature values.
    expect(actual.dayButton!['background-color']).not.toBe('rgb(255, 45, 149)');
    expect(actual.dayButton!['border-top-style']).not.toBe('dashed');
    expect(actual.table!['border-top-width']).not.toBe('8px');
  });

  /** Computed styles of the theme's own elements. */
  const THEME = [
    'background-color',
    'color',
    'border-top-style',
    'border-top-width',
    'padding-top',
    'margin-top',
    'transform',
    'text-transform',
    'font-family',
    'font-size',
    'line-height',
    'width',
    'display',
  ];
  function themeStyles(page: Page) {
    return page.evaluate((props) => {
      const own = document.querySelector('.theme-own')!;
      const els = {
        body: document.body,
        h2: own.querySelector('h2'),
        button: own.querySelector('button'),
        table: own.querySelector('table'),
        cell: own.querySelector('td'),
        p: document.querySelector('.banner p'),
      };
      return {
        styles: Object.fromEntries(
          Object.entries(els).map(([k, el]) => [
            k,
            el && Object.fromEntries(props.map((p) => [p, getComputedStyle(el).getPropertyValue(p)])),
          ]),
        ),
        documentSheets: document.styleSheets.length,
        adoptedByDocument: document.adoptedStyleSheets.length,
        styleElements: document.querySelectorAll('style').length,
        styledElements: document.querySelectorAll('[style]').length,
      };
    }, THEME);
  }

  it("the widget's styles do not reach the theme: the theme's own button and table look the same with and without the widget", async () => {
    shopper = await suite.open();
    await shopper.page.route('**/booking-widget.js', (route) => route.abort());
    await shopper.page.goto('/hostile.html');
    await shopper.page.locator('.theme-own button').waitFor();
    const without = await themeStyles(shopper.page);
    expect(without.styles.button!['background-color'], 'the hostile theme styles its own button').toBe(
      'rgb(255, 45, 149)',
    );
    await shopper.close();

    const { page } = await openHostile();
    const withWidget = await themeStyles(page);
    expect(withWidget).toEqual(without);
  });

  it('the widgets on one page are independent: choosing, moving months and removing one leaves the others as they were', async () => {
    const { page, date, range, arabic } = await openHostile();
    const headings = async () =>
      Promise.all([date, range, arabic].map(async (w) => (await w.getByRole('heading').first().innerText()).trim()));
    const selectedIn = (w: Locator) => w.locator('button[aria-pressed="true"]').count();
    const before = await headings();

    // Choose a day in the tour widget: only it shows a choice, and the others stay on their
    // months (the tour widget itself may have moved on to the day's month).
    const tourDay = day(suite.today, DAYS.hostileTour);
    await pickDays(date, tourDay, tourDay);
    expect(await selectedIn(date)).toBeGreaterThan(0);
    expect(await selectedIn(range)).toBe(0);
    expect(await selectedIn(arabic)).toBe(0);
    const chosen = await headings();
    expect(chosen[1]).toBe(before[1]);
    expect(chosen[2]).toBe(before[2]);

    // Move the range widget a month on: it alone shows another month.
    await range.getByRole('button', { name: 'Next month', exact: true }).click();
    await expect
      .poll(async () => (await headings())[1], { message: 'the range widget moved on a month' })
      .not.toBe(chosen[1]);
    const after = await headings();
    expect(after[0]).toBe(chosen[0]);
    expect(after[2]).toBe(chosen[2]);

    // Remove the range widget: the tour widget still holds its day.
    await page.evaluate(() => document.getElementById('widget-range')!.remove());
    await reserveButton(date).click();
    await holdPanel(date).waitFor({ timeout: 10_000 });
    expect(await holdPanel(arabic).count(), 'the Arabic widget shows no hold it did not make').toBe(0);
    expect(shopper!.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper!)).toEqual([]);
  });

  it('the Arabic widget is laid out right to left: the week runs from the right, the month arrows are swapped, and the left arrow key goes forward', async () => {
    const { page, arabic } = await openHostile();
    const target = day(suite.today, DAYS.hostileRange);
    await showMonthOf(arabic, target, 'ar', AR);
    const direction = await dayButton(arabic, target, 'ar').evaluate((b) => getComputedStyle(b).direction);
    expect(direction).toBe('rtl');

    const prev = await arabic.getByRole('button', { name: AR.previous, exact: true }).boundingBox();
    const next = await arabic.getByRole('button', { name: AR.next, exact: true }).boundingBox();
    expect(prev!.x, 'the previous-month arrow is on the right').toBeGreaterThan(next!.x);

    // Two days of the same week: the later one is further left.
    const { boxes } = await arabic.evaluate((host) => {
      const rows = [...host.shadowRoot!.querySelectorAll('tbody tr')];
      const row = rows.find((r) => r.querySelectorAll('button').length >= 2)!;
      const [a, b] = [...row.querySelectorAll('button')];
      return { boxes: [a!.getBoundingClientRect().x, b!.getBoundingClientRect().x] };
    });
    expect(boxes[0], 'the first day of a week is right of the second').toBeGreaterThan(boxes[1]!);

    // The arrow keys are mirrored: ArrowLeft moves to the next day.
    await dayButton(arabic, target, 'ar').click();
    await page.keyboard.press('ArrowLeft');
    const focus = await deepFocus(page);
    expect(focus.name).toMatch(dayName(day(suite.today, DAYS.hostileRange + 1), 'ar'));
    await screenshotBoth(page, '16-hostile-arabic-rtl', arabic);
  });
});
