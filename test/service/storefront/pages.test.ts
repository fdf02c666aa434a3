import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDED, KAYAK, ORIGIN, ROOT, storefront } from './helpers.ts';

const get = (app: ReturnType<typeof storefront>, path: string, init?: RequestInit) =>
  app.fetch(new Request(`${ORIGIN}${path}`, init));

/** The CSP header as a map of directive to its sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('demo storefront pages', () => {
  it('serves the product page with the widget in the product form, on the variant the form selects', async () => {
    const res = await get(storefront(), '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const form = html.slice(html.indexOf('<form'), html.indexOf('</form>'));
    expect(form).toContain(`<input type="hidden" name="id" value="${KAYAK.single}"`);
    expect(form).toMatch(new RegExp(`<booking-widget[^>]*product="${KAYAK.product}"[^>]*variant="${KAYAK.single}"`));
    // The theme script (it sets window.Shopify) runs before the widget looks for Shopify.
    const theme = html.indexOf('src="/assets/theme.js" defer');
    const widget = html.indexOf('src="/booking-widget.js" defer');
    expect(theme).toBeGreaterThan(0);
    expect(widget).toBeGreaterThan(theme);
  });

  it('serves the guided paddle tour’s page beside the kayak’s, its widget on the tour’s product and only variant, each page linking to the other', async () => {
    const app = storefront();
    const res = await get(app, '/products/guided-paddle-tour');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<h1 class="product__title" id="ProductTitle">Guided paddle tour</h1>');
    const form = html.slice(html.indexOf('<form'), html.indexOf('</form>'));
    expect(form).toContain(`<input type="hidden" name="id" value="${GUIDED.seat}"`);
    expect(form.match(/<booking-widget\b/g)).toHaveLength(1);
    expect(form).toMatch(
      new RegExp(
        `<booking-widget[^>]*token="pk_demo_harbour_kayaks"[^>]*product="${GUIDED.product}"[^>]*variant="${GUIDED.seat}"`,
      ),
    );
    expect(form).toMatch(/<booking-widget[^>]*price="79" currency="AUD" prices="49012345678905:79"/);
    // The same theme and scripts as the kayak's page, in the same order.
    expect(html.indexOf('src="/booking-widget.js" defer')).toBeGreaterThan(
      html.indexOf('src="/assets/theme.js" defer'),
    );
    expect(html).toContain('src="/extension/assets/booking-widget-block.js" defer');
    expect(html).toMatch(/<a href="\/products\/guided-paddle-tour" aria-current="page">/);
    expect(html).toContain('<a href="/">Kayak hire</a>');
    const kayak = await (await get(app, '/')).text();
    expect(kayak).toContain('<a href="/products/guided-paddle-tour">Guided paddle tour</a>');
    // Any other product handle is still the kayak's page.
    expect(await (await get(app, '/products/kayak-hire')).text()).toBe(kayak);
  });

  it('serves the strict page with a CSP that allows no inline code and connects only to the API', async () => {
    const res = await get(storefront(), '/hostile.html');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy');
    expect(csp).toBeTruthy();
    const d = directives(csp!);
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('connect-src')).toEqual([`${ORIGIN}/v1/`]);
    for (const name of ['script-src', 'style-src']) {
      expect(d.get(name)!.length).toBeGreaterThan(0);
      expect(d.get(name)!.join(' ')).not.toMatch(/unsafe|nonce-|sha\d+-|\*|data:/);
    }
    // The widget's folder: the entry and every file it loads, nothing else of the site.
    expect(d.get('script-src')).toContain(`${ORIGIN}/widget/`);
    const html = await res.text();
    expect(html).toContain('src="/widget/booking-widget.js"');
    expect(html.match(/<booking-widget\b/g)).toHaveLength(3);
    expect(html).toMatch(/<booking-widget[^>]*locale="ar"/);
    expect(html).toMatch(/<section[^>]*dir="rtl"/);
  });

  it('takes the strict policy’s origin from the request, so another port still reaches its API', async () => {
    const res = await storefront().fetch(new Request('http://127.0.0.1:9123/hostile.html'));
    expect(directives(res.headers.get('content-security-policy')!).get('connect-src')).toEqual([
      'http://127.0.0.1:9123/v1/',
    ]);
  });

  it('sends no CSP with the Shopify-like product page (Shopify storefronts allow inline theme code)', async () => {
    const res = await get(storefront(), '/');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('has no inline script, inline style, style attribute or event-handler attribute in any page', () => {
    const pages = readdirSync(join(ROOT, 'public')).filter((f) => f.endsWith('.html'));
    expect(pages).toEqual(expect.arrayContaining(['index.html', 'tour.html', 'hostile.html']));
    for (const page of pages) {
      const html = readFileSync(join(ROOT, 'public', page), 'utf8');
      expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g), page).toBeNull();
      expect(html.match(/<style\b/g), page).toBeNull();
      expect(html.match(/\sstyle\s*=/g), page).toBeNull();
      expect(html.match(/\son[a-z]+\s*=/g), page).toBeNull();
    }
  });

  it('serves the widget file as JavaScript', async () => {
    const res = await get(storefront(), '/booking-widget.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('booking-widget');
  });

  it('serves the files the widget loads at the top and under /widget/, importable from any origin, the hashed ones cached for good', async () => {
    const app = storefront();
    for (const path of ['/booking-widget-app-Ab12Cd34.js', '/widget/booking-widget-app-Ab12Cd34.js']) {
      const res = await get(app, path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toContain('immutable');
    }
    const entry = await get(app, '/widget/booking-widget.js');
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
    // The entry keeps its name across releases: revalidated, never cached for good.
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect((await get(app, '/widget/theme.js')).status).toBe(404);
  });

  it('answers Shopify’s cart page, where the widget’s Check out leads, with the product page and its cart open', async () => {
    const res = await get(storefront(), '/cart');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?cart=open');
  });

  it('says how to build the widget when it has not been built', async () => {
    const res = await get(storefront({ widgetDir: join(ROOT, 'no-such-dir') }), '/booking-widget.js');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('npm run build');
  });

  it('serves the theme app extension’s block script and the page assets with their types', async () => {
    const app = storefront();
    const block = await get(app, '/extension/assets/booking-widget-block.js');
    expect(block.status).toBe(200);
    expect(block.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await block.text()).toContain('data-variant-sync');
    expect((await get(app, '/assets/theme.css')).headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('forwards /v1 requests to the API unchanged: method, path, query, headers and body', async () => {
    const app = storefront();
    const res = await get(app, '/v1/reservations?cart_token=a%3Fkey%3Db', {
      method: 'POST',
      headers: { authorization: 'Bearer pk_demo_harbour_kayaks', origin: ORIGIN, 'content-type': 'application/json' },
      body: '{"cart_token":"a?key=b"}',
    });
    expect(await res.json()).toEqual({ stub: true });
    const [req] = app.forwarded;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe(`${ORIGIN}/v1/reservations?cart_token=a%3Fkey%3Db`);
    expect(req!.headers.get('authorization')).toBe('Bearer pk_demo_harbour_kayaks');
    expect(req!.headers.get('origin')).toBe(ORIGIN);
    expect(await req!.text()).toBe('{"cart_token":"a?key=b"}');
  });

  it("forwards the API's reference page (/docs) and its files to the API, which serves them itself", async () => {
    const app = storefront();
    expect(await (await get(app, '/docs')).json()).toEqual({ stub: true });
    expect(await (await get(app, '/docs/swagger-ui-bundle.js')).json()).toEqual({ stub: true });
    expect(app.forwarded.map((req) => new URL(req.url).pathname)).toEqual(['/docs', '/docs/swagger-ui-bundle.js']);
  });

  it('serves nothing outside public/ and answers unknown paths with 404', async () => {
    const app = storefront();
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/nope.html']) {
      const res = await get(app, path);
      expect(res.status, path).toBe(404);
    }
  });
});
