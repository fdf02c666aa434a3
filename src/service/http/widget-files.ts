/**
 * The widget's built files, served by the service itself: `npm start` (the demo storefront) and
 * `npm run service` (a merchant's service, whose admin hands out a script tag naming it) alike.
 * At the top (`/booking-widget.js`, as the README embeds it) and under `/widget/` (one folder a
 * strict page's `script-src` can name). The entry loads the rest as modules from its own URL,
 * which a page on another origin may do: hence CORS. Every file but the entry has its content's
 * hash in its name, so it may be cached for good.
 * @module
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';

/** CORS and caching for the widget's files. */
const widgetHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status !== 200) return;
  c.header('Access-Control-Allow-Origin', '*');
  // The entry keeps its name from build to build: revalidated, so a new build is taken at once.
  c.header(
    'Cache-Control',
    /\/booking-widget-[\w-]+\.js$/.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
};

/** Routes serving the widget's files from `widgetDir` (`dist/`); a 404 that says to build them. */
export function widgetFileRoutes(widgetDir: string): Hono {
  const app = new Hono();
  app.use('/booking-widget*', widgetHeaders);
  app.use('/widget/*', widgetHeaders);
  const widgetFiles = serveStatic({ root: widgetDir, rewriteRequestPath: (p) => p.replace(/^\/widget\//, '/') });
  const notBuilt = (c: { text: (text: string, status: 404) => Response }) =>
    c.text('The widget is not built yet: run `npm run build`, then start the service again.\n', 404);
  app.get('/booking-widget.js', widgetFiles, notBuilt);
  app.get('/widget/booking-widget.js', widgetFiles, notBuilt);
  app.get('/booking-widget-*', widgetFiles);
  app.get('/widget/booking-widget*', widgetFiles);
  return app;
}
