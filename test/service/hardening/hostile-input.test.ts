// API.md §4: "No input, however malformed, gets a 500 or changes stored data." Random and
// malformed paths, query strings, headers and JSON bodies go to every endpoint; each answer
// must come quickly, never be a 5xx, be the error envelope whenever it is not a success, and
// leave every table exactly as it was (a dump before and after each request).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import {
  hostileAuthorization,
  hostileContentType,
  hostileId,
  hostileJsonBody,
  hostileOrigin,
  hostileQuery,
  impossibleDate,
  impossibleDateTime,
  nastyString,
  rawBody,
} from './arbitraries.ts';
import { bearer, type Call, dumpTables, expectClientError, send } from './helpers.ts';

const RUNS = 120;

/** Every endpoint of API.md §3 with its methods; `{id}` takes a hostile id. */
const ENDPOINTS = [
  { path: '/v1/widgets', methods: ['GET', 'POST'] },
  { path: '/v1/widgets/{id}', methods: ['GET', 'PUT', 'DELETE'] },
  { path: '/v1/products', methods: ['GET', 'POST'] },
  { path: '/v1/products/{id}', methods: ['GET', 'PUT', 'DELETE'] },
  { path: '/v1/products/{id}/variants', methods: ['POST'] },
  { path: '/v1/variants/{id}', methods: ['GET', 'PUT', 'DELETE'] },
  { path: '/v1/tokens', methods: ['GET', 'POST'] },
  { path: '/v1/tokens/{id}', methods: ['DELETE'] },
  { path: '/v1/bookings/{id}', methods: ['GET', 'PATCH'] },
  { path: '/v1/customers', methods: ['GET'] },
  { path: '/v1/customers/{id}', methods: ['GET'] },
  { path: '/v1/bookings/{id}/cancel', methods: ['POST'] },
  { path: '/v1/occupancy', methods: ['GET'] },
  { path: '/v1/blackouts', methods: ['GET', 'POST'] },
  { path: '/v1/blackouts/{id}', methods: ['GET', 'PUT', 'DELETE'] },
  { path: '/v1/reservations', methods: ['GET', 'POST'] },
  { path: '/v1/reservations/{id}', methods: ['GET', 'DELETE'] },
  { path: '/v1/bookings', methods: ['GET', 'POST'] },
  { path: '/v1/availability', methods: ['GET'] },
  { path: '/v1/shop', methods: ['GET', 'PUT'] },
  { path: '/v1/locations', methods: ['GET', 'POST'] },
  { path: '/v1/locations/{id}', methods: ['PUT', 'DELETE'] },
] as const;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request to one endpoint, or a wrong method, or a path that is no endpoint. */
const hostileTarget = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...ENDPOINTS).chain((e) =>
      fc.record({
        method: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...e.methods) },
          fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND'),
        ),
        path: fc.constant(e.path as string),
        id: hostileId,
        slash: fc.boolean(),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      method: fc.constantFrom('GET', 'POST', 'DELETE'),
      path: fc.constantFrom(
        '/v1',
        '/v1/',
        '/v1/widgets/1/products',
        '/v1/reservations/{id}/items',
        '/v1//blackouts',
        '/v1/bookings/{id}/items',
        '/v2/widgets',
        '/V1/WIDGETS',
        '/',
        '/v1/blackouts/{id}/{id}',
        '/v1/%2e%2e/v1/widgets',
        '/v1/widgets%00',
      ),
      id: hostileId,
      slash: fc.boolean(),
    }),
  },
);

/** Builds the call; a body only for methods that may carry one. */
function toCall(
  target: { method: string; path: string; id: string; slash: boolean },
  query: string,
  headers: {
    authorization?: string | undefined;
    contentType?: string | undefined;
    origin?: string | undefined;
    idempotencyKey?: string | undefined;
  },
  body: unknown,
): Call {
  // A small whole number may name a real record, and a DELETE of it would rightly succeed.
  const id = /^0*[1-9]\d{0,2}$/.test(target.id) ? '999999' : target.id;
  const path = target.path.replaceAll('{id}', id) + (target.slash ? '/' : '') + query;
  const h: Record<string, string> = {};
  if (headers.authorization !== undefined) h.authorization = headers.authorization;
  if (headers.contentType !== undefined) h['content-type'] = headers.contentType;
  if (headers.origin !== undefined) h.origin = headers.origin;
  if (headers.idempotencyKey !== undefined) h['idempotency-key'] = headers.idempotencyKey;
  const withBody = target.method !== 'GET' && target.method !== 'HEAD' && body !== undefined;
  return { method: target.method, path, headers: h, ...(withBody ? { body } : {}) };
}

