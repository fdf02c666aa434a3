/**
 * Issue 6.4: what a shopper sees when things go wrong on the product page: another cart takes
 * the last unit (409), the API fails and recovers, and a single-page theme removes and
 * re-inserts the widget.
 */
import type { Locator, Page, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from './helpers/browser.ts';
import { holdForAnotherCart } from './helpers/server.ts';
import { useStorefront } from './helpers/suite.ts';
import { DAYS, DOUBLE_KAYAK, SINGLE_KAYAK, day } from './helpers/fixture.ts';
import { instrumentWidgetActivity, widgetActivity } from './helpers/instrument.ts';
import { PHONE, screenshotBoth, type ShopperPage, unexpectedConsoleErrors } from './helpers/page.ts';
import {
  EN,
  waitForCartNotice,
  dayLabel,
  holdPanel,
  mentionsDay,
  pickDays,
  readCart,
  reserveButton,
  showMonthOf,
  waitForCalendar,
  widgetOn,
  widgetText,
} from './helpers/widget.ts';

describeInBrowser('the product page when things go wrong', () => {
  const suite = useStorefront({
    reset: (server) => {
      server.apiDown = false;
    },
  });
  let shopper: ShopperPage | undefined;

  async function open(
    options: { instrument?: boolean; waitForCalendar?: boolean } = {},
  ): Promise<{ page: Page; widget: Locator }> {
    shopper = await suite.open();
    const { page } = shopper;
    if (options.instrument) await instrumentWidgetActivity(page);
    await page.goto('/');
    const widget = widgetOn(page);
    if (options.waitForCalendar !== false) await waitForCalendar(widget);
    return { page, widget };
  }

  it('when another cart takes the last unit between page load and Reserve, the shopper is told which dates did not fit and how many are left, and nothing is held or added to the cart', async () => {
    const target = day(suite.today, DAYS.lastUnit);
    // One Double kayak of two is taken before the shopper arrives.
    await holdForAnotherCart(suite.server, 'e2e-409-first', [{ variant: DOUBLE_KAYAK, start: target, quantity: 1 }]);
    const { page, widget } = await open();
    await page.getByRole('radio', { name: 'Double kayak' }).click();
    await expect.poll(() => widget.getAttribute('variant')).toBe(String(DOUBLE_KAYAK));
    await showMonthOf(widget, target);
    expect(await dayLabel(widget, target), 'one unit is left when the page loads').not.toContain(EN.unavailable);
    await pickDays(widget, target);
    await expect.poll(() => reserveButton(widget).isEnabled()).toBe(true);

    // Meanwhile another cart takes the last one.
    await holdForAnotherCart(suite.server, 'e2e-409-second', [{ variant: DOUBLE_KAYAK, start: target, quantity: 1 }]);
    await reserveButton(widget).click();

    const alert = widget.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    const said = (await alert.innerText()).trim();
    expect(said, 'the 409 names the dates that did not fit').toMatch(mentionsDay(target));
    expect(said, 'the 409 says how many are left (none)').toMatch(
      /(^|[^\d])0([^\d]|$)|\bnone\b|\bno more\b|sold out|fully booked/i,
    );
    // Said once, with what can work (no Retry, no "try again"): the theme does not repeat it.
    expect(said).toMatch(/Choose other dates\.$/);
    expect(await widget.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    // The theme's own words (the light DOM) do not repeat it; the widget says it once (its
    // legend's "Fully booked" is the key, not a message).
    expect(await page.locator('body').innerText()).not.toMatch(/fully booked|try again/i);
    const shown = await widgetText(widget);
    expect(shown).not.toMatch(/try again/i);
    expect(shown.match(/fully booked/g) ?? [], 'the 409 is said once on the page').toHaveLength(1);
    expect((await page.locator('[data-add-hint]').innerText()).trim()).toBe(
      'Reserving your dates puts the kayak in your cart.',
    );
    await screenshotBoth(page, '09-conflict-409', widget);
    // On a phone the message fits: the page does not scroll sideways.
    await page.setViewportSize(PHONE);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      'no sideways scroll at 390 px',
    ).toBe(true);

    // Nothing is held, the cart gets nothing, and the calendar learns the day is gone.
    expect(await holdPanel(widget).count()).toBe(0);
    expect((await readCart(page)).items.filter((i) => i.variant_id === DOUBLE_KAYAK)).toEqual([]);
    await expect
      .poll(() => dayLabel(widget, target), { timeout: 8000, message: 'the day shows as fully booked after the 409' })
      .toContain(`${EN.unavailable}: ${EN.sold}`);
    expect(
      suite.server.apiLog.filter((r) => r.method === 'POST' && r.path === '/v1/reservations' && r.status === 409),
    ).toHaveLength(1);

    expect(shopper!.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper!, [409])).toEqual([]);
  });

  it('when the API is down the shopper sees an error with Retry, not a calendar of unavailable days; once it is back, Retry shows the calendar', async () => {
    suite.server.apiDown = true;
    const { page, widget } = await open({ waitForCalendar: false });
    const alert = widget.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    expect(await widget.getByRole('button', { name: EN.retry }).isVisible()).toBe(true);
    // Never an all-unavailable calendar: no day says it is unavailable while the data is missing.
    expect(await widget.getByRole('button', { name: /unavailable/ }).count()).toBe(0);
    await screenshotBoth(page, '10-api-down', widget);

    suite.server.apiDown = false;
    await widget.getByRole('button', { name: EN.retry }).click();
    await waitForCalendar(widget);
    expect(await alert.count()).toBe(0);
    const first = day(suite.today, 1);
    await showMonthOf(widget, first);
    expect(await dayLabel(widget, first), 'the first bookable day is available after Retry').not.toContain(
      EN.unavailable,
    );

    expect(shopper!.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper!, [503])).toEqual([]);
  });

  it('when only the availability fails, the shopper sees an error with Retry rather than days wrongly shown free or unavailable; Retry loads it', async () => {
    shopper = await suite.open();
    const { page } = shopper;
    let failing = true;
    await page.route('**/v1/availability**', (route: Route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'internal', message: 'Availability is down (test).' }),
          })
        : route.continue(),
    );
    await page.goto('/');
    const widget = widgetOn(page);
    await widget.getByRole('alert').waitFor({ timeout: 10_000 });
    expect(
      await widget.getByRole('button', { name: /unavailable/ }).count(),
      'no day is called unavailable without data',
    ).toBe(0);

    failing = false;
    await widget.getByRole('button', { name: EN.retry }).click();
    await waitForCalendar(widget);
    const first = day(suite.today, 1);
    await showMonthOf(widget, first);
    expect(await dayLabel(widget, first)).not.toContain(EN.unavailable);
    expect(shopper.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper, [503])).toEqual([]);
  });

  it('when Reserve fails because the API is down, the shopper sees why and Retry holds the dates once it is back', async () => {
    const { page, widget } = await open();
    const target = day(suite.today, DAYS.retryDay);
    await pickDays(widget, target);
    await expect.poll(() => reserveButton(widget).isEnabled()).toBe(true);

    suite.server.apiDown = true;
    await reserveButton(widget).click();
    const alert = widget.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    expect(await holdPanel(widget).count(), 'nothing is shown as held').toBe(0);
    await screenshotBoth(page, '11-reserve-failed', widget);

    suite.server.apiDown = false;
    await widget.getByRole('button', { name: EN.retry }).click();
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    expect(await holdPanel(widget).innerText()).toMatch(mentionsDay(target));
    expect(await alert.count(), 'the error is gone once the hold is made').toBe(0);
    await expect
      .poll(async () => (await readCart(page)).items.some((i) => i.variant_id === SINGLE_KAYAK), { timeout: 8000 })
      .toBe(true);

    expect(shopper!.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper!, [503])).toEqual([]);
  });

  it('when a single-page theme removes the widget, its countdown and requests stop; put back, it works again with one countdown', async () => {
    const { page, widget } = await open({ instrument: true });
    await pickDays(widget, day(suite.today, DAYS.flowStart));
    await reserveButton(widget).click();
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    await waitForCartNotice(page);

    // A request still on its way when the widget goes: the next months' availability, slowed down.
    let slow = true;
    await page.route('**/v1/availability**', async (route: Route) => {
      if (slow) await new Promise((r) => setTimeout(r, 4000));
      await route.continue().catch(() => {}); // the page may have aborted it meanwhile
    });
    const next = widget.getByRole('button', { name: EN.next, exact: true });
    await next.click();
    await next.click();
    await expect
      .poll(async () => (await widgetActivity(page)).pendingFetches.length, {
        message: 'a request is in flight before removal',
      })
      .toBeGreaterThan(0);
    const before = await widgetActivity(page);
    expect(before.intervals, 'the countdown runs before removal').toBeGreaterThan(0);

    // The theme navigates: the widget leaves the document.
    await page.evaluate(() => {
      const el = document.querySelector('booking-widget')!;
      (window as any).__e2eParked = { el, parent: el.parentNode, next: el.nextSibling };
      el.remove();
    });
    await page.waitForTimeout(150);
    const removed = await widgetActivity(page);
    expect(removed.pendingFetches, 'requests are aborted on removal').toEqual([]);
    expect(removed.intervals, 'intervals are cleared on removal').toBe(0);
    await page.waitForTimeout(2500);
    const later = await widgetActivity(page);
    expect(later.timerRuns - removed.timerRuns, 'no widget timer runs after removal').toBe(0);
    expect(later.fetchesStarted - removed.fetchesStarted, 'no request starts after removal').toBe(0);
    expect(later.timeouts, 'no timeouts wait to run').toBe(0);
    expect(later.intervals).toBe(0);

    // Back in (the shopper navigates back): the widget loads again and shows the cart's hold.
    slow = false;
    await page.evaluate(() => {
      const { el, parent, next } = (window as any).__e2eParked;
      parent.insertBefore(el, next);
    });
    await waitForCalendar(widget);
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1200);
    const back = await widgetActivity(page);
    expect(back.intervals, 'exactly one countdown after re-insertion').toBe(1);
    expect(await widgetText(widget)).toMatch(/\d+:\d\d left/);

    await page.evaluate(() => document.querySelector('booking-widget')!.remove());
    await page.waitForTimeout(1200);
    const gone = await widgetActivity(page);
    expect(gone.intervals).toBe(0);
    expect(gone.pendingFetches).toEqual([]);

    expect(shopper!.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper!)).toEqual([]);
  });
});
