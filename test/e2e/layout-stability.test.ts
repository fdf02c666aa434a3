/**
 * Issue 7: the widget reserves its space, so the product page does not move while it loads
 * (layout shift 0), in the demo theme, which like Dawn makes every box border-box and pads the
 * element. Layout shifts are read from the browser's own `layout-shift` entries.
 */
import { expect, it } from 'vitest';
import { describeInBrowser } from './helpers/browser.ts';
import { useStorefront } from './helpers/suite.ts';
import { DESKTOP, PHONE } from './helpers/page.ts';
import { waitForCalendar, widgetOn } from './helpers/widget.ts';

/** Records every layout shift from the start of the page, with what moved. */
const WATCH_SHIFTS = `(() => {
  const list = [];
  Object.defineProperty(window, '__e2eShifts', { value: list });
  new PerformanceObserver((entries) => {
    for (const e of entries.getEntries()) {
      list.push({ value: e.value, moved: (e.sources || []).map((s) => s.node ? s.node.nodeName + '.' + (s.node.className || '') : '?') });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

describeInBrowser('layout stability of the product page', () => {
  const suite = useStorefront();

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`nothing on the page moves while the widget loads its calendar (${name})`, async () => {
      const { page } = await suite.open({ viewport });
      await page.addInitScript(WATCH_SHIFTS);
      await page.goto('/');
      const widget = widgetOn(page);
      await waitForCalendar(widget);
      // Late shifts (a message line, a font) would land within a frame or two of the data.
      await page.waitForTimeout(500);
      const shifts = await page.evaluate(
        () => (window as unknown as { __e2eShifts: { value: number; moved: string[] }[] }).__e2eShifts,
      );
      expect(shifts).toEqual([]);
      // The box did not just stay put by being empty: it holds the whole calendar.
      expect(
        await widget.evaluate((el) => el.shadowRoot!.querySelectorAll('table button').length),
      ).toBeGreaterThanOrEqual(28);
    });
  }
});
