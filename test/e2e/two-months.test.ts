/**
 * Issue 16: a wide widget shows two months side by side in Chromium (measured on the widget,
 * not the page), picks a range across them, moves the keyboard focus across the month boundary
 * without moving the view, keeps 44×44 targets and axe clean; a phone shows one month.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { addDays, addMonths, startOfMonth, type PlainDate } from '../../src/shared/plain-date.ts';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { PHONE, screenshotPath } from './helpers/page.ts';
import { useStorefront } from './helpers/suite.ts';
import { dayButton, monthHeading, waitForCalendar, widgetOn } from './helpers/widget.ts';

/** The widget made 760 px wide, as a merchant's full-width section would make it. */
async function wideWidget(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.evaluate(() => {
    const el = document.querySelector('booking-widget') as HTMLElement;
    el.style.cssText = 'display:block;width:760px;max-width:none';
  });
  const widget = widgetOn(page);
  await waitForCalendar(widget);
  return widget;
}

const months = (widget: Locator) =>
  widget.locator('table').evaluateAll((tables) => tables.map((t) => t.getAttribute('aria-label')));

describeInBrowser('two months side by side', () => {
  const suite = useStorefront();

  it('shows two labelled month grids side by side in a 760 px widget and picks a range across them', async () => {
    const { page } = await suite.open();
    const widget = await wideWidget(page);
    // A start at least ten days ahead (clear of the suites' blackouts), two days before a month ends.
    let month = startOfMonth(addDays(suite.today, 10));
    let start = addDays(addMonths(month, 1), -2);
    if (start < addDays(suite.today, 10)) (month = addMonths(month, 1)), (start = addDays(addMonths(month, 1), -2));
    const end = addDays(start, 3);
    while ((await months(widget))[0] !== monthHeading(start)) {
      await widget.locator('[part~=nav-next]').click();
      await waitForCalendar(widget);
    }
    expect(await months(widget)).toEqual([monthHeading(start), monthHeading(end)]);
    const boxes = await widget
      .locator('table')
      .evaluateAll((tables) =>
        tables.map((t) => t.getBoundingClientRect()).map((r) => ({ top: r.top, left: r.left, width: r.width })),
      );
    expect(boxes[0]!.top).toBe(boxes[1]!.top);
    expect(boxes[1]!.left).toBeGreaterThan(boxes[0]!.left + boxes[0]!.width);
    await dayButton(widget, start).click();
    await dayButton(widget, end).click();
    expect(await dayButton(widget, start).getAttribute('part')).toContain('day-start');
    expect(await dayButton(widget, end).getAttribute('part')).toContain('day-end');
    expect(await dayButton(widget, addDays(start, 2)).getAttribute('part')).toContain('day-between');
    expect(await months(widget)).toEqual([monthHeading(start), monthHeading(end)]);
    // Every day button at least 44×44 CSS px in both grids (the legend's swatches are not buttons).
    const small = await widget
      .locator('[part~=day][data-day]')
      .evaluateAll(
        (els) => els.map((e) => e.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44).length,
      );
    expect(small).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('18-two-months-range-desktop.png') });
  });

  it('moves the focus from a month’s last day into the next grid with ArrowRight without moving the view', async () => {
    const { page } = await suite.open();
    const widget = await wideWidget(page);
    const [first, second] = await months(widget);
    const lastDay = addDays(addMonths(startOfMonth(addDays(suite.today, 1)), 1), -1) as PlainDate;
    await dayButton(widget, lastDay).focus();
    await page.keyboard.press('ArrowRight');
    const focused = await page.evaluate(
      () => (document.querySelector('booking-widget')!.shadowRoot!.activeElement as HTMLElement).dataset.day,
    );
    expect(focused).toBe(addDays(lastDay, 1));
    expect(await months(widget)).toEqual([first, second]);
    expect(await widget.locator('[part~=day][tabindex="0"]').count()).toBe(1);
  });

  it('shows one month on a 390 px phone', async () => {
    const { page } = await suite.open({ viewport: PHONE });
    await page.goto('/');
    const widget = widgetOn(page);
    await waitForCalendar(widget);
    expect(await months(widget)).toHaveLength(1);
  });
});
