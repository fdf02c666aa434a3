/**
 * Day clicks on the slot widget of the demo's tour page: each click timed inside the page from
 * the click event's timestamp to just after the next paint, and to the moment the chosen day's
 * times are listed (the heading names the new day, its radio buttons are in, nothing in the
 * list is aria-busy). Used by slot-widget.ts.
 * @module
 */
import type { Browser, Page } from 'playwright-core';
import { MARKS_SCRIPT } from './browser.ts';
import type { Sample } from './page-cost.ts';
import type { Storefront } from './storefront.ts';

/** One day click, ms from the click event. */
export interface DayTiming {
  paint: number;
  shown: number;
  /** The day's times were asked of the service (its first choice in this page). */
  fetched: boolean;
}

/** A session of day clicks on one page. */
export interface DaySession {
  clicks: DayTiming[];
  /** The page's first day click (not in `clicks`), with when its times were shown (ms since navigation). */
  first?: DayTiming & { shownAt: number; slotFileBefore: boolean };
  /** The widget's script files fetched during the session, ms since navigation start. */
  scripts: Sample['scripts'];
}

const AVAILABLE = 'booking-widget button[part~="day"]:not([aria-disabled])';

/** Arms a one-shot listener for the next click; its promise resolves with the timings. */
async function arm(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __dayClick: Promise<{ paint: number; shown: number; shownAt: number }> };
    w.__dayClick = new Promise((resolve) => {
      document.addEventListener(
        'click',
        (event) => {
          const t0 = event.timeStamp;
          const root = document.querySelector('booking-widget')?.shadowRoot;
          const before = root?.querySelector('#slots-heading')?.textContent ?? '';
          let paint = Number.NaN;
          let shown = Number.NaN;
          let shownAt = Number.NaN;
          const done = () => {
            if (!Number.isNaN(paint) && !Number.isNaN(shown)) resolve({ paint, shown, shownAt });
          };
          requestAnimationFrame(() => {
            const c = new MessageChannel();
            c.port1.onmessage = () => {
              paint = performance.now() - t0;
              done();
            };
            c.port2.postMessage(0);
          });
          const listed = () => {
            const list = root?.querySelector('[part~="slots"]');
            const heading = root?.querySelector('#slots-heading')?.textContent ?? '';
            return (
              !!list && heading !== before && !!list.querySelector('[role=radio]') && !list.querySelector('[aria-busy]')
            );
          };
          const settle = () => {
            shownAt = performance.now();
            shown = shownAt - t0;
            done();
          };
          queueMicrotask(() => {
            if (listed()) return settle();
            const mo = new MutationObserver(() => {
              if (listed()) {
                mo.disconnect();
                settle();
              }
            });
            if (root) mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
            setTimeout(() => {
              mo.disconnect();
              if (Number.isNaN(shown)) settle();
            }, 10_000);
          });
        },
        { once: true, capture: true },
      );
    });
  });
}

async function clickDay(
  page: Page,
  nth: number,
): Promise<{ paint: number; shown: number; shownAt: number; day: string }> {
  await arm(page);
  const day = page.locator(AVAILABLE).nth(nth);
  const label = (await day.getAttribute('aria-label', { timeout: 10_000 })) ?? String(nth);
  await day.click({ timeout: 10_000 });
  const timing = await page.evaluate(
    () => (window as unknown as { __dayClick: Promise<{ paint: number; shown: number; shownAt: number }> }).__dayClick,
  );
  return { ...timing, day: label.split(',').slice(0, 2).join(',') };
}

async function widgetScripts(page: Page): Promise<Sample['scripts']> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => /^\/booking-widget[\w-]*\.js$/.test(new URL(r.name).pathname))
      .map((r) => ({ url: r.name, start: r.startTime, end: r.responseEnd })),
  );
}

/**
 * Opens the tour page (API on the page's origin), waits for its calendar, moves to next month
 * (every day of it ahead, whatever today is), then clicks its first six available days in turn.
 */
export async function daySession(
  browser: Browser,
  store: Storefront,
  cpu: number,
  clicks: number,
): Promise<DaySession> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(MARKS_SCRIPT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${store.page}/bench/tour`, { waitUntil: 'load' });
    await page.waitForFunction(() => !Number.isNaN(window.__bench.readyPaint), null, { timeout: 30_000, polling: 100 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.locator('booking-widget button[part~="nav-next"]').click({ timeout: 10_000 });
    await page.waitForFunction(
      () => {
        const table = document.querySelector('booking-widget')?.shadowRoot?.querySelector('table');
        return !!table && !table.hasAttribute('aria-busy');
      },
      null,
      { timeout: 30_000, polling: 50 },
    );
    const slotFileBefore = (await widgetScripts(page)).some((s) => /booking-widget-slot-/.test(s.url));
    const seen = new Set<string>();
    const deadline = Date.now() + 90_000;
    const firstClick = await clickDay(page, 0);
    seen.add(firstClick.day);
    const first = { ...firstClick, fetched: true, slotFileBefore };
    const timings: DayTiming[] = [];
    for (let i = 1; i <= clicks && Date.now() < deadline; i++) {
      const t = await clickDay(page, i % 6);
      timings.push({ paint: t.paint, shown: t.shown, fetched: !seen.has(t.day) });
      seen.add(t.day);
    }
    return { clicks: timings, first, scripts: await widgetScripts(page) };
  } finally {
    await context.close();
  }
}
