/**
 * Issue 6.4: axe-core on both demo pages, in each state a shopper meets: no serious or critical
 * violation, in the widgets or anywhere on the page.
 */
import { expect, it } from 'vitest';
import { axeCheckedInShadow, seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { useStorefront } from './helpers/suite.ts';
import { DAYS, day } from './helpers/fixture.ts';
import { PHONE, type ShopperPage } from './helpers/page.ts';
import {
  EN,
  holdOnProductPage,
  holdPanel,
  noSidewaysScroll,
  openCartDrawer,
  pickDays,
  reserveButton,
  smallControls,
  waitForCalendar,
  waitForCartNotice,
  widgetOn,
} from './helpers/widget.ts';

describeInBrowser('accessibility (axe-core) of the demo pages', () => {
  const suite = useStorefront({
    reset: (server) => {
      server.apiDown = false;
    },
  });
  let shopper: ShopperPage | undefined;

  it('the product page has no serious or critical axe violation: calendar, chosen days, hold and cart drawer, error', async () => {
    shopper = await suite.open();
    const { page } = shopper;
    await page.goto('/');
    const widget = widgetOn(page);
    await waitForCalendar(widget);
    const found: Record<string, unknown> = {};
    found.calendar = await seriousAxeViolations(page);
    expect(await axeCheckedInShadow(page), "axe looked inside the widget's shadow root").toBeGreaterThan(20);

    await pickDays(widget, day(suite.today, DAYS.flowStart), day(suite.today, DAYS.flowEnd));
    found.chosen = await seriousAxeViolations(page);

    await reserveButton(widget).click();
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    await waitForCartNotice(page);
    const drawer = await openCartDrawer(page);
    found.heldWithDrawer = await seriousAxeViolations(page);
    await page.getByRole('button', { name: 'Close cart' }).click();
    await drawer.waitFor({ state: 'hidden' });
    found.held = await seriousAxeViolations(page);

    // The load error with its Retry, on a phone.
    suite.server.apiDown = true;
    await page.setViewportSize(PHONE);
    await page.reload();
    await widget.getByRole('button', { name: EN.retry }).waitFor({ timeout: 10_000 });
    found.error = await seriousAxeViolations(page);

    expect(found).toEqual({ calendar: [], chosen: [], heldWithDrawer: [], held: [], error: [] });
  });

  it('the widgets on the strict page, the Arabic one included, have no serious or critical axe violation', async () => {
    shopper = await suite.open({ bypassCSP: true }); // axe is injected inline
    const { page } = shopper;
    await page.goto('/hostile.html');
    await Promise.all(['widget-date', 'widget-range', 'widget-ar'].map((id) => waitForCalendar(widgetOn(page, id))));
    expect(await seriousAxeViolations(page, ['booking-widget'])).toEqual([]);
    expect(await axeCheckedInShadow(page), "axe looked inside the widgets' shadow roots").toBeGreaterThan(50);
  });

  it('the strict page as a whole has no serious or critical axe violation', async () => {
    shopper = await suite.open({ bypassCSP: true });
    const { page } = shopper;
    await page.goto('/hostile.html');
    await Promise.all(['widget-date', 'widget-range', 'widget-ar'].map((id) => waitForCalendar(widgetOn(page, id))));
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("at 390 px every control of the widget, the hold panel's included, is at least 44 by 44 CSS px, and the page does not scroll sideways", async () => {
    shopper = await suite.open({ viewport: PHONE });
    const { page } = shopper;
    const widget = await holdOnProductPage(page, day(suite.today, DAYS.flowStart));
    expect(await smallControls(widget)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
