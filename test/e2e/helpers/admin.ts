/**
 * The merchant admin as a test drives it: signing in through its form, opening a screen, the
 * keyboard's focus by name, a field's error beside it, and axe at both widths.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { LOADING } from '../../../src/admin/components/ScreenStatus.tsx';
import { OWNER } from '../../helpers/staff.ts';
import { seriousAxeViolations } from './axe.ts';
import { DESKTOP, PHONE } from './page.ts';

/** The e2e shop's owner, whose account the e2e server makes (server.ts): every admin test signs in as them. */
export { OWNER };

/** The screens, by their navigation links. */
export const SCREENS = [
  'Today',
  'Calendar',
  'Occupancy',
  'Bookings and holds',
  'Customers',
  'Blackouts',
  'Products',
  'Widgets',
  'Tokens',
  'Install',
  'Shop',
  'Messages',
  'Staff',
  'Activity',
];

/** Signs in through the form with an email address and password: the shop's owner's, or `as`. */
export async function signIn(page: Page, as: { email: string; password: string } = OWNER): Promise<void> {
  await page.goto('/admin/');
  await page.getByLabel('Email address').fill(as.email);
  await page.getByLabel('Password').fill(as.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Harbour Kayaks: bookings admin' }).waitFor();
}

/** The focused element's name: its label, aria-label or text; 'BODY' when nothing has focus. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> };
    if (!el || el === document.body) return 'BODY';
    return (el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent ?? '').trim();
  });
}

/** Presses Tab until the focused element's name matches; fails when it is never reached. */
export async function tabUntil(page: Page, name: string | RegExp): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    const now = await focusedName(page);
    if (typeof name === 'string' ? now === name : name.test(now)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** The error messages a field's aria-describedby points to (shown beside it), joined. */
export function errorBeside(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .filter((e) => e?.classList.contains('error'))
      .map((e) => e!.textContent)
      .join('; '),
  );
}

/**
 * Runs axe over the page as it stands at 1280 px and at 390 px (no serious or critical
 * violation, no sideways scroll of the page at 390), then restores the width. The page must be
 * opened with `bypassCSP` (axe is injected as a script).
 */
export async function expectAccessibleAtBothWidths(page: Page, what: string): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    expect(await seriousAxeViolations(page), `${what} at ${size.width} px`).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${what} fits ${size.width} px`,
    ).toBeLessThanOrEqual(size.width + 1);
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * Clicks a screen's link in the navigation. On a phone the list is behind the "Menu" button:
 * it is opened first, as a merchant would.
 */
export async function clickScreenLink(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Admin' });
  const menu = nav.locator('button[aria-expanded]');
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await nav.getByRole('link', { name, exact: true }).click();
}

/**
 * Opens a screen from the navigation (`clickScreenLink`) and waits for its heading and for its
 * status line to stop saying "Loading…": a screen whose data is already in shows it at once and
 * loads it again, and the status line taking its room back moves what is under it, so a click
 * aimed before that could land on the wrong thing.
 */
export async function openScreen(page: Page, name: string, heading = name): Promise<void> {
  await clickScreenLink(page, name);
  await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
  await page.locator('main p.status[role=status]', { hasText: LOADING }).first().waitFor({ state: 'hidden' });
}
