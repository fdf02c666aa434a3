/**
 * The API described by its own schemas: an OpenAPI 3.1 document built from the routes the
 * feature sub-apps declare (`createRoute`: the same schemas that validate each request), served
 * at `GET /v1/openapi.json`, and an interactive reference (Scalar) at `/docs`, whose script the
 * browser loads from Scalar's CDN.
 * @module
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';

/** Where the document is served. */
export const OPENAPI_PATH = '/v1/openapi.json';

/**
 * Scalar's standalone script at an exact version: the page never changes under us, and the
 * package (hundreds of dependencies, some with install scripts) stays out of node_modules. The
 * middleware is 0.9 (Node 20), not 0.10+, whose renderer declares Node 22.
 * Moving to another version is a deliberate edit here.
 */
export const SCALAR_SCRIPT = 'https://cdn.jsdelivr.net/npm/@scalar/api-reference@1.72.1/dist/browser/standalone.js';

/** A feature sub-app: its routes carry their schemas (`createRoute`, `collectingRoute`). */
// biome-ignore lint/suspicious/noExplicitAny: any feature's environment and routes.
type Feature = OpenAPIHono<any, any, any>;

/** The OpenAPI 3.1 document of `features`, with the Bearer token every endpoint takes (API.md §2). */
export function openApiDocument(features: readonly Feature[]): Record<string, unknown> {
  const doc = new OpenAPIHono();
  doc.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'A secret (sk_…) or publishable (pk_…) token: `Authorization: Bearer <token>` (API.md §2).',
  });
  for (const feature of features) doc.route('/', feature);
  return doc.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Booking service',
      version: '1',
      description: 'The booking service v1. The contract, with every rule and example, is API.md.',
    },
    security: [{ bearer: [] }],
  }) as unknown as Record<string, unknown>;
}

/**
 * `GET /v1/openapi.json` (built once, on the first request) and `/docs`. Both are public: the
 * document describes the API, it holds no shop's data; `/docs` asks for a token to try it.
 */
export function openApiRoutes(features: readonly Feature[]): Hono {
  let document: string | undefined;
  return new Hono()
    .get(OPENAPI_PATH, () => {
      document ??= JSON.stringify(openApiDocument(features));
      // Any page may read it (an editor, a generator): it is public and sent without credentials.
      const headers = { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' };
      return new Response(document, { headers });
    })
    .get(
      '/docs',
      Scalar({ url: OPENAPI_PATH, cdn: SCALAR_SCRIPT, pageTitle: 'Booking service v1', withDefaultFonts: false }),
    );
}
