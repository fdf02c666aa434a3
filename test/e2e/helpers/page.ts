/**
 * A shopper's page: a fresh browser context per test, with what every suite watches for
 * (console errors, uncaught exceptions, CSP violations), screenshots of each state on a
 * desktop and a 390 px phone viewport, and the widget located as a shopper finds it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import type { Clock } from '../../../src/service/clock.ts';
import { E2E_NOW, useServiceTime } from './clock.ts';
import { shopToday } from './fixture.ts';
import { ROOT } from './server.ts';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
/**
 * Where screenshots go: test-results/screenshots/ (the README's pictures); on a fake date
 * (`E2E_NOW`) a folder of its own inside it, named by the shop's day (`at-2026-12-31`), so the
 * fake-date projects, which run in the same `npm test` as the real one on CI, never overwrite
 * the README's pictures with another month's calendar.
 */
export const SCREENSHOT_DIR = join(
  ROOT,
  'test-results/screenshots',
  ...(E2E_NOW === undefined ? [] : [`at-${shopToday(E2E_NOW)}`]),
);

/** What went wrong in the page, as the shopper's browser reported it. */
export interface PageProblems {
  /** `console.error` calls and the browser's own error messages. */
  consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections. */
  pageErrors: string[];
}

/** A page and its context, with its problems collected from the start. */
export interface ShopperPage extends PageProblems {
  context: BrowserContext;
  page: Page;
  /** CSP violations reported to the page (`securitypolicyviolation` events). */
  cspViolations(): Promise<{ directive: string; blocked: string; sample: string }[]>;
  close(): Promise<void>;
}

/** Records `securitypolicyviolation` events before any page script runs. */
const WATCH_CSP = `(() => {
  const list = [];
  Object.defineProperty(window, '__e2eCspViolations', { value: list });
  document.addEventListener('securitypolicyviolation', (e) => {
    list.push({ directive: e.violatedDirective, blocked: String(e.blockedURI || 'inline'), sample: String(e.sample || '') });
  }, true);
})();`;

/** Options of `openShopper`. */
export interface ShopperOptions {
  viewport?: { width: number; height: number };
  /** Playwright's `bypassCSP` (only for injecting axe into the strict page). */
  bypassCSP?: boolean;
  locale?: string;
  timezoneId?: string;
}

/**
 * A new context and page on the storefront at `server.url`, watched for console errors,
 * exceptions and CSP violations; its clock is the service's (see clock.ts).
 */
export async function openShopper(
  browser: Browser,
  server: { url: string; clock: Clock },
  options: ShopperOptions = {},
): Promise<ShopperPage> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'en-AU',
    // The shopper is in the shop's zone unless a test says otherwise.
    timezoneId: options.timezoneId ?? 'Australia/Melbourne',
    bypassCSP: options.bypassCSP ?? false,
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  // Before the first page: the page's Date must say the service's day from its first script on.
  await useServiceTime(context, server.clock);
  await context.addInitScript({ content: WATCH_CSP });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || /Content.Security.Policy|Refused to/i.test(m.text())) {
      consoleErrors.push(`${m.text()} (${m.location().url}:${m.location().lineNumber})`);
    }
  });
  page.on('pageerror', (e) => pageErrors.push(e.stack ?? e.message));
  return {
    context,
    page,
    consoleErrors,
    pageErrors,
    cspViolations: () => page.evaluate(() => [...((window as any).__e2eCspViolations ?? [])]),
    close: () => context.close(),
  };
}

/**
 * Console errors other than the browser's own report of an HTTP error status, which a test that
 * makes the API fail (503) or refuse (409) expects; everything else still counts.
 */
export function unexpectedConsoleErrors(s: PageProblems, allowStatuses: number[] = []): string[] {
  return s.consoleErrors.filter((text) => {
    const m = /Failed to load resource: the server responded with a status of (\d{3})/.exec(text);
    return !(m && allowStatuses.includes(Number(m[1])));
  });
}

/** The path of screenshot `file` (a name with its extension) in `SCREENSHOT_DIR`, the folder made. */
export function screenshotPath(file: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return join(SCREENSHOT_DIR, file);
}

/**
 * Saves the page as `<name>-desktop.png` and `<name>-phone.png` (390 px wide) under
 * `SCREENSHOT_DIR`, the widget scrolled into view; restores the viewport after.
 */
export async function screenshotBoth(page: Page, name: string, focus?: Locator): Promise<string[]> {
  const before = page.viewportSize() ?? DESKTOP;
  const files: string[] = [];
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    if (focus)
      await focus
        .first()
        .scrollIntoViewIfNeeded()
        .catch(() => {});
    const file = screenshotPath(`${name}-${label}.png`);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    files.push(file);
  }
  await page.setViewportSize(before);
  return files;
}

/** The element with focus, looking through open shadow roots: its role-ish description. */
export async function deepFocus(
  page: Page,
): Promise<{ tag: string; name: string; part: string; text: string; inWidget: boolean }> {
  return page.evaluate(() => {
    let a: Element | null = document.activeElement;
    let inWidget = false;
    while (a?.shadowRoot?.activeElement) {
      if (a.tagName === 'BOOKING-WIDGET') inWidget = true;
      a = a.shadowRoot.activeElement;
    }
    return {
      tag: a?.tagName.toLowerCase() ?? '',
      name: a?.getAttribute('aria-label') ?? '',
      part: a?.getAttribute('part') ?? '',
      text: (a?.textContent ?? '').trim(),
      inWidget,
    };
  });
}
