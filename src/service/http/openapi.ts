/**
 * The API described by its own schemas: an OpenAPI 3.1 document built from the routes the
 * feature sub-apps declare (`createRoute`: the same schemas that validate each request), served
 * at `GET /v1/openapi.json`, with the interactive reference at `/docs` (`reference-page.ts`) and a
 * short index at `GET /v1` pointing to both.
 * @module
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { REFERENCE_PATH, referencePageRoutes } from './reference-page.ts';

/** Where the document is served. */
export const OPENAPI_PATH = '/v1/openapi.json';

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
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
    },
    // Relative: the service that serves this document, wherever it runs (OpenAPI 3.1 §4.8.5).
    servers: [{ url: '/', description: 'This booking service' }],
    security: [{ bearer: [] }],
  }) as unknown as Record<string, unknown>;
}

/**
 * `GET /v1/openapi.json` (built once, on the first request), `/docs` and `GET /v1`. All are
 * public: they describe the API and hold no shop's data; `/docs` asks for a token to try it.
 */
export function openApiRoutes(features: readonly Feature[]): Hono {
  let document: string | undefined;
  return (
    new Hono()
      .get(OPENAPI_PATH, () => {
        document ??= JSON.stringify(openApiDocument(features));
        // Any page may read it (an editor, a generator): it is public and sent without credentials.
        const headers = { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' };
        return new Response(document, { headers });
      })
      // The address `npm start` prints as the API's: where to read about it, rather than a 404.
      .get('/v1', (c) =>
        c.json({
          name: 'Booking service',
          version: '1',
          openapi: OPENAPI_PATH,
          reference: REFERENCE_PATH,
          message: `The booking service v1. Every endpoint is described at ${OPENAPI_PATH} and, to read and try, at ${REFERENCE_PATH}.`,
        }),
      )
      .route('/', referencePageRoutes(OPENAPI_PATH))
  );
}
