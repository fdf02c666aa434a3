/**
 * Issue 16: the states a shopper reaches after the first hold, on a 390 px phone: near the end
 * (Keep holding), another quantity (Update hold), a failed update (Retry), and the Arabic
 * widget. Every control at least 44 by 44 CSS px and no serious or critical axe violation in
 * each; unavailable days readable (text 4.5:1) and marked by more than colour (struck through,
 * closed and fully booked and "only N left" with borders of 3:1). Screenshots of each state.
 */
import { expect, it } from 'vitest';
import { seriousAxeViolations } from './helpers/axe.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { holdForAnotherCart } from './helpers/server.ts';
import { useStorefront } from './helpers/suite.ts';
import { DAYS, SINGLE_KAYAK, day } from './helpers/fixture.ts';
import { PHONE, screenshotBoth, type ShopperPage } from './helpers/page.ts';
import {
  EN,
  waitForCartNotice,
  dayButton,
  holdOnProductPage,
  holdPanel,
  noSidewaysScroll,
  pickDays,
  reserveButton,
  showMonthOf,
  smallControls,
  waitForCalendar,
  widgetOn,
} from './helpers/widget.ts';

describeInBrowser('the held states and the Arabic widget at 390 px', () => {
  const suite = useStorefront({
    reset: (server) => {
      server.apiDown = false;
    },
  });
  let shopper: ShopperPage | undefined;

  it('held, near the end with Keep holding, with Update hold, and with a failed update’s Retry: every control 44 px, no serious axe violation, no sideways scroll', async () => {
    shopper = await suite.open({ viewport: PHONE });
    const { page } = shopper;
    // The page's timers under the test's hand, at the service's time (E2E_NOW's, when set).
    await page.clock.install({ time: suite.server.clock.now() });
    const widget = await holdOnProductPage(page, day(suite.today, DAYS.flowStart));
    await waitForCartNotice(page);
    const found: Record<string, unknown> = {};

    // Ten of the fifteen minutes pass on both clocks: the countdown ends soon, Keep holding shows.
    suite.server.clock.advance(11 * 60_000);
    await page.clock.fastForward(11 * 60_000);
    const keep = widget.getByRole('button', { name: 'Keep holding' });
    await keep.waitFor({ timeout: 8000 });
    found.keepSmall = await smallControls(widget);
    found.keepAxe = await seriousAxeViolations(page);
    await screenshotBoth(page, '16-countdown-ending-keep-holding', widget);

    await widget.getByRole('button', { name: 'More' }).click();
    const update = widget.getByRole('button', { name: EN.update, exact: true });
    await update.waitFor();
    found.updateSmall = await smallControls(widget);
    found.updateAxe = await seriousAxeViolations(page);

    suite.server.apiDown = true;
    await update.click();
    const retry = widget.getByRole('button', { name: EN.retry });
    await retry.waitFor({ timeout: 10_000 });
    found.retrySmall = await smallControls(widget);
    found.retryAxe = await seriousAxeViolations(page);
    found.scrolls = !(await noSidewaysScroll(page));

    expect(found).toEqual({
      keepSmall: [],
      keepAxe: [],
      updateSmall: [],
      updateAxe: [],
      retrySmall: [],
      retryAxe: [],
      scrolls: false,
    });
  });

  it('the Arabic widget at 390 px: every control 44 px and no serious axe violation', async () => {
    shopper = await suite.open({ viewport: PHONE, bypassCSP: true }); // axe is injected inline
    const { page } = shopper;
    await page.goto('/hostile.html');
    const widget = widgetOn(page, 'widget-ar');
    await waitForCalendar(widget);
    await widget.scrollIntoViewIfNeeded();
    expect(await smallControls(widget)).toEqual([]);
    expect(await seriousAxeViolations(page, ['#widget-ar'])).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  it('closed, fully booked and short days are struck through, past and too-soon days only muted, their text at least 4.5:1 and their borders 3:1; "only N left" clear of the few-left bar and a range preview are shown', async () => {
    const sold = day(suite.today, 12),
      short = day(suite.today, 13),
      closed = day(suite.today, DAYS.blackout[0]);
    // Single kayaks (capacity 4): all taken on one day, three on the next.
    await holdForAnotherCart(suite.server, 'e2e-a11y-sold', [{ variant: SINGLE_KAYAK, start: sold, quantity: 4 }]);
    await holdForAnotherCart(suite.server, 'e2e-a11y-short', [{ variant: SINGLE_KAYAK, start: short, quantity: 3 }]);
    shopper = await suite.open();
    const { page } = shopper;
    await page.goto('/');
    const widget = widgetOn(page);
    await waitForCalendar(widget);
    await widget.getByRole('button', { name: 'More' }).click();

    const looks: Record<string, unknown> = {};
    for (const [name, date] of [
      ['lead', suite.today],
      ['closed', closed],
      ['sold', sold],
      ['short', short],
    ] as const) {
      await showMonthOf(widget, date);
      const button = dayButton(widget, date);
      await expect.poll(() => button.getAttribute('data-reason'), { timeout: 8000 }).toBe(name);
      looks[name] = await button.evaluate((el) => {
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
        const lum = (c: string) => {
          const [r, g, b] = rgb(c)
            .map((v) => v / 255)
            .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const ratio = (a: string, b: string) => {
          const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
          return Math.round(((x! + 0.05) / (y! + 0.05)) * 100) / 100;
        };
        // The first opaque background from `from` outwards, through the shadow root to the page.
        const background = (from: Element | null): string => {
          for (let e = from; e; e = e.parentElement ?? (e.getRootNode() as ShadowRoot).host ?? null) {
            const c = getComputedStyle(e).backgroundColor;
            if (rgb(c).length === 3 || rgb(c)[3] === 1) return c;
          }
          return 'rgb(255, 255, 255)';
        };
        const style = getComputedStyle(el);
        const own = background(el);
        return {
          text: ratio(style.color, own) >= 4.5,
          struck: style.textDecorationLine.includes('line-through') || el.getAttribute('data-reason') === 'short',
          border:
            style.borderTopStyle === 'none' || rgb(style.borderTopColor)[3] === 0
              ? 'none'
              : ratio(style.borderTopColor, background(el.parentElement)) >= 3,
          caption: el.parentElement!.querySelector('.left')?.textContent ?? '',
        };
      });
    }
    expect(looks).toEqual({
      // Too soon (like past days): muted, not struck (striking every past day was noise).
      lead: { text: true, struck: false, border: 'none', caption: '' },
      closed: { text: true, struck: true, border: true, caption: '' },
      sold: { text: true, struck: true, border: true, caption: '' },
      short: { text: true, struck: true, border: true, caption: 'only 1 left' },
    });
    await screenshotBoth(page, '17-only-n-left', dayButton(widget, short));

    // One kayak asked for: the day with one left is a "few left" day; chosen, its caption
    // takes the chosen day's text colour and reads against its fill (it was amber on blue).
    await widget.getByRole('button', { name: 'Fewer' }).click();
    await showMonthOf(widget, short);
    // Its "1 left" sits clear of the few-left bar along the button's bottom (it touched it).
    await expect.poll(() => dayButton(widget, short).getAttribute('part')).toContain('day-few');
    const gap = await dayButton(widget, short).evaluate((el) => {
      const caption = el.parentElement!.querySelector('.left')!.getBoundingClientRect();
      const bar = Number(/-(\d+)px/.exec(getComputedStyle(el).boxShadow)?.[1] ?? 0);
      return el.getBoundingClientRect().bottom - bar - caption.bottom;
    });
    expect(gap, 'px between the caption and the bar').toBeGreaterThanOrEqual(2);
    await dayButton(widget, short).click();
    await expect.poll(() => dayButton(widget, short).getAttribute('part')).toContain('day-selected');
    const captionContrast = await dayButton(widget, short).evaluate((el) => {
      const lum = (c: string) => {
        const [r, g, b] = (c.match(/[\d.]+/g) ?? [])
          .map(Number)
          .map((v) => v / 255)
          .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const caption = el.parentElement!.querySelector('.left')!;
      const [x, y] = [lum(getComputedStyle(caption).color), lum(getComputedStyle(el).backgroundColor)].sort(
        (p, q) => q - p,
      );
      return { text: caption.textContent, ratio: (x! + 0.05) / (y! + 0.05) };
    });
    expect(captionContrast.text).toBe('1 left');
    expect(captionContrast.ratio).toBeGreaterThanOrEqual(4.5);

    // A start chosen, the pointer on a later day: the range up to it is previewed.
    const from = day(suite.today, 3),
      to = day(suite.today, 5);
    await showMonthOf(widget, from);
    await dayButton(widget, from).click();
    await showMonthOf(widget, to);
    await dayButton(widget, to).hover();
    await expect.poll(() => widget.locator('[part~=day-preview]').count()).toBeGreaterThan(0);
    await screenshotBoth(page, '18-range-preview', dayButton(widget, to));
  });

  it('released: the note says so and has the focus; a screenshot of it', async () => {
    shopper = await suite.open();
    const { page } = shopper;
    await page.goto('/');
    const widget = widgetOn(page);
    await waitForCalendar(widget);
    const start = day(suite.today, DAYS.flowEnd);
    await pickDays(widget, start, start);
    await reserveButton(widget).click();
    await holdPanel(widget).waitFor({ timeout: 10_000 });
    await waitForCartNotice(page);
    await widget.getByRole('button', { name: 'Release' }).click();
    const note = widget.locator('[part=hold-released]');
    await note.waitFor({ timeout: 10_000 });
    expect(await note.innerText()).toBe('Released. Your dates were removed from your cart.');
    expect(await note.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    await screenshotBoth(page, '19-released', widget);
  });
});
