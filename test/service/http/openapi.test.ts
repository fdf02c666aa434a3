// The API described by its schemas: GET /v1/openapi.json lists every route the features
// register, is OpenAPI 3.1 in shape, and knows every request API.md's curl examples make.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../../../src/service/app.ts';
import { openApiDocument, SCALAR_SCRIPT } from '../../../src/service/http/openapi.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api } from '../api.ts';

type Operation = { responses?: Record<string, unknown> };
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas?: Record<string, unknown> };
  security: unknown[];
};

const document = openApiDocument(FEATURES) as unknown as Document;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every `METHOD /path` of the document, paths as Hono writes them (`/v1/widgets/:id`). */
const documented = new Set(
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${path.replaceAll(/\{([^}]+)\}/g, ':$1')}`),
  ),
);

describe('the OpenAPI document', () => {
  it('lists every route the features register (a route missing fails)', () => {
    const routes = FEATURES.flatMap((feature) => feature.routes)
      .filter((route) => METHODS.includes(route.method.toLowerCase()))
      .map((route) => `${route.method} ${route.path}`);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('is OpenAPI 3.1 in shape: info, paths with responses, the Bearer scheme, every $ref defined', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: expect.any(String), version: '1' });
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearer: [] }]);
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\/v1\//);
      for (const [method, operation] of Object.entries(item)) {
        expect(METHODS).toContain(method);
        expect(Object.keys(operation.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    for (const ref of new Set(refs)) expect(document.components.schemas, ref).toHaveProperty(ref);
  });

  it('describes every route by its schemas: every body, query and {id} path', () => {
    for (const path of ['/v1/reservations', '/v1/bookings', '/v1/blackouts'])
      expect(document.paths[path]?.post, path).toHaveProperty('requestBody');
    expect(document.paths['/v1/blackouts/{id}']?.put).toHaveProperty('requestBody');
    for (const path of ['/v1/bookings', '/v1/blackouts'])
      expect(JSON.stringify(document.paths[path]?.get), path).toContain('"start_min"');
    expect(JSON.stringify(document)).not.toContain('x-undescribed');
  });

  it("knows every request of API.md's curl examples (method and path)", () => {
    const markdown = readFileSync(new URL('../../../src/service/API.md', import.meta.url), 'utf8');
    // Continuation lines joined; an id read from an earlier answer (`$(echo "$hold" | jq .id)`) is an id.
    const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) =>
      m[1]!.replaceAll('\\\n', ' ').replaceAll(/\$\(echo [^)]*\)/g, '1'),
    );
    const requests = blocks
      .flatMap((block) => block.split('\n'))
      .flatMap((line) => [...line.matchAll(/curl\s[^|;)]*/g)].map((m) => m[0]))
      .map((command) => {
        const url = /["']?\$BASE(\/v1[^\s"'?]*)/.exec(command)?.[1];
        const explicit = /-X\s+([A-Z]+)/.exec(command)?.[1];
        const method = explicit ?? (/\s-d\s/.test(command) ? 'POST' : 'GET');
        return url && `${method} ${url.replace(/\/$/, '')}`;
      })
      .filter((request): request is string => request !== undefined);
    expect(requests.length).toBeGreaterThan(15);
    const patterns = [...documented].map((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return { method, path: new RegExp(`^${path.replaceAll(/:[^/]+/g, '[^/]+')}$`) };
    });
    const unknown = requests.filter((request) => {
      const [method, path] = request.split(' ') as [string, string];
      return !patterns.some((p) => p.method === method && p.path.test(path));
    });
    expect(unknown).toEqual([]);
  });
});

describe('GET /v1/openapi.json and /docs', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService();
  });
  afterAll(() => service.close());

  it('serves the document without a token', async () => {
    const answer = await api(service).get('/v1/openapi.json', { token: null });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('answers another method on the document with 405 and Allow: GET, OPTIONS, as every endpoint does', async () => {
    const answer = await service.fetch(new Request('http://localhost/v1/openapi.json', { method: 'POST' }));
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, OPTIONS');
  });

  it("serves the reference page, which loads Scalar's script from its CDN at an exact version", async () => {
    const page = await service.fetch(new Request('http://localhost/docs'));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/v1/openapi.json');
    expect(SCALAR_SCRIPT).toMatch(/@scalar\/api-reference@\d+\.\d+\.\d+\//);
    expect(html).toContain(`src="${SCALAR_SCRIPT}"`);
    // No other script and no fonts from elsewhere: the pinned script is all the page fetches.
    expect(html.match(/<script[^>]* src=/g)).toHaveLength(1);
    expect(html).not.toMatch(/fonts\.scalar/);
    // The script is no longer served from node_modules.
    expect((await service.fetch(new Request('http://localhost/docs/scalar.js'))).status).toBe(404);
  });
});
