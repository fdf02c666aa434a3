/**
 * Issue 18, the merchant admin as a merchant outside the project found it, in Chromium: errors
 * in their words (never an HTTP line) that replace an older success, sites typed one per line
 * with a bad line named, every action of a table within a 390 px screen, and the screens'
 * layout (lists, the blackout calendar, holds by their days). Sign-in, axe on every screen:
 * admin.test.ts; editing products, widgets, blackouts: admin-configure.test.ts.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { errorBeside, openScreen, signIn } from './helpers/admin.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { PHONE } from './helpers/page.ts';
import { useStorefront } from './helpers/suite.ts';

/** The left and right edges of each of `buttons`, to compare with the screen's 0..390. */
async function edges(buttons: Locator): Promise<[string, number, number][]> {
  const out: [string, number, number][] = [];
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    out.push([(await button.textContent())!, Math.floor(box.x), Math.ceil(box.x + box.width)]);
  }
  return out;
}

/** The page and each scrolling table box: how far it could scroll sideways (0: not at all). */
function sidewaysScroll(page: Page): Promise<number[]> {
  return page.evaluate(() => [document.documentElement, ...document.querySelectorAll('main .table-wrap:not(.scrolls)')].map((el) => el.scrollWidth - el.clientWidth));
}

describeInBrowser('the merchant admin as a merchant finds it', () => {
  const suite = useStorefront();

  it('sites typed one per line: a bad second line is named "Line 2", blank lines are skipped, and a page address is refused by its line', async () => {
    const { page } = await suite.open();
    await signIn(page);
    await openScreen(page, 'Tokens');
    const sites = page.getByLabel('Sites that may use it');
    await page.getByLabel('Label').fill('Three sites');
    await sites.fill('https://one.example\nmy shop site\n\nhttps://two.example');
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect.poll(() => sites.getAttribute('aria-invalid')).toBe('true');
    expect(await errorBeside(sites)).toBe('Line 2: not a web address (like https://www.your-store.com)');
    expect(await page.getByRole('alert').filter({ hasText: /\S/ }).textContent()).toBe('Not made: fix the fields marked below.');
    expect(suite.server.apiLog.filter((r) => r.method === 'POST' && r.path === '/v1/tokens')).toEqual([]);

    // The service refuses a page's address: the line it is on (a blank line before it counts).
    await sites.fill('https://one.example\n\nhttps://two.example/booking');
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect.poll(() => errorBeside(sites)).toBe('Line 3: only the site\'s address, like https://www.your-store.com (no page after it)');
    const alert = await page.getByRole('alert').filter({ hasText: /\S/ }).textContent();
    expect(alert).toBe('Not made: fix the fields marked below.');

    await sites.fill('https://one.example\n\nhttps://two.example, https://three.example\n');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('status').filter({ hasText: 'A new publishable token was made' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: /\S/ }).count()).toBe(0);
    const made = ((await suite.server.api('GET', '/v1/tokens')).body as { label: string; origins: string[] }[]).find((t) => t.label === 'Three sites');
    expect(made?.origins).toEqual(['https://one.example', 'https://two.example', 'https://three.example']);
  });

  it('at 390 px each variant\'s Save and Delete and each token\'s Revoke are on screen with nothing to scroll sideways, and occupancy keeps the variant in view', async () => {
    const { page } = await suite.open({ viewport: PHONE });
    await signIn(page);
    await openScreen(page, 'Products');
    const variantButtons = page.locator('main table button');
    await variantButtons.first().waitFor();
    const products = await edges(variantButtons);
    expect(products.map(([name]) => name)).toEqual(expect.arrayContaining(['Save Single kayak', 'Delete Single kayak', 'Save Child (8-15)', 'Delete Child (8-15)']));
    for (const [name, left, right] of products) expect([name, left >= 0, right <= PHONE.width]).toEqual([name, true, true]);
    expect((await sidewaysScroll(page)).every((n) => n <= 1)).toBe(true);

    await openScreen(page, 'Tokens');
    const revoke = page.getByRole('button', { name: /^Revoke / });
    await revoke.first().waitFor();
    const tokens = await edges(revoke);
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    for (const [name, left, right] of tokens) expect([name, left >= 0, right <= PHONE.width]).toEqual([name, true, true]);
    expect((await sidewaysScroll(page)).every((n) => n <= 1)).toBe(true);

    await openScreen(page, 'Occupancy');
    const grid = page.getByRole('region', { name: 'Units free by variant and day' });
    await grid.waitFor();
    expect(await page.getByText('scroll the table sideways for more days').isVisible()).toBe(true);
    await grid.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    const name = (await page.getByRole('rowheader', { name: /Single kayak/ }).boundingBox())!;
    expect(name.x).toBeGreaterThanOrEqual(0);
    expect(name.x + name.width).toBeLessThanOrEqual(PHONE.width);
  });
});
