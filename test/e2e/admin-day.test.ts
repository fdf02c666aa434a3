/**
 * Issue 30 points 1 and 2 in Chromium: the admin opens on Today (pick-ups, returns, a time's
 * arrivals, holds about to lapse) with Tomorrow one link away and back; the Calendar's bars open
 * their bookings, its days are reached with the arrow keys and offer Add booking and Add
 * blackout, the blackout form opens filled in and the saved blackout is named on its day;
 * Occupancy marks today, names blackouts and opens the calendar. Axe clean at 1280 and 390 px
 * in each state, and every step by keyboard.
 */
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, focusedName, openScreen, signIn, tabUntil } from './helpers/admin.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { GUIDED_TOUR, SECRET, SINGLE_KAYAK, day } from './helpers/fixture.ts';
import { holdForAnotherCart } from './helpers/server.ts';
import { useStorefront } from './helpers/suite.ts';
import { addDays, addMonths, startOfMonth, type PlainDate } from '../../src/shared/plain-date.ts';

describeInBrowser('the merchant’s day in the admin', () => {
  const suite = useStorefront();

  /** Books through the API as the shop's own server would; answers the booking's id. */
  async function book(body: Record<string, unknown>): Promise<number> {
    const made = await fetch(`${suite.server.url}/v1/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    return ((await made.json()) as { id: number }).id;
  }

  it('opens on Today with the pick-ups, returns and holds, and Tomorrow’s arrivals one link away and back, by keyboard', async () => {
    const today = suite.today;
    await book({
      starts_at: `${today} 00:00`,
      finishes_at: `${day(today, 1)} 00:00`,
      items: [{ external_id: SINGLE_KAYAK, quantity: 2 }],
      customers: [{ first_name: 'Grace', last_name: 'Hopper', email: 'grace.today@example.com' }],
      fields: [{ name: 'Experience', value: 'Sea kayaker' }],
    });
    await book({
      starts_at: `${day(today, 1)} 09:00`,
      finishes_at: `${day(today, 1)} 11:00`,
      items: [{ external_id: GUIDED_TOUR, quantity: 3 }],
      customers: [{ first_name: 'Alan', last_name: 'Turing', email: 'alan.tomorrow@example.com' }],
    });
    await holdForAnotherCart(suite.server, 'today-cart', [
      { variant: SINGLE_KAYAK, start: day(today, 30), quantity: 1 },
    ]);
    const { page, pageErrors } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    const pickups = page.getByRole('region', { name: 'Pick-ups' });
    await pickups.getByRole('link', { name: 'Grace Hopper' }).waitFor();
    expect(await pickups.textContent()).toContain('Sea kayaker');
    await page.getByRole('region', { name: 'Returns' }).getByRole('link', { name: 'Grace Hopper' }).waitFor();
    const holds = page.getByRole('region', { name: /Holds about to expire/ });
    await expect.poll(() => holds.textContent()).toMatch(/\d+ minutes left/);
    await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'));
    await expectAccessibleAtBothWidths(page, 'Today');

    await tabUntil(page, 'Tomorrow');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Tomorrow', level: 2 }).waitFor();
    const nine = page.getByRole('region', { name: /^09:00–11:00 · Guided paddle tour/ });
    await nine.getByRole('link', { name: 'Alan Turing' }).waitFor();
    expect(await nine.textContent()).toContain('3 × Guided paddle tour – Default Title');
    await expectAccessibleAtBothWidths(page, 'Today showing tomorrow');
    await page.goBack();
    await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('Calendar: a bar opens its booking, the days are reached by arrow keys, and a free day adds a blackout that is then named on it', async () => {
    const start = day(suite.today, 2);
    const id = await book({
      starts_at: `${start} 00:00`,
      finishes_at: `${day(start, 2)} 00:00`,
      items: [{ external_id: SINGLE_KAYAK, quantity: 1 }],
      customers: [{ first_name: 'Ada', last_name: 'Byron', email: 'ada.calendar@example.com' }],
    });
    const { page, pageErrors } = await suite.open({ bypassCSP: true });
    /**
     * Moves the calendar on a week at a time from the week holding `from` until `target` is
     * shown (days 10 ahead: the next week or the one after; from a month's first day, up to five weeks on), each week's own days loaded first.
     * Returns the day the view is then anchored on.
     */
    const weekOf = async (target: Locator, from: PlainDate = suite.today): Promise<PlainDate> => {
      for (let i = 0; i < 6; i++) {
        const anchor = addDays(from, 7 * i);
        await page.locator(`button[data-day="${anchor}"]`).first().waitFor();
        if ((await target.count()) > 0) return anchor;
        await page.getByRole('button', { name: 'Next week' }).click();
      }
      await target.waitFor();
      return from;
    };
    /**
     * From the month holding `from`, its days loaded (its first and last: no week holds both),
     * to the month holding `date`. Returns the day the view is then anchored on.
     */
    const monthOf = async (date: PlainDate, from: PlainDate): Promise<PlainDate> => {
      const shown = async (first: PlainDate) => {
        for (const d of [first, addDays(addMonths(first, 1), -1)])
          await page.locator(`button[data-day="${d}"]`).first().waitFor();
      };
      await shown(startOfMonth(from));
      if (startOfMonth(date) === startOfMonth(from)) return from;
      const later = startOfMonth(date) > startOfMonth(from);
      await page.getByRole('button', { name: later ? 'Next month' : 'Previous month' }).click();
      await shown(startOfMonth(date));
      return startOfMonth(date);
    };
    await signIn(page);
    await openScreen(page, 'Calendar');
    const bar = page.getByRole('link', { name: /^Ada Byron, 1 × Kayak hire – Single kayak/ });
    // Two days ahead is this week or (from the week's last two days) the next.
    const weekAnchor = await weekOf(bar);
    await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'));
    await expectAccessibleAtBothWidths(page, 'Calendar, a week');
    await page.getByRole('button', { name: 'Month' }).click();
    // The month view is the month's own days: on its last two days, two days ahead is next month's.
    const anchor = await monthOf(start, weekAnchor);
    await bar.waitFor();
    await expectAccessibleAtBothWidths(page, 'Calendar, a month');
    await page.getByRole('button', { name: 'Week' }).click();
    await weekOf(bar, anchor);
    await bar.click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/bookings/${id}`);
    await page.goBack();
    await page.getByRole('heading', { name: 'Calendar', level: 2 }).waitFor();
    // Back returns to the same days, the booking's bar among them; then to this week, today in it.
    await bar.waitFor();
    await page.getByRole('button', { name: 'This week' }).click();
    await page.locator(`button[data-day="${suite.today}"]`).first().waitFor();

    // The keyboard: to the first day of the first row, then along it with the arrows.
    await tabUntil(page, /today$/);
    const first = await focusedName(page);
    await page.keyboard.press('ArrowRight');
    const next = await focusedName(page);
    expect(next).not.toBe(first);
    expect(next).toMatch(/^\S.*: \d+ bookings?, /);
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toMatch(/^\S.*: \d+ bookings?, /);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName(page)).toBe(first);
    // The days are one stop: Tab goes on to the bookings' bars.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toMatch(/^bar /);

    // A free day (the Double kayak's, next week; days 8 and 9 are the suites' blackout): Enter opens what it offers.
    const free = page.locator(`button[data-day="${day(suite.today, 10)}"]`).nth(1);
    await weekOf(free);
    await free.focus();
    await page.keyboard.press('Enter');
    const offer = page.getByRole('region', { name: /Kayak hire – Double kayak$/ });
    await offer.getByRole('link', { name: 'Add booking' }).waitFor();
    // The panel takes the focus once painted (an effect), a moment after its links appear.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H3');
    await expectAccessibleAtBothWidths(page, 'Calendar with a day open');
    await tabUntil(page, 'Add blackout');
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Add a blackout' });
    await form.waitFor();
    expect(await form.getByLabel('First day').inputValue()).toBe(day(suite.today, 10));
    expect(await form.getByLabel('Last day').inputValue()).toBe(day(suite.today, 10));
    expect(await form.getByLabel('Applies to').locator('option:checked').textContent()).toBe(
      'Kayak hire – Double kayak',
    );
    await expectAccessibleAtBothWidths(page, 'Blackouts, the form filled in from the calendar');
    await form.getByLabel('Title (only you see it)').fill('Double kayak service');
    await form.getByRole('button', { name: 'Add blackout' }).click();
    await page.getByRole('status').filter({ hasText: 'Blackout “Double kayak service” added.' }).waitFor();

    await openScreen(page, 'Calendar');
    const closed = page.locator(`button[data-day="${day(suite.today, 10)}"]`).nth(1);
    await weekOf(closed);
    await expect.poll(() => closed.textContent()).toBe('Double kayak service');
    expect(await closed.getAttribute('aria-label')).toMatch(/closed: Double kayak service$/);
    expect(pageErrors).toEqual([]);
    const removed = await suite.server.api('GET', '/v1/blackouts');
    for (const b of removed.body as { id: number; title: string }[])
      if (b.title === 'Double kayak service') await suite.server.api('DELETE', `/v1/blackouts/${b.id}`);
  });

  it("Calendar: a free day's Add booking opens the booking form on that day and variant", async () => {
    const { page, pageErrors } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Calendar');
    const date = day(suite.today, 1);
    const week = page.locator(`button[data-day="${date}"]`);
    // This week's days first (tomorrow is in it, or on its last day in the next).
    await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'));
    await page.locator(`button[data-day="${suite.today}"]`).first().waitFor();
    if ((await week.count()) === 0) await page.getByRole('button', { name: 'Next week' }).click();
    // The Double kayak's day (the second row).
    await week.nth(1).click();
    const offer = page.getByRole('region', { name: /Kayak hire – Double kayak$/ });
    await offer.getByRole('link', { name: 'Add booking' }).click();
    const form = page.getByRole('form', { name: 'Add booking' });
    await form.waitFor();
    const chosen = () =>
      form.getByLabel('Product and variant').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text ?? '');
    await expect.poll(chosen).toContain('Double kayak');
    await expect.poll(() => form.getByLabel('First day').inputValue()).toBe(date);
    expect(pageErrors).toEqual([]);
  });

  it('Occupancy marks today, names a blackout by its title, and a cell opens that day in the calendar', async () => {
    const closedDay = day(suite.today, 3);
    const made = await suite.server.api('POST', '/v1/blackouts', {
      title: 'Pier works',
      starts_at: closedDay,
      finishes_at: day(closedDay, 1),
      external_variant_id: String(SINGLE_KAYAK),
    });
    expect(made.status).toBe(201);
    const { page } = await suite.open({ bypassCSP: true });
    await signIn(page);
    await openScreen(page, 'Occupancy');
    const grid = page.getByRole('region', { name: 'Units free by variant and day' });
    const row = grid.locator('tr', { has: page.getByRole('rowheader', { name: /Single kayak/ }) });
    await expect
      .poll(() => row.locator('td').nth(3).locator('[aria-hidden="true"]').innerText())
      .toMatch(/^Pier works\b/);
    expect(await grid.locator('thead th.today').textContent()).toContain('today');
    await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'));
    await expectAccessibleAtBothWidths(page, 'Occupancy with a blackout named');
    await row.locator('td').nth(3).getByRole('link').click();
    await page.getByRole('heading', { name: 'Calendar', level: 2 }).waitFor();
    const day3 = page.locator(`button[data-day="${closedDay}"]`);
    await expect.poll(() => day3.count()).toBe(1);
    expect(await day3.textContent()).toMatch(/^Pier works/);
    await suite.server.api('DELETE', `/v1/blackouts/${(made.body as { id: number }).id}`);
  });
});
