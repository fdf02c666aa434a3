/**
 * Issue 24, point 3: a developer pastes the widget on a site its token does not list. In a real
 * browser the service's 403 must be readable (else the page sees only "failed to fetch"), and
 * the widget says in words, to the developer, which site to add and where; the shopper reads
 * the ordinary sentence, never "check your connection".
 */
import { expect, it } from 'vitest';
import { describeInBrowser } from './helpers/browser.ts';
import { PUBLISHABLE, TOUR_ADULT, TOUR_PRODUCT } from './helpers/fixture.ts';
import { useStorefront } from './helpers/suite.ts';
import { widgetOn } from './helpers/widget.ts';

const SITE = 'http://new-site.test';

describeInBrowser('the widget on a site its token does not list', () => {
  const suite = useStorefront();

  it('reports in words that the token does not allow the site and how to add it, once in the console, and shows the shopper the ordinary message', async () => {
    const shopper = await suite.open();
    const { page } = shopper;
    const api = suite.server.url;
    const warnings: string[] = [];
    page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
    await page.route(`${SITE}/product`, (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: `<!doctype html><html lang="en"><head><title>New site</title><script src="${api}/booking-widget.js" defer></script>
          <script>window.errors = []; document.addEventListener('booking-widget:error', (e) => window.errors.push(e.detail));</script></head>
          <body><booking-widget api="${api}" token="${PUBLISHABLE}" product="${TOUR_PRODUCT}" variant="${TOUR_ADULT}"></booking-widget></body></html>`,
      }),
    );
    await page.goto(`${SITE}/product`);
    const widget = widgetOn(page);
    const alert = widget.getByRole('alert').first();
    await alert.waitFor({ timeout: 15_000 });

    const errors = await page.evaluate(
      () => (window as unknown as { errors: { error: string; message: string; detail: string }[] }).errors,
    );
    expect(errors.length).toBeGreaterThan(0);
    const [first] = errors;
    expect(first!.error, 'the 403 was read, not taken for a network failure').toBe('forbidden');
    expect(first!.detail).toContain(SITE);
    expect(first!.detail).toMatch(/Install screen/);
    expect(first!.detail).toMatch(/POST \/v1\/tokens/);
    expect(first!.message).not.toMatch(/token|origin|connection/i);
    expect((await alert.innerText()).trim()).not.toMatch(/token|origin|connection|new-site/i);
    expect(warnings.filter((w) => w.includes(SITE))).toHaveLength(1);
    // The service refused and gave nothing: no calendar days.
    expect(await widget.getByRole('button', { name: /\b2\d{3}\b/ }).count()).toBe(0);
  });
});
