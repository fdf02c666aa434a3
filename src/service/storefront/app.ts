/**
 * The one-port demo server: the booking API under `/v1`, the widget file, the emulated Shopify
 * cart, the extension's block script and the demo storefront pages (the kayak's, by days, and
 * the guided tour's, by times of day), in that order of routing.
 * @module
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { widgetFileRoutes } from '../http/widget-files.ts';
import type { Catalog } from './catalog.ts';
import { CartStore } from './cart.ts';
import { cartRoutes } from './cart-routes.ts';
import { strictCsp } from './csp.ts';

/** Anything that answers fetch requests: the booking service's Hono app. */
export interface FetchHandler {
  /** `env`: what the server passed (the socket), for the API's per-client limits. */
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/** Where the storefront's files are and what it sells. */
export interface StorefrontOptions {
  /** The booking API; receives every `/v1` request unchanged. */
  api: FetchHandler;
  /** Absolute path of the demo pages (`public/`). */
  publicDir: string;
  /** Absolute path of the built widget's folder (`dist/`: `booking-widget.js` and the files it loads). */
  widgetDir: string;
  /** Absolute path of the theme app extension's assets, served under `/extension/assets/`. */
  extensionAssetsDir: string;
  /** The variants the emulated cart can hold. */
  catalog: Catalog;
  currency?: string;
}

/** The Guided paddle tour's product page (public/tour.html); every other product handle shows the kayak's. */
export const TOUR_PAGE = '/products/guided-paddle-tour';

/** Pages served with the strict policy of `csp.ts`. */
const STRICT_PAGES = new Set(['/hostile.html', '/hostile']);

/** Builds the storefront app; `fetch` it with any `Request`. */
export function createStorefront(options: StorefrontOptions): Hono {
  const app = new Hono();

  // The API answers for itself, errors, CORS and 404s included: forward the request untouched.
  app.all('/v1', (c) => options.api.fetch(c.req.raw, c.env));
  app.all('/v1/*', (c) => options.api.fetch(c.req.raw, c.env));
  // Shopify's webhooks and app proxy, the merchant admin and the manage page are the service's too.
  app.all('/shopify/*', (c) => options.api.fetch(c.req.raw, c.env));
  app.all('/admin', (c) => options.api.fetch(c.req.raw, c.env));
  app.all('/admin/*', (c) => options.api.fetch(c.req.raw, c.env));
  // The customers' manage links (API.md §4.18).
  app.all('/manage/*', (c) => options.api.fetch(c.req.raw, c.env));
  // The shop's calendar feeds, as calendar apps subscribe to them (API.md §4.19).
  app.all('/calendars/*', (c) => options.api.fetch(c.req.raw, c.env));
  // The API's interactive reference and its files, served by the service (http/reference-page.ts).
  app.all('/docs', (c) => options.api.fetch(c.req.raw, c.env));
  app.all('/docs/*', (c) => options.api.fetch(c.req.raw, c.env));

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // A demo is edited and rebuilt while it runs: always revalidate.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache');
  });

  app.use('*', async (c, next) => {
    await next();
    if (STRICT_PAGES.has(c.req.path) && c.res.status === 200) {
      c.header('Content-Security-Policy', strictCsp(new URL(c.req.url).origin));
    }
  });

  app.route('/', cartRoutes(new CartStore(options.catalog, options.currency)));

  // The widget's files (http/widget-files.ts), as `npm run service` serves them too.
  app.route('/', widgetFileRoutes(options.widgetDir));
  app.get(
    '/extension/assets/*',
    serveStatic({ root: options.extensionAssetsDir, rewriteRequestPath: (p) => p.replace(/^\/extension\/assets/, '') }),
  );
  // The demo's second product page (issue 29): the Guided paddle tour, booked by times of day.
  app.get(TOUR_PAGE, serveStatic({ path: `${options.publicDir}/tour.html` }));
  app.get('/products/:handle', serveStatic({ path: `${options.publicDir}/index.html` }));
  // Shopify's cart page, where the widget's "Check out" leads: the demo's is its cart drawer.
  app.get('/cart', (c) => c.redirect('/?cart=open'));
  app.get('/hostile', serveStatic({ path: `${options.publicDir}/hostile.html` }));
  app.get('*', serveStatic({ root: options.publicDir }));

  app.notFound((c) => c.text('Not found\n', 404));
  return app;
}
