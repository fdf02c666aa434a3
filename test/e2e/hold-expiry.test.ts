/**
 * Issue 6.4: a hold that expires. The shop's widgets hold for 1 minute here, and time is moved,
 * not waited for: the page's clock with Playwright's `page.clock`, the service's with its
 * injected clock, always by the same amount so both agree.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { useStorefront } from './helpers/suite.ts';
import { DAYS, SINGLE_KAYAK, day } from './helpers/fixture.ts';
import { screenshotBoth, type ShopperPage, unexpectedConsoleErrors } from './helpers/page.ts';
import {
  waitForCartNotice,
  holdPanel,
  mentionsDay,
  pickDays,
  readCart,
  reserveButton,
  waitForCalendar,
  widgetOn,
  widgetText,
} from './helpers/widget.ts';

describeInBrowser('a hold that runs out (1-minute holds)', () => {
  const suite = useStorefront({
    holdMinutes: 1,
    reset: (server) => {
      server.clock.thaw();
    },
  });
  let shopper: ShopperPage | undefined;

  /** Opens the product page with the page's clock under the test's control, and holds `date`. */
  async function holdOneDay(
    date: PlainDate,
    fixedTime?: number,
  ): Promise<{ page: Page; widget: Locator; cartToken: string }> {
    shopper = await suite.open();
    const { page } = shopper;
    // At the service's time: with E2E_NOW the host's time is another day.
    if (fixedTime === undefined) await page.clock.install({ time: suite.server.clock.now() });
    else await page.clock.setFixedTime(fixedTime);
    await page.goto('/');
    await page.evaluate(() => {
      document.addEventListener(
        'booking-widget:expired',
        (e) => ((window as any).__e2eExpired = (e as CustomEvent).detail),
      );
    });
    const widget = widgetOn(page);
    await waitForCalendar(widget);
    await pickDays(widget, date);
    await reserveButton(widget).click();
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => (await readCart(page)).items.length, {
        timeout: 8000,
        message: 'the held day reaches the cart',
      })
      .toBeGreaterThan(0);
    await waitForCartNotice(page);
    return { page, widget, cartToken: (await readCart(page)).token };
  }

  /** The cart's active reservations on the service (its clock). */
  async function activeHolds(cartToken: string): Promise<any[]> {
    const { status, body } = await suite.server.api(
      'GET',
      `/v1/reservations?cart_token=${encodeURIComponent(cartToken)}&active=true`,
    );
    expect(status).toBe(200);
    return body;
  }

  /** Moves the page's and the service's clocks forward by the same `ms`. */
  async function passTime(page: Page, ms: number): Promise<void> {
    suite.server.clock.advance(ms);
    await page.clock.fastForward(ms);
  }

  it('when the hold runs out the shopper is told it expired and can hold the same dates again with one click', async () => {
    const date = day(suite.today, DAYS.expiryDay);
    const { page, widget, cartToken } = await holdOneDay(date);
    expect(await widgetText(widget)).toMatch(/[01]:\d\d left/);
    expect(await activeHolds(cartToken)).toHaveLength(1);

    await passTime(page, 65_000);
    expect(await activeHolds(cartToken), 'the service has let the hold go').toEqual([]);
    const again = widget.getByRole('button', { name: 'Hold again' });
    await again.waitFor({ timeout: 8000 });
    expect(await widgetText(widget)).toContain('Your hold has expired.');
    expect(await holdPanel(widget).count(), 'the hold is no longer shown as held').toBe(0);
    // The page hears of the expiry once the cart has let go of the lines (a request after the
    // panel changed): waited for, not read at once.
    await expect
      .poll(() => page.evaluate(() => (window as any).__e2eExpired?.id), {
        message: 'booking-widget:expired was dispatched with the reservation',
        timeout: 8000,
      })
      .toBeDefined();
    // The expired dates leave the cart: no line of the hold is left to check out.
    await expect
      .poll(async () => (await readCart(page)).items.filter((i) => i.properties._reservation_id), {
        timeout: 8000,
        message: "the expired hold's lines leave the cart",
      })
      .toEqual([]);
    await screenshotBoth(page, '12-hold-expired', widget);

    await again.click();
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    const held = await widgetText(widget);
    expect(held).toMatch(mentionsDay(date));
    expect(held).toMatch(/[01]:\d\d left/);
    const holds = await activeHolds(cartToken);
    expect(holds).toHaveLength(1);
    expect(holds[0].items).toMatchObject([{ external_id: SINGLE_KAYAK, quantity: 1 }]);
    await screenshotBoth(page, '13-hold-again', widget);

    expect(shopper!.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper!)).toEqual([]);
  });

  it('when the hold ran out while the page was closed, the next page load takes its lines out of the cart and says so', async () => {
    const date = day(suite.today, DAYS.expiryDay + 3);
    const { page } = await holdOneDay(date);
    expect((await readCart(page)).items.filter((i) => i.properties._reservation_id)).toHaveLength(1);
    // The shopper closes the tab; the minute passes; they come back in the same browser.
    const { context } = shopper!;
    await page.close();
    suite.server.clock.advance(65_000);
    const again = await context.newPage();
    await again.goto('/');
    const widget = widgetOn(again);
    await waitForCalendar(widget);
    await expect
      .poll(async () => (await readCart(again)).items.filter((i) => i.properties._reservation_id), {
        timeout: 8000,
        message: "the expired hold's lines leave the cart",
      })
      .toEqual([]);
    await expect.poll(() => widgetText(widget)).toContain('Your hold has expired and was removed from your cart.');
  });

  it("the countdown never promises more than the hold: it starts at the hold's 1:00 at most and ends when the service lets the dates go", async () => {
    // Both clocks stand still half-way through a second, as they would at any real instant:
    // the service's `Date` header (whole seconds) is then half a second behind its clock.
    const start = Math.floor(suite.server.clock.now() / 1000) * 1000 + 500;
    suite.server.clock.freeze(start);
    const { page, widget, cartToken } = await holdOneDay(day(suite.today, DAYS.expiryDay + 1), start);
    const [hold] = await activeHolds(cartToken);
    const expiresAt = Date.parse(hold.expires_at);
    expect(expiresAt - start, 'the service holds for 1 minute').toBe(60_000);
    const left = /(\d+):(\d\d) left/.exec(await widgetText(widget));
    expect(left, 'the countdown is shown').not.toBeNull();
    expect
      .soft(Number(left![1]) * 60 + Number(left![2]), `the countdown ("${left![0]}") promises more than the 1:00 held`)
      .toBeLessThanOrEqual(60);

    // Both clocks to the instant the hold ends: the service has let it go (holds are [start, end)).
    suite.server.clock.freeze(expiresAt);
    expect(await activeHolds(cartToken), 'the service has let the hold go').toEqual([]);
    await page.clock.setFixedTime(expiresAt);
    await page.waitForTimeout(1300); // the countdown re-reads the clock every second
    const shown = await widgetText(widget);
    expect(shown, `when the service has let the hold go the widget still says: ${JSON.stringify(shown)}`).not.toMatch(
      /held for you/i,
    );
    expect(shown).toContain('Your hold has expired.');
  });

  it('after an expired hold is held again, the cart has the dates once, with the quantity held', async () => {
    const date = day(suite.today, DAYS.expiryDay + 2);
    const { page, widget, cartToken } = await holdOneDay(date);
    await passTime(page, 65_000);
    await widget.getByRole('button', { name: 'Hold again' }).click();
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    const [hold] = await activeHolds(cartToken);
    // Let the widget's add-to-cart finish, then count the kayaks for that day.
    await expect
      .poll(async () => (await readCart(page)).items.some((i) => i.properties._reservation_id === String(hold.id)), {
        timeout: 8000,
      })
      .toBe(true);
    await page.waitForTimeout(500);
    const start = hold.items[0].start;
    const lines = (await readCart(page)).items.filter(
      (i) => i.variant_id === SINGLE_KAYAK && i.properties._start === start,
    );
    const quantity = lines.reduce((n, l) => n + l.quantity, 0);
    expect(
      quantity,
      `cart lines for ${date}: ${JSON.stringify(lines.map((l) => ({ quantity: l.quantity, properties: l.properties })))}`,
    ).toBe(1);
  });
});
