/**
 * Issue 27.1: choosing a range never traps the shopper, at 1280 and 390 px. With a start chosen,
 * the days that cannot end the range look muted and say why before they are tried; choosing one
 * (by mouse or by keyboard) starts new dates from it, and a later day then ends them. Before,
 * a refused end kept the start and every later day was refused again ("Choose 1 to 7 days.").
 */
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { useStorefront } from './helpers/suite.ts';
import { DAYS, day } from './helpers/fixture.ts';
import { DESKTOP, PHONE, type ShopperPage, screenshotBoth, unexpectedConsoleErrors } from './helpers/page.ts';
import { dayButton, dayName, reserveButton, showMonthOf, waitForCalendar, widgetOn } from './helpers/widget.ts';

/** The days chosen (pressed), as `YYYY-MM-DD`. */
const pressed = (widget: Locator) =>
  widget.evaluate((el) =>
    [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~=day][aria-pressed=true]')].map((b) => b.dataset.day),
  );
const message = (widget: Locator) => widget.locator('[part=message]').innerText();

describeInBrowser('choosing a range without traps', () => {
  const suite = useStorefront();
  let shopper: ShopperPage | undefined;

  for (const [name, viewport] of [
    ['1280 px', DESKTOP],
    ['390 px', PHONE],
  ] as const) {
    it(`a day too far or beyond a closed day starts new dates from it, by mouse and by keyboard (${name})`, async () => {
      shopper = await suite.open({ viewport, bypassCSP: true }); // axe is injected inline
      const { page } = shopper;
      await page.goto('/');
      const widget = widgetOn(page);
      await waitForCalendar(widget);
      const today = suite.today;
      // After the regatta blackout (T+8, T+9), so the first range crosses nothing.
      const start = day(today, 10);
      const tooFar = day(today, 17); // 8 days; max_days is 7
      await showMonthOf(widget, start);
      await dayButton(widget, start).click();
      await showMonthOf(widget, tooFar);
      // Said and shown before the shopper tries it; still a button that can be chosen.
      const far = dayButton(widget, tooFar);
      expect(await far.getAttribute('aria-label')).toMatch(/, cannot end your dates: too long$/);
      expect(await far.getAttribute('part')).toContain('day-no-end');
      expect(await far.getAttribute('aria-disabled')).toBeNull();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotBoth(page, `27-range-no-end-${viewport.width}`, widget);
      await far.click();
      expect(await pressed(widget)).toEqual([tooFar]);
      expect(await message(widget)).toMatch(
        /^Choose 1 to 7 days\. Your dates start again from .+: now choose the end date\.$/,
      );
      const end = day(today, 19);
      await showMonthOf(widget, end);
      await dayButton(widget, end).click();
      expect(await pressed(widget)).toEqual([tooFar, day(today, 18), end]);
      expect(await reserveButton(widget).isEnabled()).toBe(true);

      // By keyboard: a start before the regatta, then the day after it, across the closed days.
      const before = day(today, DAYS.blackout[0] - 1);
      const after = day(today, DAYS.blackout[1] + 1);
      await showMonthOf(widget, before);
      await dayButton(widget, before).focus();
      await page.keyboard.press('Enter');
      expect(await pressed(widget)).toEqual([before]);
      for (const _ of [1, 2, 3]) await page.keyboard.press('ArrowRight');
      const focused = widget.getByRole('button', { name: dayName(after) });
      await expect
        .poll(() =>
          focused.evaluate(
            (b) => b.getRootNode() instanceof ShadowRoot && (b.getRootNode() as ShadowRoot).activeElement === b,
          ),
        )
        .toBe(true);
      expect(await focused.getAttribute('aria-label')).toMatch(
        /, cannot end your dates: an unavailable day in between$/,
      );
      expect(await widget.locator('[part=day-info]').innerText()).toMatch(
        /cannot end your dates: an unavailable day in between$/,
      );
      await page.keyboard.press('Enter');
      expect(await pressed(widget)).toEqual([after]);
      expect(await message(widget)).toMatch(/ is unavailable\. Your dates start again from /);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      expect(await pressed(widget)).toEqual([after, day(today, DAYS.blackout[1] + 2)]);
      expect(unexpectedConsoleErrors(shopper)).toEqual([]);
    });
  }
});
