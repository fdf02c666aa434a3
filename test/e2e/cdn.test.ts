/**
 * Issue 13.3: the merchant's one script tag names a CDN on another origin; the entry loads the
 * rest of the widget from there (module imports, so the CDN sends CORS headers), under a strict
 * policy that names only the CDN for scripts and the API for requests. The tag appears twice,
 * as themes that include a snippet twice do.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './helpers/browser.ts';
import { DAYS, KAYAK_PRODUCT, PUBLISHABLE, SINGLE_KAYAK, TOUR_ADULT, TOUR_PRODUCT, day } from './helpers/fixture.ts';
import { type ShopperPage, unexpectedConsoleErrors } from './helpers/page.ts';
import { ROOT } from './helpers/server.ts';
import { useStorefront } from './helpers/suite.ts';
import { holdPanel, mentionsDay, pickDays, reserveButton, waitForCalendar, widgetOn } from './helpers/widget.ts';

/** A CDN on its own origin: the built widget files, with CORS, and a log of what was asked. */
async function startCdn(): Promise<{ origin: string; requested: string[]; close(): Promise<void> }> {
  const requested: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://cdn').pathname;
    requested.push(path);
    if (!/^\/booking-widget[\w-]*\.js$/.test(path)) return res.writeHead(404).end();
    try {
      const body = await readFile(join(ROOT, 'dist', path));
      res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describeInBrowser('the widget loaded from a CDN on another origin', () => {
  const suite = useStorefront();
  let cdn: Awaited<ReturnType<typeof startCdn>>;
  let shopper: ShopperPage | undefined;
  beforeAll(async () => {
    cdn = await startCdn();
  });
  afterAll(() => cdn?.close());

  it('loads every file from the CDN, under a policy naming only the CDN and the API, with the tag included twice, and holds dates', async () => {
    shopper = await suite.open();
    const { page } = shopper;
    const api = suite.server.url;
    const policy = [
      "default-src 'none'",
      `script-src ${cdn.origin}/`,
      `connect-src ${api}/v1/`,
      "require-trusted-types-for 'script'",
      "trusted-types 'none'",
      "base-uri 'none'",
    ].join('; ');
    const widget = (id: string, product: number, variant: number) =>
      `<booking-widget id="${id}" api="${api}" token="${PUBLISHABLE}" product="${product}" variant="${variant}"></booking-widget>`;
    const tag = `<script src="${cdn.origin}/booking-widget.js" defer></script>`;
    await page.route(`${api}/cdn-product`, (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy },
        body: `<!doctype html><html lang="en"><head><title>CDN</title>${tag}${tag}</head><body>
          ${widget('kayak', KAYAK_PRODUCT, SINGLE_KAYAK)}${widget('tour', TOUR_PRODUCT, TOUR_ADULT)}</body></html>`,
      }),
    );
    await page.goto(`${api}/cdn-product`);
    const [kayak, tour] = [widgetOn(page, 'kayak'), widgetOn(page, 'tour')];
    await Promise.all([waitForCalendar(kayak), waitForCalendar(tour)]);
    expect(await page.evaluate(() => customElements.get('booking-widget') !== undefined)).toBe(true);

    const start = day(suite.today, DAYS.flowStart);
    await pickDays(kayak, start, start);
    await reserveButton(kayak).click();
    await holdPanel(kayak).waitFor({ timeout: 10_000 });
    expect(await holdPanel(kayak).innerText()).toMatch(mentionsDay(start));

    // The entry, the app and what it imports, and the hold's code: all from the CDN's origin.
    expect(cdn.requested).toContain('/booking-widget.js');
    expect(cdn.requested.some((p) => /^\/booking-widget-app-/.test(p))).toBe(true);
    expect(cdn.requested.some((p) => /^\/booking-widget-hold-/.test(p))).toBe(true);
    // An English page loads no other language's strings.
    expect(cdn.requested.filter((p) => /-(de|fr|es|ja|ar)-/.test(p))).toEqual([]);
    expect(await shopper.cspViolations()).toEqual([]);
    expect(shopper.pageErrors).toEqual([]);
    expect(unexpectedConsoleErrors(shopper)).toEqual([]);
  });
});
