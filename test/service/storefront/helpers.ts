/**
 * A storefront in-process for the storefront suites: the real pages and extension assets of
 * the repository, a widget file in a temporary folder (no build needed), the demo catalog, and
 * an API stub that records what it was forwarded (the real API is used where a suite says so).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import demoFixture from '../../../src/service/demo/demo-fixture.json' with { type: 'json' };
import { DEMO_PRICES } from '../../../src/service/demo/catalog.ts';
import { type FetchHandler, createStorefront } from '../../../src/service/storefront/app.ts';
import { catalogFromFixture } from '../../../src/service/storefront/catalog.ts';

export { demoFixture };

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ORIGIN = 'http://localhost:8787';

/** The demo's ids, as the pages use them. */
export const KAYAK = { product: 9012345678901, single: 49012345678901, double: 49012345678902 };
export const TOUR = { product: 9012345678902, adult: 49012345678903 };
/** The guided paddle tour, booked by times of day (its own page, public/tour.html). */
export const GUIDED = { product: 9012345678903, seat: 49012345678905 };

/** A storefront over `api` (default: a stub answering 200 and recording requests). */
export function storefront(options: { api?: FetchHandler; widgetDir?: string } = {}) {
  const forwarded: Request[] = [];
  const stub: FetchHandler = {
    fetch: (request) => {
      forwarded.push(request);
      return Response.json({ stub: true });
    },
  };
  let widgetDir = options.widgetDir;
  if (widgetDir === undefined) {
    widgetDir = mkdtempSync(join(tmpdir(), 'storefront-'));
    writeFileSync(join(widgetDir, 'booking-widget.js'), 'customElements.get("booking-widget");\n');
    writeFileSync(join(widgetDir, 'booking-widget-app-Ab12Cd34.js'), 'export const mount = () => {};\n');
  }
  const app = createStorefront({
    api: options.api ?? stub,
    publicDir: join(ROOT, 'public'),
    widgetDir,
    extensionAssetsDir: join(ROOT, 'src/shopify/extension/assets'),
    catalog: catalogFromFixture(demoFixture, DEMO_PRICES),
    currency: 'AUD',
  });
  return { fetch: (req: Request) => app.fetch(req), forwarded };
}

/** A browser-like shopper: keeps the `cart` cookie between requests, as a browser would. */
export function shopper(app: { fetch(req: Request): Response | Promise<Response> }) {
  let cookie = '';
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const res = await app.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }));
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    return res;
  };
  return {
    send,
    cookie: () => cookie,
    cart: async () => (await (await send('/cart.js')).json()) as CartJson,
    add: (body: unknown) =>
      send('/cart/add.js', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}

/** The parts of `/cart.js` the suites read. */
export interface CartJson {
  token: string;
  item_count: number;
  total_price: number;
  currency: string;
  items: {
    id: number;
    variant_id: number;
    product_id: number;
    title: string;
    quantity: number;
    properties: Record<string, string>;
    key: string;
    price: number;
    line_price: number;
    final_line_price: number;
    product_title: string;
    variant_title: string | null;
  }[];
}
