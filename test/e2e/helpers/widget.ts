/**
 * The widget as a shopper meets it: by roles and accessible names (Playwright's locators look
 * into open shadow roots), never by the widget's internals.
 */
import type { Locator, Page } from 'playwright-core';
import type { PlainDate } from '../../../src/shared/plain-date.ts';

/** English words the widget uses (WIDGET.md: every visible string from a per-locale table). */
export const EN = {
  past: 'in the past',
  lead: 'too soon to book',
  closed: 'closed',
  sold: 'fully booked',
  unavailable: 'unavailable',
  reserve: 'Reserve',
  update: 'Update hold',
  retry: 'Retry',
  next: 'Next month',
  previous: 'Previous month',
  quantity: 'Quantity',
} as const;

const utc = (d: PlainDate) => Date.parse(`${d}T00:00:00Z`);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A regular expression for the accessible name of `date`'s day button in `locale`: its weekday,
 * day number, month and year in any order (the order is the locale's business, not the test's).
 */
export function dayName(date: PlainDate, locale = 'en'): RegExp {
  const f = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...o }).format(utc(date));
  const parts = [f({ weekday: 'long' }), f({ month: 'long' }), f({ year: 'numeric' })].map(escapeRegExp);
  const dayNumber = escapeRegExp(f({ day: 'numeric' }));
  return new RegExp(`^${parts.map((p) => `(?=.*${p})`).join('')}(?=.*(^|[^\\d٠-٩])${dayNumber}($|[^\\d٠-٩]))`);
}

/** "November 2026": the month heading of `date`'s month. */
export function monthHeading(date: PlainDate, locale = 'en'): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(utc(date));
}

/** The day button of `date` in the shown month. */
export function dayButton(widget: Locator, date: PlainDate, locale = 'en'): Locator {
  return widget.getByRole('button', { name: dayName(date, locale) });
}

/** The widget element: the only one on the page, or the one with `id`. */
export function widgetOn(page: Page, id?: string): Locator {
  return page.locator(id ? `booking-widget#${id}` : 'booking-widget');
}

/**
 * Waits until the widget shows a loaded month (no day still "Loading…"); fails at once, with
 * what the shopper sees, when the widget shows an error instead.
 */
export async function waitForCalendar(widget: Locator, timeout = 15_000): Promise<void> {
  const ready = widget.locator('table:not([aria-busy="true"])').first();
  const alert = widget.getByRole('alert').first();
  try {
    await ready.or(alert).waitFor({ state: 'visible', timeout });
  } catch {
    const text = (await widget.innerText({ timeout: 1000 }).catch(() => '')).trim();
    throw new Error(
      `The widget shows no loaded calendar within ${timeout} ms. It shows: ${JSON.stringify(text.slice(0, 400))}`,
    );
  }
  if (await alert.isVisible()) {
    throw new Error(
      `The widget shows an error instead of the calendar: ${JSON.stringify((await alert.innerText()).trim())}`,
    );
  }
}

/** Clicks the month arrows until `date`'s month is shown, then waits for its data. */
export async function showMonthOf(
  widget: Locator,
  date: PlainDate,
  locale = 'en',
  words: { next: string; previous: string } = EN,
): Promise<void> {
  const target = monthHeading(date, locale);
  for (let i = 0; i < 24; i++) {
    const heading = (await widget.getByRole('heading').first().innerText()).trim();
    if (heading === target) {
      await waitForCalendar(widget);
      return;
    }
    const shown = await widget.getByRole('button', { name: dayName(date, locale) }).count();
    if (shown) return waitForCalendar(widget);
    // Compare the first day shown with the target to know which way to go.
    const forward = await isBefore(widget, date);
    await widget.getByRole('button', { name: forward ? words.next : words.previous, exact: true }).click();
  }
  throw new Error(`Could not navigate the calendar to ${target}`);
}

/** Whether the shown month is before `date`'s month (by the table's accessible name). */
async function isBefore(widget: Locator, date: PlainDate): Promise<boolean> {
  const label = await widget.getByRole('table').first().getAttribute('aria-label');
  const parsed = label ? Date.parse(`1 ${label}`) : NaN;
  if (Number.isNaN(parsed)) return true;
  const shown = new Date(parsed);
  const [y, m] = date.split('-').map(Number) as [number, number];
  return shown.getFullYear() < y || (shown.getFullYear() === y && shown.getMonth() + 1 < m);
}

