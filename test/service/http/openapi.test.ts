// The API described by its schemas: GET /v1/openapi.json lists every route the features
// register, is OpenAPI 3.1 in shape, and knows every request API.md's curl examples make.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/client/index.ts';
import { FEATURES } from '../../../src/service/app.ts';
import { ITEM_STATUS } from '../../../src/shared/status.ts';
import { openApiDocument } from '../../../src/service/http/openapi.ts';
import { REFERENCE_CSP } from '../../../src/service/http/reference-page.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api } from '../api.ts';

type Operation = { operationId?: string; responses?: Record<string, unknown> };
type Document = {
  openapi: string;
  info: { title: string; version: string; license?: unknown };
  servers?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas?: Record<string, unknown> };
  security: unknown[];
};

const document = openApiDocument(FEATURES) as unknown as Document;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** The fields of an Operation Object (OpenAPI 3.1 §4.8.10). */
const OPERATION_FIELDS = [
  'tags',
  'summary',
  'description',
  'externalDocs',
  'operationId',
  'parameters',
  'requestBody',
  'responses',
  'callbacks',
  'deprecated',
  'security',
  'servers',
];

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

  it('names every operation by the typed client method that calls it', () => {
    const client = createClient({ baseUrl: 'http://localhost', token: 'sk_test' }) as unknown as Record<
      string,
      Record<string, unknown>
    >;
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.length).toBeGreaterThan(60);
    expect(new Set(ids).size).toBe(ids.length);
    const unnamed = ids.filter((id) => {
      const [resource, method] = (id ?? '').split('.') as [string, string];
      return typeof client[resource]?.[method] !== 'function';
    });
    expect(unnamed).toEqual([]);
  });

  it('names its servers and licence, and holds nothing but data (no code leaked as null)', () => {
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(document.info.license).toMatchObject({ name: 'MIT' });
    const text = JSON.stringify(document);
    expect(text).not.toContain('"middleware"');
    // Only OpenAPI's own fields on an operation: a route's middleware (code) was written as [null].
    for (const item of Object.values(document.paths))
      for (const operation of Object.values(item))
        expect(OPERATION_FIELDS).toEqual(expect.arrayContaining(Object.keys(operation)));
  });

  it('declares every status code an item or a booking may carry', () => {
    const schemas = document.components.schemas as Record<string, { properties: Record<string, { enum?: number[] }> }>;
    for (const name of ['ReservationItem', 'AvailabilityDay', 'AvailableSlot', 'UnavailableItem'])
      expect(schemas[name]?.properties.status_code?.enum, name).toEqual(Object.values(ITEM_STATUS));
    expect(schemas.Booking?.properties.status_code?.enum).toEqual([1, 2, 4]);
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

  it('serves the reference page and its files from the service itself, under a CSP of this origin only', async () => {
    const page = await service.fetch(new Request('http://localhost/docs'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(REFERENCE_CSP);
    expect(REFERENCE_CSP).toContain("script-src 'self'");
    expect(REFERENCE_CSP).not.toMatch(/unsafe-|https?:/);
    const html = await page.text();
    expect(html).toContain('/v1/openapi.json');
    // Every script, stylesheet and icon the page names is on this origin, and answers.
    const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(files.filter((file) => !file.startsWith('/'))).toEqual([]);
    expect(html).not.toMatch(/<script>|<style>| style=/);
    for (const file of files.filter((f) => f.startsWith('/docs/'))) {
      const answer = await service.fetch(new Request(`http://localhost${file}`));
      expect(answer.status, file).toBe(200);
      expect((await answer.arrayBuffer()).byteLength, file).toBeGreaterThan(100);
    }
    const init = await (await service.fetch(new Request('http://localhost/docs/reference.js'))).text();
    expect(init).toContain('validatorUrl: null');
    expect((await service.fetch(new Request('http://localhost/docs/package.json'))).status).toBe(404);
  });

  it('answers GET /v1 with where the document and the reference are, not a 404', async () => {
    const answer = await api(service).get('/v1', { token: null });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ openapi: '/v1/openapi.json', reference: '/docs' });
  });
});
