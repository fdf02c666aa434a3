/**
 * Issue 6.4: the shopper's whole flow on the product page, by mouse and by keyboard only; the
 * variant changing under the widget; a shopper in another zone; a changed quantity; a reload.
 * Real Chromium, real service, real pages.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { addDays, diffDays, startOfMonth } from '../../src/shared/plain-date.ts';
import { startOfDayInZone } from '../../src/shared/zones.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { holdForAnotherCart } from './helpers/server.ts';
import { useStorefront } from './helpers/suite.ts';
import { DAYS, DOUBLE_KAYAK, SHOP_TZ, SINGLE_KAYAK, day } from './helpers/fixture.ts';
import {
  screenshotPath,
  deepFocus,
  screenshotBoth,
  type ShopperPage,
  unexpectedConsoleErrors,
} from './helpers/page.ts';
import {
  EN,
  openCartDrawer,
  waitForCartNotice,
  dayButton,
  dayLabel,
  dayName,
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

describeInBrowser('a shopper on the product page', () => {
  const suite = useStorefront();
  let shopper: ShopperPage | undefined;

  /** Other carts take every Single kayak on one day and every Double kayak on another; once. */
  let soldOut: Promise<void> | undefined;
  const sellOut = () =>
    (soldOut ??= (async () => {
      await holdForAnotherCart(suite.server, 'e2e-other-cart-single', [
        { variant: SINGLE_KAYAK, start: day(suite.today, DAYS.soldOutSingle), quantity: 4 },
      ]);
      await holdForAnotherCart(suite.server, 'e2e-other-cart-double', [
        { variant: DOUBLE_KAYAK, start: day(suite.today, DAYS.soldOutDouble), quantity: 2 },
      ]);
    })());

  async function openProductPage(timezoneId?: string): Promise<{ page: Page; widget: Locator }> {
    shopper = await suite.open(timezoneId ? { timezoneId } : {});
    const { page } = shopper;
    await page.goto('/');
    const widget = widgetOn(page);
    await waitForCalendar(widget);
    return { page, widget };
  }

  /** The cart's line for `variant` once the widget has added it (it does so after the hold). */
  async function cartLine(page: Page, variant: number) {
    await expect
      .poll(async () => (await readCart(page)).items.some((i) => i.variant_id === variant), {
        timeout: 8000,
        message: `a cart line for variant ${variant}`,
      })
      .toBe(true);
    const cart = await readCart(page);
    return { cart, line: cart.items.find((i) => i.variant_id === variant)! };
  }

  /** What the service holds for this cart (secret token, as the merchant's server would ask). */
  async function serviceReservation(cartToken: string) {
    const { status, body } = await suite.server.api(
      'GET',
      `/v1/reservations?cart_token=${encodeURIComponent(cartToken)}&active=true`,
    );
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    return body[0];
  }

  it('by mouse: unavailable days say why, the shopper picks a range, reserves, sees the items and time left, and the cart gains a line with the booking', async () => {
    await sellOut();
    const { page, widget } = await openProductPage();
    await screenshotBoth(page, '01-product-calendar', widget);

    // Unavailable days say why, in their accessible names and (for the one clicked) visibly.
    await showMonthOf(widget, suite.today);
    if (suite.today !== startOfMonth(suite.today))
      expect(await dayLabel(widget, addDays(suite.today, -1))).toContain(`${EN.unavailable}: ${EN.past}`);
    expect(await dayLabel(widget, suite.today)).toContain(`${EN.unavailable}: ${EN.lead}`);
    const blackout = day(suite.today, DAYS.blackout[0]);
    await showMonthOf(widget, blackout);
    // Closed, named by the reason the merchant gives shoppers for the blackout (isolated for bidi).
    expect(await dayLabel(widget, blackout)).toContain(`${EN.unavailable}: \u2068Docklands regatta\u2069`);
    const soldOutDay = day(suite.today, DAYS.soldOutSingle);
    await showMonthOf(widget, soldOutDay);
    expect(await dayLabel(widget, soldOutDay)).toContain(`${EN.unavailable}: ${EN.sold}`);
    // A mouse can press an aria-disabled day: nothing is chosen, and the widget says why.
    await dayButton(widget, soldOutDay).click({ force: true });
    await expect.poll(() => widgetText(widget)).toContain(EN.sold);
    expect(await dayButton(widget, soldOutDay).getAttribute('aria-pressed')).not.toBe('true');
    await screenshotBoth(page, '02-product-unavailable-day', widget);

    // Pick a range: start, then end; both shown as chosen.
    const [start, end] = [day(suite.today, DAYS.flowStart), day(suite.today, DAYS.flowEnd)];
    await showMonthOf(widget, start);
    await dayButton(widget, start).click();
    await showMonthOf(widget, end);
    await dayButton(widget, end).click();
    await expect.poll(() => dayButton(widget, end).getAttribute('aria-pressed')).toBe('true');
    const reserve = widget.getByRole('button', { name: EN.reserve, exact: true });
    await expect.poll(() => reserve.isEnabled()).toBe(true);
    await widget.getByRole('spinbutton', { name: EN.quantity }).fill('2');
    await widget.getByRole('spinbutton', { name: EN.quantity }).blur();
    await screenshotBoth(page, '03-product-selected', widget);

    await reserve.click();
    const panel = holdPanel(widget);
    await panel.waitFor({ timeout: 10_000 });
    const held = await panel.innerText();
    expect(held).toContain('Kayak hire');
    expect(held).toContain('Single kayak');
    expect(held).toMatch(mentionsDay(start));
    expect(held).toMatch(mentionsDay(end));
    expect(held).toMatch(/×\s*2\b/);
    // 15-minute hold: the countdown starts at 15:00 or 14:5x, never more (the widget must never
    // say a date is held when the service has already let it go).
    const left = /(\d+):(\d\d) left/.exec(held);
    expect(left, `time left in ${JSON.stringify(held)}`).not.toBeNull();
    const secondsLeft = Number(left![1]) * 60 + Number(left![2]);
    expect(secondsLeft, 'the countdown starts near the 15 minutes of the hold').toBeGreaterThan(14 * 60);
    expect(
      secondsLeft,
      `the countdown ("${left![0]}") must not promise more than the hold's 15:00`,
    ).toBeLessThanOrEqual(15 * 60);

    // The cart gains a line with the booking's properties; the service holds the same.
    const { cart, line } = await cartLine(page, SINGLE_KAYAK);
    // The kayak hire is priced per day: two kayaks for three days is a line worth six days' hire.
    const days = diffDays(start, end) + 1;
    expect(line.quantity).toBe(2 * days);
    expect(line.properties.Units).toBe('2');
    expect(line.properties.Length).toBe(`${days} days`);
    expect(line.properties.Start).toMatch(mentionsDay(start));
    expect(line.properties.Finish).toMatch(mentionsDay(end));
    expect(line.properties._start).toBe(startOfDayInZone(start, SHOP_TZ).toISOString());
    expect(line.properties._finish).toBe(startOfDayInZone(addDays(end, 1), SHOP_TZ).toISOString());
    const reservation = await serviceReservation(cart.token);
    expect(line.properties._reservation_id).toBe(String(reservation.id));
    expect(reservation.items).toMatchObject([
      { external_id: SINGLE_KAYAK, quantity: 2, start: line.properties._start, finish: line.properties._finish },
    ]);

    // The theme notes the line in a small notice; its cart drawer (from the cart button) shows it.
    await waitForCartNotice(page);
    const drawer = await openCartDrawer(page);
    await expect.poll(() => drawer.innerText()).toMatch(/Start:[\s\S]*Finish:/);
    await screenshotBoth(page, '05-product-cart-drawer', drawer);

    // The picture for the README: the whole product page with the hold, drawer closed.
    await page.getByRole('button', { name: 'Close cart' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await screenshotBoth(page, '04-product-held', widget);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: screenshotPath('00-readme-product-held-desktop.png'),
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });

    expect(shopper!.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper!)).toEqual([]);
  });

  it('by keyboard only: the shopper tabs into the calendar, hears why days are unavailable, picks a range with the arrows, reserves with Enter, and the cart gains the line', async () => {
    await sellOut();
    const { page, widget } = await openProductPage();

    // Tab from the top of the page into the calendar: one day is in the tab order.
    let focus = await deepFocus(page);
    for (let i = 0; i < 40 && !(focus.inWidget && /\bday\b/.test(focus.part)); i++) {
      await page.keyboard.press('Tab');
      focus = await deepFocus(page);
    }
    expect(focus.inWidget, 'Tab reaches a day of the calendar').toBe(true);
    // The day in the tab order is the first one that can be booked (lead time 1 day).
    expect(focus.name).toMatch(dayName(day(suite.today, 1)));

    // Today is inside the lead time: its name says why, and Enter does not choose it.
    await page.keyboard.press('ArrowLeft');
    focus = await deepFocus(page);
    expect(focus.name).toMatch(dayName(suite.today));
    expect(focus.name).toContain(`${EN.unavailable}: ${EN.lead}`);
    await page.keyboard.press('Enter');
    expect(await dayButton(widget, suite.today).getAttribute('aria-pressed')).not.toBe('true');

    // A week down and a day right: the regatta blackout (suite.today + 8) says "closed".
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    focus = await deepFocus(page);
    expect(focus.name).toMatch(dayName(day(suite.today, 8)));
    expect(focus.name).toContain(`${EN.unavailable}: \u2068Docklands regatta\u2069`);
    await screenshotBoth(page, '06-keyboard-unavailable-day', widget);

    // Back to suite.today + 3 (a week up, two days right), Enter; two days on, Enter.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    focus = await deepFocus(page);
    expect(focus.name).toMatch(dayName(day(suite.today, DAYS.flowStart)));
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    focus = await deepFocus(page);
    expect(focus.name).toMatch(dayName(day(suite.today, DAYS.flowEnd)));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dayButton(widget, day(suite.today, DAYS.flowEnd)).getAttribute('aria-pressed'))
      .toBe('true');
    // Back to the start with the arrows (the calendar follows the focus into the start's month
    // when the range crosses one): it is still chosen.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    focus = await deepFocus(page);
    expect(focus.name).toMatch(dayName(day(suite.today, DAYS.flowStart)));
    expect(await dayButton(widget, day(suite.today, DAYS.flowStart)).getAttribute('aria-pressed')).toBe('true');

    // Tab on to the Reserve button and press Enter.
    for (let i = 0; i < 5 && !(focus.inWidget && focus.text === EN.reserve); i++) {
      await page.keyboard.press('Tab');
      focus = await deepFocus(page);
    }
    expect(focus.text, 'Tab reaches the Reserve button').toBe(EN.reserve);
    await page.keyboard.press('Enter');

    const panel = holdPanel(widget);
    await panel.waitFor({ timeout: 10_000 });
    const held = await panel.innerText();
    expect(held).toContain('Single kayak');
    expect(held).toMatch(mentionsDay(day(suite.today, DAYS.flowStart)));
    expect(held).toMatch(/\d+:\d\d left/);

    const { line } = await cartLine(page, SINGLE_KAYAK);
    // The theme notes the hold in its cart notice, without opening its drawer over it.
    await waitForCartNotice(page);
    expect(await page.getByRole('dialog', { name: 'Your cart' }).isVisible()).toBe(false);
    await screenshotBoth(page, '07-keyboard-held', widget);
    // One kayak, priced per day: the line is worth the days held.
    expect(line.quantity).toBe(Number(/^(\d+) day/.exec(line.properties.Length ?? '')?.[1]));
    expect(line.properties.Units).toBe('1');
    expect(line.properties._start).toBe(startOfDayInZone(day(suite.today, DAYS.flowStart), SHOP_TZ).toISOString());
    expect(line.properties._finish).toBe(startOfDayInZone(day(suite.today, DAYS.flowEnd + 1), SHOP_TZ).toISOString());

    expect(shopper!.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper!)).toEqual([]);
  });

  it("when the shopper picks the Double kayak, the calendar shows the Double kayak's availability and the hold is for the Double kayak", async () => {
    await sellOut();
    const { page, widget } = await openProductPage();
    const doubleGone = day(suite.today, DAYS.soldOutDouble);
    const singleGone = day(suite.today, DAYS.soldOutSingle);
    await showMonthOf(widget, doubleGone);
    expect(await dayLabel(widget, doubleGone)).not.toContain(EN.unavailable);

    await page.getByRole('radio', { name: 'Double kayak' }).click();
    await expect
      .poll(() => widget.getAttribute('variant'), { message: 'the variant attribute follows the picker' })
      .toBe(String(DOUBLE_KAYAK));
    await showMonthOf(widget, doubleGone);
    await expect.poll(() => dayLabel(widget, doubleGone), { timeout: 8000 }).toContain(`${EN.unavailable}: ${EN.sold}`);
    await showMonthOf(widget, singleGone);
    expect(await dayLabel(widget, singleGone)).not.toContain(EN.unavailable);
    await screenshotBoth(page, '08-product-double-kayak', widget);

    // Hold one day of the Double kayak: the hold and the cart line are for that variant.
    const pick = addDays(doubleGone, -1);
    await showMonthOf(widget, pick);
    await dayButton(widget, pick).click();
    await dayButton(widget, pick).click();
    await widget.getByRole('button', { name: EN.reserve, exact: true }).click();
    const panel = holdPanel(widget);
    await panel.waitFor({ timeout: 10_000 });
    expect(await panel.innerText()).toContain('Double kayak');
    const { line } = await cartLine(page, DOUBLE_KAYAK);
    expect(line.properties._start).toBe(startOfDayInZone(pick, SHOP_TZ).toISOString());

    expect(shopper!.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper!)).toEqual([]);
  });

  it("a shopper in another time zone (Pago Pago, 22 hours behind the shop) sees the shop's days, and the hold names the shop's zone", async () => {
    const { page, widget } = await openProductPage('Pacific/Pago_Pago');
    await showMonthOf(widget, suite.today);
    const todayButton = widget.locator('button[aria-current="date"]');
    expect(await todayButton.getAttribute('aria-label'), "today is the shop's suite.today").toMatch(
      dayName(suite.today),
    );
    expect(await dayLabel(widget, suite.today)).toContain(`${EN.unavailable}: ${EN.lead}`);

    const pick = day(suite.today, 2);
    await pickDays(widget, pick);
    await reserveButton(widget).click();
    const panel = holdPanel(widget);
    await panel.waitFor({ timeout: 10_000 });
    const held = await panel.innerText();
    expect(held).toMatch(mentionsDay(pick));
    expect(held, "the shop's zone is named, as it is not the shopper's").toMatch(
      /Australia\/Melbourne|Melbourne|Australian Eastern/,
    );
    const { line } = await cartLine(page, SINGLE_KAYAK);
    expect(line.properties._start).toBe(startOfDayInZone(pick, SHOP_TZ).toISOString());
    expect(line.properties.Start).toMatch(mentionsDay(pick));
    await waitForCartNotice(page);
    await screenshotBoth(page, '17-product-other-zone-held', widget);

    expect(shopper!.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper!)).toEqual([]);
  });

  it('when the shopper changes the quantity of a held day and reserves again, the hold and the cart both have the new quantity, once', async () => {
    const { page, widget } = await openProductPage();
    const date = day(suite.today, DAYS.requantity);
    await pickDays(widget, date);
    await reserveButton(widget).click();
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    await cartLine(page, SINGLE_KAYAK);
    await waitForCartNotice(page);

    const quantity = widget.getByRole('spinbutton', { name: EN.quantity });
    await quantity.fill('2');
    await quantity.blur();
    // Another quantity than the hold's: Reserve has become "Update hold".
    await widget.getByRole('button', { name: EN.update, exact: true }).click();
    await expect.poll(async () => await holdPanel(widget).innerText(), { timeout: 8000 }).toMatch(/×\s*2\b/);
    const token = (await readCart(page)).token;
    const reservation = await serviceReservation(token);
    expect(reservation.items).toMatchObject([{ external_id: SINGLE_KAYAK, quantity: 2 }]);
    // Let the widget's cart update finish, then count the kayaks in the cart for that day.
    await page.waitForTimeout(1000);
    const start = startOfDayInZone(date, SHOP_TZ).toISOString();
    const lines = (await readCart(page)).items.filter(
      (i) => i.variant_id === SINGLE_KAYAK && i.properties._start === start,
    );
    const inCart = lines.reduce((n, l) => n + l.quantity, 0);
    expect(
      inCart,
      `cart lines for ${date}: ${JSON.stringify(lines.map((l) => ({ quantity: l.quantity, properties: l.properties })))}`,
    ).toBe(2);
  });

  it('after a reload the shopper still sees the hold, its dates and the time left', async () => {
    const { page, widget } = await openProductPage();
    const date = day(suite.today, DAYS.reload);
    await pickDays(widget, date);
    await reserveButton(widget).click();
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    await cartLine(page, SINGLE_KAYAK);

    await page.reload();
    await waitForCalendar(widget);
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    const held = await holdPanel(widget).innerText();
    expect(held).toMatch(mentionsDay(date));
    expect(held).toMatch(/1[45]:\d\d left/);
    expect(shopper!.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper!)).toEqual([]);
  });
});