/** The accessible name of `date`'s day button. */
export async function dayLabel(widget: Locator, date: PlainDate, locale = 'en'): Promise<string> {
  return (
    (await dayButton(widget, date, locale).getAttribute('aria-label')) ??
    (await dayButton(widget, date, locale).innerText())
  );
}

/** Shopify's cart as the theme reads it (`GET /cart.js`, same cookie as the page). */
export async function readCart(page: Page): Promise<{
  token: string;
  item_count: number;
  items: { variant_id: number; quantity: number; properties: Record<string, string> }[];
}> {
  return page.evaluate(async () => (await fetch('/cart.js', { headers: { accept: 'application/json' } })).json());
}

/** The text the widget shows (its shadow root's rendered text; the host's innerText has none of it). */
export async function widgetText(widget: Locator): Promise<string> {
  return widget.evaluate((el) =>
    [...(el.shadowRoot?.children ?? [])]
      .map((c) => (c instanceof HTMLElement ? c.innerText : (c.textContent ?? '')))
      .join('\n'),
  );
}

/** The panel of the cart's hold (its items and the time left), found by its title. */
export function holdPanel(widget: Locator): Locator {
  return widget.getByText(/held for you/i).locator('xpath=..');
}

/** The Reserve button. */
export function reserveButton(widget: Locator): Locator {
  return widget.getByRole('button', { name: EN.reserve, exact: true });
}

/** Clicks the first and the last day of a range (the same day twice for one day). */
export async function pickDays(widget: Locator, start: PlainDate, end: PlainDate = start): Promise<void> {
  await showMonthOf(widget, start);
  await dayButton(widget, start).click();
  await showMonthOf(widget, end);
  await dayButton(widget, end).click();
}

/** Opens the product page and holds `start`..`end` (one day by default); resolves to the widget. */
export async function holdOnProductPage(page: Page, start: PlainDate, end: PlainDate = start): Promise<Locator> {
  await page.goto('/');
  const widget = widgetOn(page);
  await waitForCalendar(widget);
  await pickDays(widget, start, end);
  await reserveButton(widget).click();
  await holdPanel(widget).waitFor({ timeout: 10_000 });
  return widget;
}

/** The widget's controls smaller than 44 by 44 CSS px (WCAG 2.5.5), by name. */
export function smallControls(widget: Locator): Promise<{ name: string | null; width: number; height: number }[]> {
  return widget.evaluate((host) =>
    [...host.shadowRoot!.querySelectorAll<HTMLElement>('button, input, a[href]')]
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: el.getAttribute('aria-label') ?? el.textContent,
          width: Math.round(r.width),
          height: Math.round(r.height),
        };
      })
      .filter((c) => c.width < 44 || c.height < 44),
  );
}

/** The page does not scroll sideways. */
export function noSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/** A day written in English in any of the usual orders: its number, short month and year. */
export function mentionsDay(d: PlainDate): RegExp {
  const f = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en', { timeZone: 'UTC', ...o }).format(Date.parse(`${d}T00:00:00Z`));
  return new RegExp(
    `(?=[\\s\\S]*\\b${f({ day: 'numeric' })}\\b)(?=[\\s\\S]*${f({ month: 'short' })})(?=[\\s\\S]*${f({ year: 'numeric' })})`,
  );
}

/**
 * The demo theme's small cart notice, once a hold has reached the cart ("Added to your cart:
 * Single kayak, 2 × 3 days."): it never opens its drawer over the widget's held state.
 */
export async function waitForCartNotice(page: Page): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: /^(Added to|In) your cart: / })
    .waitFor({ timeout: 8000 });
}

/** Opens the demo theme's cart drawer (a modal dialog) from its cart button, as a shopper would. */
export async function openCartDrawer(page: Page): Promise<Locator> {
  await page.locator('#cart-icon-bubble').click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await drawer.waitFor({ timeout: 8000 });
  return drawer;
}
