/**
 * The API's interactive reference at `/docs`: Swagger UI reading `GET /v1/openapi.json`, every
 * file served by the service itself from the installed `swagger-ui-dist` package (no CDN: it
 * works offline, and no script from elsewhere runs on the origin whose admin cookie
 * authenticates `/v1`), under a Content-Security-Policy that allows this origin's files only.
 *
 * Why Swagger UI: `swagger-ui-dist` is the reference renderer of the OpenAPI Initiative's
 * members, kept by SmartBear, and ships prebuilt files with no runtime dependency; Scalar's
 * package brings hundreds (some with install scripts), Redoc's standalone build is no longer
 * published on its own. Its one dependency, `@scarf/scarf`, only reports installs from an
 * install script, which npm does not run here (and `scarfSettings` in package.json turns off).
 * @module
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';

/** Where the page is served; its files are below it. */
export const REFERENCE_PATH = '/docs';

/** The package's files the page loads, by the name it asks for, with their type. */
const PACKAGE_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/**
 * Only this origin's files; the document and "Try it out" requests to this origin. Swagger UI
 * sets styles through the DOM (not blocked), and draws its icons from `data:` SVGs in its CSS.
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The page: a mount point and two scripts of this origin, nothing inline. */
const page = (documentPath: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Booking service v1: API reference</title>
<link rel="icon" href="${REFERENCE_PATH}/favicon-32x32.png">
<link rel="stylesheet" href="${REFERENCE_PATH}/swagger-ui.css">
</head>
<body>
<main id="reference"><p>Loading the API reference… The document itself is at <a href="${documentPath}">${documentPath}</a>.</p></main>
<script src="${REFERENCE_PATH}/swagger-ui-bundle.js"></script>
<script src="${REFERENCE_PATH}/reference.js"></script>
</body>
</html>
`;

/**
 * The page's own script. `validatorUrl: null`: Swagger UI otherwise sends the document to
 * swagger.io for a badge. The base layout, without the "explore" bar of the standalone preset.
 */
const init = (documentPath: string) => `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(documentPath)},
  dom_id: '#reference',
  layout: 'BaseLayout',
  presets: [SwaggerUIBundle.presets.apis],
  deepLinking: true,
  displayOperationId: true,
  defaultModelsExpandDepth: 0,
  validatorUrl: null,
  persistAuthorization: false,
});
`;

/** The installed package's folder, found as Node resolves it (wherever node_modules is). */
const packageDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * `GET /docs` and its files, for the document at `documentPath`. The package's files are read
 * once, then kept in memory.
 */
export function referencePageRoutes(documentPath: string): Hono {
  const html = page(documentPath);
  const script = init(documentPath);
  const files = new Map<string, Promise<Buffer>>();
  const headers = (type: string, extra: Record<string, string> = {}) => ({
    'content-type': type,
    'x-content-type-options': 'nosniff',
    ...extra,
  });
  return new Hono()
    .get(
      REFERENCE_PATH,
      () =>
        new Response(html, {
          headers: headers('text/html; charset=utf-8', { 'content-security-policy': REFERENCE_CSP }),
        }),
    )
    .get(
      `${REFERENCE_PATH}/reference.js`,
      () => new Response(script, { headers: headers('text/javascript; charset=utf-8') }),
    )
    .get(`${REFERENCE_PATH}/:file`, async (c) => {
      const name = c.req.param('file');
      const type = PACKAGE_FILES[name];
      if (!type) return c.notFound();
      let body = files.get(name);
      if (!body) {
        body = readFile(join(packageDir(), name));
        files.set(name, body);
      }
      // The package's version is fixed by the lockfile; an hour keeps a new install visible soon.
      return new Response(new Uint8Array(await body), {
        headers: headers(type, { 'cache-control': 'public, max-age=3600' }),
      });
    });
}
