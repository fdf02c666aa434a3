/**
 * Issue 38 point 2 in a real browser: the API's reference page (`/docs`) works with no network
 * beyond this machine. Every request that leaves the local server is refused (and counted), the
 * page's own CSP is in force (no `bypassCSP`), and still the reference lists the operations and
 * opens one, with nothing blocked by the policy.
 */
import { expect, it } from 'vitest';
import { describeInBrowser } from './helpers/browser.ts';
import { DESKTOP, PHONE, screenshotPath } from './helpers/page.ts';
import { useStorefront } from './helpers/suite.ts';

describeInBrowser('the API reference page', () => {
  const suite = useStorefront();

  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows every operation with no request beyond this server and nothing refused by its CSP (${viewport.width} px)`, async () => {
      const context = await suite.browser.newContext({ viewport });
      const page = await context.newPage();
      const local = new URL(suite.server.url).origin;
      const outside: string[] = [];
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (new URL(url).origin === local || url.startsWith('data:')) return route.continue();
        outside.push(url);
        return route.abort('internetdisconnected');
      });
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      page.on('pageerror', (error) => violations.push(String(error)));
      try {
        const answer = await page.goto(`${suite.server.url}/docs`);
        expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
        // The reference draws the document: the title, then an operation by its client name.
        await page
          .getByRole('heading', { name: /Booking service/ })
          .first()
          .waitFor();
        const hold = page.locator('.opblock').filter({ hasText: 'reservations.create' });
        await hold.first().waitFor();
        await hold.first().locator('.opblock-summary-control').click();
        await page.getByText('Holds a cart', { exact: false }).first().waitFor();
        await page.locator('.opblock-body').first().waitFor();
        expect(await page.locator('.opblock').count()).toBeGreaterThan(60);
        await page.screenshot({ path: screenshotPath(`api-reference-${viewport.width}.png`) });
        expect(outside).toEqual([]);
        expect(violations).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
