/**
 * Issue 18, the merchant admin as a merchant outside the project found it, in Chromium: errors
 * in their words (never an HTTP line) that replace an older success, sites typed one per line
 * with a bad line named, every action of a table within a 390 px screen, and the screens'
 * layout (lists, the blackout calendar, holds by their days). Sign-in, axe on every screen:
 * admin.test.ts; editing products, widgets, blackouts: admin-configure.test.ts.
 */
import { expect, it } from 'vitest';
import { errorBeside, openScreen, signIn } from './helpers/admin.ts';
import { describeInBrowser } from './helpers/browser.ts';
import { useStorefront } from './helpers/suite.ts';

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
});
