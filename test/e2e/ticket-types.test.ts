/**
 * Issue 39: ticket types and a shopper's choice on the demo's Sunset paddle tour page, in real
 * Chromium at 1280 and 390 px, axe clean at each step. The tour's Adult and Child share the
 * boat's 12 seats and one of two guides (Anna, Ben) leads each evening, the shopper's pick: one
 * shopper holds Adults 2 and Children 1 with Anna (the guide picked by keyboard), the hold listing
 * each type and the cart a line per type of one reservation; another shopper's hold is refused
 * when another cart takes the seats meanwhile, and the widget says what is left.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { PlainDate } from '../../src/shared/plain-date.ts';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { TOUR_ADULT, TOUR_CHILD, day } from './helpers/fixture.ts';
import { DESKTOP, PHONE, screenshotPath, unexpectedConsoleErrors } from './helpers/page.ts';
import { holdForAnotherCart } from './helpers/server.ts';
import { useStorefront } from './helpers/suite.ts';
import {
  dayButton,
  holdPanel,
  readCart,
  reserveButton,
  showMonthOf,
  smallControls,
  waitForCalendar,
  waitForCartNotice,
  widgetOn,
} from './helpers/widget.ts';

describeInBrowser('ticket types and a shopper’s choice of guide (the Sunset paddle tour)', () => {
  const suite = useStorefront();
  let made: Promise<void> | undefined;
  /**
   * The tour's shared resources, written straight to the database (the merchant API for them is
   * not the widget's to depend on): the boat's 12 seats, one per Adult or Child; Anna and Ben,
   * one of whom leads each departure, picked by the shopper or left to the shop.
   */
  const resources = () =>
    (made ??= (async () => {
      const { db } = suite.server;
      const resource = async (name: string, units: number) =>
        Number(
          (
            await db.query<{ id: number }>(
              `INSERT INTO resources (shop_id, name, kind, units) SELECT shop_id, $1, $2, $3 FROM variants
                WHERE external_id = $4 RETURNING id`,
              [name, units === 1 ? 'staff' : 'vehicle', units, TOUR_ADULT],
            )
          ).rows[0]!.id,
        );
      const seats = await resource('Boat seats', 12);
      const guides = [await resource('Anna', 1), await resource('Ben', 1)];
      for (const variant of [TOUR_ADULT, TOUR_CHILD]) {
        for (const [position, pool, per, choice] of [
          [0, [seats], 'unit', 'any'],
          [1, guides, 'slot', 'shopper'],
        ] as const) {
          const { rows } = await db.query<{ id: number }>(
            `INSERT INTO variant_requirements (shop_id, variant_id, position, uses, per, choice)
             SELECT shop_id, id, $2, 1, $3, $4 FROM variants WHERE external_id = $1 RETURNING id`,
            [variant, position, per, choice],
          );
          for (const r of pool)
            await db.query('INSERT INTO requirement_resources (requirement_id, resource_id) VALUES ($1, $2)', [
              rows[0]!.id,
              r,
            ]);
        }
      }
    })());

  /** The tour's page in a new shopper's browser, the widget once its steppers are in. */
  async function sunsetPage(viewport: { width: number; height: number }) {
    await resources();
    const shopper = await suite.open({ viewport });
    await shopper.page.goto('/sunset.html');
    const widget = widgetOn(shopper.page);
    await waitForCalendar(widget);
    await widget.getByRole('group', { name: 'Tickets' }).waitFor({ timeout: 10_000 });
    return { shopper, page: shopper.page, widget };
  }

  /** Picks `date`, then `adults` and `children` with the steppers' buttons. */
  async function choose(widget: Locator, date: PlainDate, adults: number, children: number) {
    await showMonthOf(widget, date);
    await dayButton(widget, date).click();
    for (let n = 1; n < adults; n++) await widget.getByRole('button', { name: 'More: Adult' }).click();
    for (let n = 0; n < children; n++) await widget.getByRole('button', { name: 'More: Child (8-15)' }).click();
  }

  const text = (l: Locator) => l.evaluate((el) => (el as HTMLElement).innerText.replace(/[\u2068\u2069]/g, ''));

  async function axeClean(page: Page) {
    expect(await seriousAxeViolations(page)).toEqual([]);
  }

  for (const [viewport, offset] of [
    [DESKTOP, 3],
    [PHONE, 4],
  ] as const) {
    it(`holds Adults 2 and Children 1 with Anna in one post, and refuses another shopper once the seats run out, at ${viewport.width} px`, async () => {
      const date = day(suite.today, offset);
      const { shopper, page, widget } = await sunsetPage(viewport);
      await axeClean(page);
      await choose(widget, date, 2, 1);
      // Anna, by keyboard: the pool is a native radio group (Tab to it, arrows choose).
      const guide = widget.getByRole('group', { name: 'Preference' });
      await guide.getByRole('radio', { name: 'Any' }).focus();
      await page.keyboard.press(viewport === PHONE ? 'ArrowDown' : 'ArrowRight');
      expect(await guide.getByRole('radio', { name: /^Anna/ }).isChecked()).toBe(true);
      expect(await text(guide)).toMatch(/Anna\s*free[\s\S]*Ben\s*free/);
      expect(await text(widget.locator('[part=summary]'))).toBe(
        'Adult 2 × A$89.00, Child (8-15) 1 × A$59.00 · Total A$237.00',
      );
      expect(await text(widget.locator('#tk-left'))).toBe('Boat seats: 12 left');
      // Every target is 44 px at least: the only smaller controls are the three radios, whose
      // target is their label (the whole option).
      expect(await smallControls(widget)).toHaveLength(3);
      const options = await widget
        .locator('[part~=pool-option]')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.width >= 44, r.height >= 44]));
      expect(options).toEqual([
        [true, true],
        [true, true],
        [true, true],
      ]);
      expect(
        await widget.evaluate((host) =>
          [...host.shadowRoot!.querySelectorAll('[part~=pool-option] input')].every((i) => i.closest('label')),
        ),
      ).toBe(true);
      await axeClean(page);
      await page.screenshot({ path: screenshotPath(`tickets-chosen-${viewport.width}.png`), fullPage: true });

      await reserveButton(widget).click();
      const panel = holdPanel(widget);
      await panel.waitFor({ timeout: 10_000 });
      const held = (await text(panel)).replace(/\s+/g, ' ');
      expect(held).toMatch(/Sunset paddle tour – Adult: .+ × 2/);
      expect(held).toMatch(/Sunset paddle tour – Child \(8-15\): .+ × 1/);
      expect(held).toContain('Preference: Anna');
      expect(held).toContain('Total A$237.00');
      // The cart: a line per type, both of the one reservation.
      await expect.poll(async () => (await readCart(page)).items.length, { timeout: 10_000 }).toBe(2);
      const lines = (await readCart(page)).items;
      expect(lines.map((l) => [l.variant_id, l.quantity])).toEqual([
        [TOUR_ADULT, 2],
        [TOUR_CHILD, 1],
      ]);
      expect(new Set(lines.map((l) => l.properties._reservation_id)).size).toBe(1);
      // The theme's notice names each line of the hold.
      await waitForCartNotice(page);
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /your cart/ })
          .innerText(),
      ).toBe('Added to your cart: Adult, 2 × 1 day; Child (8-15), 1 × 1 day.');
      await axeClean(page);
      await page.screenshot({ path: screenshotPath(`tickets-held-${viewport.width}.png`), fullPage: true });

      // Another shopper wants two seats on the same evening; another cart takes 8 meanwhile.
      const other = await sunsetPage(viewport);
      await choose(other.widget, date, 2, 0);
      // Anna leads the evening now: only she is free to.
      expect(await text(other.widget.getByRole('group', { name: 'Preference' }))).toMatch(
        /Anna\s*free[\s\S]*Ben\s*not free then/,
      );
      await holdForAnotherCart(suite.server, `another-${viewport.width}`, [
        { variant: TOUR_ADULT, start: date, quantity: 8 },
      ]);
      await reserveButton(other.widget).click();
      const alert = other.widget.getByRole('alert');
      await alert.waitFor({ timeout: 10_000 });
      expect(await text(alert)).toMatch(/^Boat seats: only 1 left on .+\. Choose fewer, or other dates\.$/);
      expect(await holdPanel(other.widget).count()).toBe(0);
      await expect.poll(() => text(other.widget.locator('#tk-left')), { timeout: 10_000 }).toBe('Boat seats: 1 left');
      await axeClean(other.page);
      await other.page.screenshot({ path: screenshotPath(`tickets-refused-${viewport.width}.png`), fullPage: true });

      for (const s of [shopper, other.shopper]) {
        expect(unexpectedConsoleErrors(s, [409])).toEqual([]);
        expect(s.pageErrors).toEqual([]);
      }
    });
  }
});
