/**
 * The demo theme is one a merchant could copy (issue 27): after Reserve its cart drawer does not
 * cover the widget's held state (a small cart notice instead; the drawer opens from the cart
 * button or the widget's Check out), the widget's button is the one call to action, the cart
 * line reads as units × days ("2 × 3 days") and counts as its units, and the drawer is a modal
 * dialog (Tab stays inside, Escape gives the focus back, never to the page's body).
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { addDays } from '../../src/shared/plain-date.ts';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { DAYS, day } from './helpers/fixture.ts';
import { PHONE, screenshotBoth } from './helpers/page.ts';
import {
  holdOnProductPage,
  holdPanel,
  openCartDrawer,
  pickDays,
  reserveButton,
  waitForCalendar,
  waitForCartNotice,
  widgetOn,
} from './helpers/widget.ts';
import { useStorefront } from './helpers/suite.ts';

/** The focused element, inside shadow roots too: its tag and its name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a
      ? `${a.tagName.toLowerCase()} ${a.getAttribute('aria-label') ?? a.textContent?.trim().slice(0, 30) ?? ''}`
      : 'none';
  });

/** The page's visible buttons and links that ask the shopper to act, outside the widget and inside it. */
const callsToAction = (page: Page) =>
  page.evaluate(() => {
    const shown = (el: Element) => (el as HTMLElement).offsetParent !== null;
    const host = document.querySelector('booking-widget')!;
    const page = [...document.querySelectorAll('#product-form button, #product-form [type=submit]')].filter(shown);
    const widget = [
      ...host.shadowRoot!.querySelectorAll('[part~=reserve-button], [part~=checkout-button], [part~=retry-button]'),
    ].filter(shown);
    return [...page, ...widget].map((el) => el.textContent?.trim());
  });

describeInBrowser('the demo theme around the widget', () => {
  const suite = useStorefront();

  it('at 390 px, Reserve leaves the held state uncovered with a small cart notice, one call to action, and a cart of "2 × 3 days" counted as 2', async () => {
    const { page } = await suite.open();
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const widget = widgetOn(page);
    await waitForCalendar(widget);
    // Before a choice, the widget's Reserve is the only button that asks anything of the shopper.
    expect(await callsToAction(page)).toEqual(['Reserve']);
    await widget.getByRole('button', { name: 'More' }).click();
    const start = day(suite.today, DAYS.flowStart);
    await pickDays(widget, start, addDays(start, 2));
    await reserveButton(widget).click();
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    await waitForCartNotice(page);
    expect(
      (
        await page
          .getByRole('status')
          .filter({ hasText: /your cart/ })
          .innerText()
      ).trim(),
    ).toBe('Added to your cart: Single kayak, 2 × 3 days.');
    // No drawer over the held state: the point in the middle of the countdown is the widget's.
    expect(await page.getByRole('dialog', { name: 'Your cart' }).isVisible()).toBe(false);
    const countdown = widget.locator('[part~=countdown]');
    await countdown.scrollIntoViewIfNeeded();
    const box = (await countdown.boundingBox())!;
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.tagName,
        [box.x + box.width / 2, box.y + box.height / 2],
      ),
    ).toBe('BOOKING-WIDGET');
    expect(await callsToAction(page)).toEqual(['Check out']);
    await expect.poll(() => page.locator('[data-cart-count-number]').textContent()).toBe('2');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotBoth(page, '05-product-held-cart-notice', widget);

    // The cart button opens the drawer: the line reads as units × days, never "Qty 6".
    const drawer = await openCartDrawer(page);
    const line = (await drawer.locator('.cart-item').innerText()).replace(/\s+/g, ' ');
    expect(line).toContain('2 × 3 days');
    expect(line).not.toMatch(/Qty|Units:|Length:/);
    expect(line).toMatch(/Start:.*Finish:/);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('keeps Tab inside the cart drawer opened from the cart button and gives the focus back on Escape; Keep holding does not open it', async () => {
    const { page } = await suite.open();
    // The page's timers under the test's hand, at the service's time (E2E_NOW's, when set).
    await page.clock.install({ time: suite.server.clock.now() });
    const widget = await holdOnProductPage(page, day(suite.today, DAYS.flowEnd));
    await waitForCartNotice(page);
    const drawer = await openCartDrawer(page);
    // Round the drawer's controls, both ways: the focus never leaves it.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await focused(page)).toMatch(/^button/);

    // Eleven of the fifteen minutes later, Keep holding renews the same hold: the drawer stays shut.
    suite.server.clock.advance(11 * 60_000);
    await page.clock.fastForward(11 * 60_000);
    await widget.getByRole('button', { name: 'Keep holding' }).click();
    await widget.getByText(/^14:[45]\d left$/).waitFor({ timeout: 10_000 });
    await page.clock.runFor(2000);
    expect(await drawer.isVisible()).toBe(false);
  });

  it('after a reload with a live hold, the cart notice says what the cart holds, and Check out opens the cart drawer', async () => {
    const { page } = await suite.open();
    await holdOnProductPage(page, day(suite.today, DAYS.flowStart));
    await waitForCartNotice(page);
    await page.reload();
    await holdPanel(widgetOn(page)).waitFor({ timeout: 10_000 });
    await expect
      .poll(() => page.locator('[data-add-hint]').textContent(), { timeout: 8000 })
      .toBe('In your cart: Single kayak, 1 × 1 day.');
    // The widget's Check out leads to the cart (/cart), which the demo answers with its drawer open.
    await widgetOn(page).getByRole('link', { name: 'Check out' }).click();
    await page.getByRole('dialog', { name: 'Your cart' }).waitFor({ timeout: 8000 });
    expect(await page.locator('.cart-item').innerText()).toContain('1 × 1 day');
  });
});