const hostileHeaders = fc.record({
  authorization: hostileAuthorization,
  contentType: hostileContentType,
  origin: hostileOrigin,
  idempotencyKey: fc.option(
    nastyString.map((s) => s.replace(/[^\t\x20-\x7e\x80-\xff]/g, '')),
    { nil: undefined },
  ),
});

/** A short description of a call for failure messages (bodies cut). */
function describeCall(call: Call): string {
  const body =
    call.body instanceof Uint8Array
      ? `<${call.body.byteLength} bytes>`
      : typeof call.body === 'string'
        ? call.body.slice(0, 120)
        : JSON.stringify(call.body)?.slice(0, 300);
  return `${call.method} ${call.path.slice(0, 300)} ${JSON.stringify(call.headers)} ${body ?? ''}`;
}

describeEachDatabase('hostile input to every endpoint', (database) => {
  let service: TestService;
  let before: Record<string, unknown[]>;
  beforeAll(async () => {
    service = await createTestService({ database });
    before = await dumpTables(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  /**
   * Sends `call` and checks the invariant: no 5xx, no hang, the envelope on every 4xx, data
   * unchanged unless the answer is a 2xx that `validWrite` accepts (then the new data is the
   * baseline for the next request).
   */
  async function check(call: Call, validWrite: (status: number) => boolean = () => false): Promise<void> {
    const where = describeCall(call);
    const response = await send(service, call);
    expect(response.status, where).toBeLessThan(500);
    const method = call.method ?? 'GET';
    if (response.status >= 400) {
      if (method === 'HEAD') expect(await response.text(), where).toBe('');
      else await expectClientError(response, where);
    } else {
      await response.arrayBuffer();
      if (!READS.has(method)) {
        // A write that succeeded must have been a valid one, and then its data stays.
        expect(validWrite(response.status), `a write that should be refused succeeded: ${where}`).toBe(true);
        before = await dumpTables(service.db);
        return;
      }
    }
    expect(await dumpTables(service.db), `stored data changed after ${where}`).toEqual(before);
  }

  it('answers random paths, methods, query strings and headers with a 4xx envelope or a read, never a 5xx, and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileTarget, hostileQuery, hostileHeaders, async (target, query, headers) => {
        await check(toCall(target, query, headers, undefined));
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses malformed JSON bodies (deep nesting, NUL, lone surrogates, huge numbers, SQL) on every write with a 4xx, and changes nothing', async () => {
    const writes = fc.constantFrom(
      { method: 'POST', path: '/v1/reservations' },
      { method: 'POST', path: '/v1/bookings' },
      { method: 'POST', path: '/v1/blackouts' },
      { method: 'PUT', path: '/v1/blackouts/{id}' },
      { method: 'POST', path: '/v1/products' },
      { method: 'PUT', path: '/v1/products/{id}' },
      { method: 'POST', path: '/v1/products/{id}/variants' },
      { method: 'PUT', path: '/v1/variants/{id}' },
      { method: 'POST', path: '/v1/widgets' },
      { method: 'PUT', path: '/v1/widgets/{id}' },
      { method: 'POST', path: '/v1/tokens' },
      { method: 'PUT', path: '/v1/shop' },
      { method: 'POST', path: '/v1/locations' },
      { method: 'PUT', path: '/v1/locations/{id}' },
    );
    // PUT /v1/shop has no id to miss: it may succeed, but only for an object of shop fields.
    // POST /v1/locations may succeed too, for a body of only a printable name.
    const locationBody = (b: unknown) =>
      typeof b === 'object' &&
      b !== null &&
      Object.keys(b).every((k) => k === 'name' || k === 'id') &&
      typeof (b as { name?: unknown }).name === 'string';
    const shopFields = (b: unknown) =>
      typeof b === 'object' &&
      b !== null &&
      !Array.isArray(b) &&
      Object.keys(b).every((k) => ['id', 'name', 'tz', 'locale', 'shopify'].includes(k));
    const token = fc.constantFrom('sk_test_harbour', 'pk_test_harbour', 'sk_test_alpine');
    const body = fc.oneof({ weight: 3, arbitrary: hostileJsonBody }, { weight: 2, arbitrary: rawBody });
    await fc.assert(
      fc.asyncProperty(
        writes,
        hostileId,
        token,
        body,
        fc.option(nastyString, { nil: undefined }),
        async (write, id, t, b, key) => {
          const headers = bearer(t);
          if (key !== undefined && /^[\x21-\x7e]{1,255}$/.test(key)) headers['idempotency-key'] = key;
          await check(
            { method: write.method, path: write.path.replace('{id}', id), headers, body: b },
            () =>
              t.startsWith('sk_') &&
              ((write.path === '/v1/shop' && shopFields(b)) || (write.path === '/v1/locations' && locationBody(b))),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('refuses impossible and far-off dates in every date parameter and field with a 4xx (a write succeeds only for real days), never a 5xx', async () => {
    const date = fc.oneof(impossibleDate, fc.constantFrom('2026-12-01'));
    const call = fc.oneof(
      fc.record({ kind: fc.constant('availability' as const), start: date, finish: date }),
      fc.record({ kind: fc.constant('blackout-list' as const), start: date, finish: date }),
      fc.record({
        kind: fc.constant('hold' as const),
        start: impossibleDate,
        finish: fc.option(impossibleDate, { nil: undefined }),
      }),
      fc.record({ kind: fc.constant('booking' as const), start: impossibleDateTime, finish: impossibleDateTime }),
      fc.record({
        kind: fc.constant('blackout' as const),
        start: fc.oneof(impossibleDate, impossibleDateTime),
        finish: fc.oneof(impossibleDate, impossibleDateTime),
      }),
    );
    const isRealDay = (s: string) =>
      /^\d{4}-\d{2}-\d{2}/.test(s) &&
      Number(s.slice(0, 4)) >= 1 &&
      !Number.isNaN(Date.parse(`${s.slice(0, 10)}T00:00:00Z`)) &&
      new Date(`${s.slice(0, 10)}T00:00:00Z`).toISOString().startsWith(s.slice(0, 10));
    await fc.assert(
      fc.asyncProperty(call, async (c) => {
        const q = (s: string) => encodeURIComponent(s);
        const secret = bearer('sk_test_harbour');
        if (c.kind === 'availability')
          await check({
            path: `/v1/availability?external_variant_id=8001&start=${q(c.start)}&finish=${q(c.finish)}`,
            headers: secret,
          });
        if (c.kind === 'blackout-list')
          await check({ path: `/v1/blackouts?start_min=${q(c.start)}&finish_max=${q(c.finish)}`, headers: secret });
        if (c.kind === 'hold') {
          // Real variants, but never a day inside the booking window: nothing may be held.
          await check({
            method: 'POST',
            path: '/v1/reservations',
            headers: secret,
            body: {
              cart_token: 'hostile-dates',
              items: [{ external_id: 8001, start: c.start, finish: c.finish, quantity: 1 }],
            },
          });
        }
        if (c.kind === 'booking') {
          // A merchant may book the past: a booking succeeds only when both are real local times.
          await check(
            {
              method: 'POST',
              path: '/v1/bookings',
              headers: secret,
              body: { starts_at: c.start, finishes_at: c.finish, items: [{ external_id: 8003, quantity: 1 }] },
            },
            () => isRealDay(c.start) && isRealDay(c.finish),
          );
        }
        if (c.kind === 'blackout') {
          await check(
            {
              method: 'POST',
              path: '/v1/blackouts',
              headers: secret,
              body: { title: 'hostile', starts_at: c.start, finishes_at: c.finish },
            },
            () => isRealDay(c.start) && isRealDay(c.finish),
          );
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('books an otherwise valid booking whose free-text fields are nasty (NUL, lone surrogates, SQL) or refuses it with a 4xx, never a 5xx', async () => {
    let day = 0;
    await fc.assert(
      fc.asyncProperty(
        nastyString,
        nastyString,
        fc.constantFrom('fields', 'tags', 'customer', 'resource'),
        async (a, b, where) => {
          // Each run books another day, so capacity never runs out.
          day = (day % 300) + 1;
          const date = new Date(Date.UTC(2027, 2, 1) + day * 86_400_000).toISOString().slice(0, 10);
          const body: Record<string, unknown> = {
            starts_at: `${date} 10:00`,
            finishes_at: `${date} 11:00`,
            items: [{ external_id: 8003, quantity: 1 }],
          };
          if (where === 'fields') body.fields = [{ name: a || 'n', value: b }];
          if (where === 'tags') body.tags = [a];
          if (where === 'customer') body.customers = [{ first_name: a, last_name: b, email: 'x@example.com' }];
          if (where === 'resource') body.items = [{ external_id: 8003, quantity: 1, resource_id: a }];
          const call = { method: 'POST', path: '/v1/bookings', headers: bearer('sk_test_harbour'), body };
          await check(call, (status) => status === 201);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
