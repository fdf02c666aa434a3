/**
 * The one-port demo server: the booking API under `/v1`, the widget file, the emulated Shopify
 * cart, the extension's block script and the demo storefront pages, in that order of routing.
 * @module
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { type Catalog } from './catalog.ts';
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

/** Pages served with the strict policy of `csp.ts`. */
const STRICT_PAGES = new Set(['/hostile.html', '/hostile']);

/** CORS and caching for the widget's files (see `createStorefront`). */
const widgetHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status !== 200) return;
  c.header('Access-Control-Allow-Origin', '*');
  if (/\/booking-widget-[\w-]+\.js$/.test(c.req.path)) c.header('Cache-Control', 'public, max-age=31536000, immutable');
};

/** Builds the storefront app; `fetch` it with any `Request`. */
export function createStorefront(options: StorefrontOptions): Hono {
  const app = new Hono();

  // The API answers for itself, errors, CORS and 404s included: forward the request untouched.
  app.all('/v1', (c) => options.api.fetch(c.req.raw, c.env));
  app.all('/v1/*', (c) => options.api.fetch(c.req.raw, c.env));
  // Shopify's webhooks and app proxy, and the merchant admin, are the service's too.
  app.all('/shopify/*', (c) => options.api.fetch(c.req.raw, c.env));
  app.all('/admin', (c) => options.api.fetch(c.req.raw, c.env));
  app.all('/admin/*', (c) => options.api.fetch(c.req.raw, c.env));

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

  // The widget's files, at the top (`/booking-widget.js`, as the README embeds it) and under
  // `/widget/` (one folder a strict page's `script-src` can name). The entry loads the rest as
  // modules from its own URL, which a page on another origin may do: hence CORS. Every file
  // but the entry has its content's hash in its name, so it may be cached for good.
  app.use('/booking-widget*', widgetHeaders);
  app.use('/widget/*', widgetHeaders);
  const widgetFiles = serveStatic({ root: options.widgetDir, rewriteRequestPath: (p) => p.replace(/^\/widget\//, '/') });
  app.get('/booking-widget.js', widgetFiles, (c) => c.text('/booking-widget.js is not built yet: run `npm run build`.\n', 404));
  app.get('/booking-widget-*', widgetFiles);
  app.get('/widget/booking-widget*', widgetFiles);
  app.get(
    '/extension/assets/*',
    serveStatic({ root: options.extensionAssetsDir, rewriteRequestPath: (p) => p.replace(/^\/extension\/assets/, '') }),
  );
  app.get('/products/:handle', serveStatic({ path: `${options.publicDir}/index.html` }));
  // Shopify's cart page, where the widget's "Check out" leads: the demo's is its cart drawer.
  app.get('/cart', (c) => c.redirect('/?cart=open'));
  app.get('/hostile', serveStatic({ path: `${options.publicDir}/hostile.html` }));
  app.get('*', serveStatic({ root: options.publicDir }));

  app.notFound((c) => c.text('Not found\n', 404));
  return app;
}
