import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import { manualClock } from '../../../src/service/clock.ts';
import type { Database } from '../../../src/service/db/types.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { TEST_NOW } from '../../helpers/fixture.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api, type Answer } from '../api.ts';

/** The one error envelope of API.md §4, with our content type and the service's Date. */
function expectEnvelope(answer: Answer, status: number, error: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(answer.headers.get('date')).toBe(new Date(TEST_NOW).toUTCString());
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.body).toEqual({
    error,
    message: expect.stringMatching(/\S/),
    ...(answer.body.details ? { details: expect.any(Object) } : {}),
  });
}

describeEachDatabase('errors', (database) => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService({ database });
  });
  afterAll(() => service.close());

  it('answers an unknown path with 404 in the envelope, with or without a token', async () => {
    for (const path of ['/v1/nothing', '/v1/widgets/1/extra', '/v1/blackouts/1/extra', '/', '/v2/widgets']) {
      const withToken = await api(service).get(path);
      expectEnvelope(withToken, 404, 'not_found');
      expect(withToken.body.message).toContain(path);
      expectEnvelope(await api(service).get(path, { token: null }), 404, 'not_found');
    }
  });

  it.each([
    ['DELETE', '/v1/widgets', 'GET, POST, OPTIONS'],
    ['POST', '/v1/widgets/1/', 'GET, PUT, DELETE, OPTIONS'],
    ['GET', '/v1/bookings/1/cancel', 'POST, OPTIONS'],
    ['PUT', '/v1/tokens', 'GET, POST, OPTIONS'],
    ['PATCH', '/v1/blackouts/1', 'GET, PUT, DELETE, OPTIONS'],
    ['POST', '/v1/blackouts/1', 'GET, PUT, DELETE, OPTIONS'],
    ['PUT', '/v1/blackouts', 'GET, POST, OPTIONS'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const answer = await api(service).call(method, path, { body: method === 'GET' ? undefined : {} });
    expectEnvelope(answer, 405, 'method_not_allowed');
    expect(answer.headers.get('allow')).toBe(allow);
  });

  it('answers a body that is not JSON with 400', async () => {
    for (const body of ['{nope', '', '{"title": "a",}']) {
      expectEnvelope(await api(service).post('/v1/blackouts', body), 400, 'bad_request');
    }
  });

  it('answers a body that is not UTF-8 with 400', async () => {
    const response = await service.fetch(
      new Request(`${service.baseUrl}/v1/blackouts`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
        body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'bad_request' });
  });

  it('answers a body in another content type with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expectEnvelope(
        await api(service).post('/v1/blackouts', '{}', { headers: { 'content-type': type } }),
        415,
        'unsupported_media_type',
      );
    }
  });

  it('answers a body over 64 KiB with 413, whether its length is declared or streamed', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(64 * 1024) });
    expectEnvelope(await api(service).post('/v1/blackouts', big), 413, 'payload_too_large');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(1024)));
        controller.close();
      },
    });
    const response = await service.fetch(
      new Request(`${service.baseUrl}/v1/blackouts`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
  });

  it('reads a body of exactly 64 KiB', async () => {
    const start = '{"title":"';
    const end = '","starts_at":"2026-12-20","finishes_at":"2026-12-21"}';
    const body = start + 'x'.repeat(64 * 1024 - start.length - end.length) + end;
    expect(new TextEncoder().encode(body).byteLength).toBe(64 * 1024);
    // Streamed, and with its length declared (as Node's HTTP server hands it on).
    const declared: Array<Record<string, string>> = [{}, { 'content-length': String(64 * 1024) }];
    for (const headers of declared) {
      const answer = await api(service).post('/v1/blackouts', body, { headers });
      // Read and checked: the title is too long, which is a 422, not a 413.
      expectEnvelope(answer, 422, 'validation_failed');
      expect(Object.keys(answer.body.details.fields)).toEqual(['title']);
    }
  });

  it('answers bad query values with 422 naming the parameter in details.fields and the message', async () => {
    const answer = await api(service).get('/v1/blackouts?per=251');
    expectEnvelope(answer, 422, 'validation_failed');
    expect(answer.body.details).toEqual({ fields: { per: ['must be a whole number from 1 to 250'] } });
    expect(answer.body.message).toBe('per must be a whole number from 1 to 250.');
  });

  it('answers HEAD like GET, without a body', async () => {
    const answer = await api(service).call('HEAD', '/v1/widgets');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    expect(answer.headers.get('x-total-count')).toBe('2');
  });

  it('dates every answer with the service clock and forbids caching', async () => {
    const answer = await api(service).get('/v1/widgets');
    expect(answer.headers.get('date')).toBe('Sun, 22 Nov 2026 01:00:00 GMT');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('errors: 500', () => {
  it('answers an unexpected failure with 500 in the envelope, nothing internal in it, and logs the error', async () => {
    const logged: unknown[] = [];
    const broken = new Error('connection to 10.0.0.7 lost: password=hunter2');
    const failing = () => Promise.reject(broken);
    const db = {
      kind: 'pglite',
      query: failing,
      transaction: failing,
      exec: failing,
      close: async () => {},
    } as unknown as Database;
    const app = createApp({ db, clock: manualClock(TEST_NOW), logError: (error) => logged.push(error) });
    const response = await app.fetch(
      new Request('http://booking.test/v1/widgets', { headers: { authorization: 'Bearer sk_test_harbour' } }),
    );
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'internal', message: expect.any(String) });
    expect(text).not.toMatch(/hunter2|10\.0\.0\.7|Error|at /);
    expect(logged).toEqual([broken]);
  });
});
