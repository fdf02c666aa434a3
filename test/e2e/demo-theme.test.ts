/**
 * The demo theme around the widget behaves as a shopper expects of a Shopify theme: its cart
 * drawer is a modal dialog (Tab stays inside, Escape gives the focus back, never to the page's
 * body), a renewed hold ("Keep holding") does not open it again, and after a reload with a live
 * hold its buy button says View cart, as the widget says the dates are held.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from './helpers/browser.ts';
import { DAYS, day } from './helpers/fixture.ts';
import { holdOnProductPage, holdPanel, widgetOn } from './helpers/widget.ts';
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

describeInBrowser('the demo theme around the widget', () => {
  const suite = useStorefront();

  it('keeps Tab inside the open cart drawer, gives the focus back on Escape, and does not open it again for Keep holding', async () => {
    const { page } = await suite.open();
    // The page's timers under the test's hand, at the service's time (E2E_NOW's, when set).
    await page.clock.install({ time: suite.server.clock.now() });
    const widget = await holdOnProductPage(page, day(suite.today, DAYS.flowEnd));
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await drawer.waitFor({ timeout: 8000 });
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
    expect(await focused(page)).not.toMatch(/^body/);

    // Eleven of the fifteen minutes later, Keep holding renews the same hold: nothing new in
    // the cart, so the drawer stays shut.
    suite.server.clock.advance(11 * 60_000);
    await page.clock.fastForward(11 * 60_000);
    await widget.getByRole('button', { name: 'Keep holding' }).click();
    await widget.getByText(/^14:[45]\d left$/).waitFor({ timeout: 10_000 });
    await page.clock.runFor(2000);
    expect(await drawer.isVisible()).toBe(false);
  });

  it('after a reload with a live hold, the buy button says View cart, as the widget shows the hold', async () => {
    const { page } = await suite.open();
    await holdOnProductPage(page, day(suite.today, DAYS.flowStart));
    await page.reload();
    await holdPanel(widgetOn(page)).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('[data-add-label]').textContent(), { timeout: 8000 }).toBe('View cart');
    expect(await page.locator('[data-add-button]').isDisabled()).toBe(false);
  });
});
