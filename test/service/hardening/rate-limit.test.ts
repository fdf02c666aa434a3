// API.md §7 beyond test/service/limits/rate-limit.test.ts: Retry-After is honest (waiting it is
// enough), a 429 changes nothing and a browser can read it, and the real client waits and
// retries against the real service.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createClient, RateLimitError } from '../../../src/client/index.ts';
import type { AppEnv } from '../../../src/service/http/env.ts';
import { HttpError } from '../../../src/service/http/errors.ts';
import { rateLimit } from '../../../src/service/middleware/rate-limit.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { bearer, dumpTables, expectClientError, HARBOUR_ORIGIN, send, TOKENS } from './helpers.ts';

let service: TestService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

const widgets = (s: TestService, token: string = TOKENS.harbourSecret, more: Record<string, string> = {}) =>
  send(s, { path: '/v1/widgets', headers: bearer(token, more) });

describe('429 answers', () => {
  it('waiting exactly Retry-After seconds is always enough, whatever the rate, burst and pattern of requests', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          perSecond: fc.integer({ min: 1, max: 50 }),
          burst: fc.integer({ min: 1, max: 20 }),
          gaps: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 40 }),
        }),
        async ({ perSecond, burst, gaps }) => {
          // The middleware alone, behind a stand-in for authentication, on a clock the test moves.
          let t = 0;
          const app = new Hono<AppEnv>();
          app.use('*', async (c, next) => {
            c.set('auth', { tokenId: 1, kind: 'secret', shopId: 1, tz: 'UTC', locale: 'en', origins: [] });
            await next();
          });
          app.use('*', rateLimit({ perSecond, burst, now: () => t }));
          app.onError((e) => (e instanceof HttpError ? e.toResponse() : new Response(null, { status: 500 })));
          app.get('*', () => new Response('ok'));
          for (const gap of gaps) {
            t += gap;
            const r = await app.fetch(new Request('http://x/'));
            if (r.status !== 429) {
              expect(r.status).toBe(200);
              continue;
            }
            const wait = r.headers.get('retry-after') ?? '';
            expect(wait).toMatch(/^[1-9]\d*$/);
            t += Number(wait) * 1000;
            expect((await app.fetch(new Request('http://x/'))).status).toBe(200);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a refused hold changes nothing, and a page on an allowed origin can read the 429 and its Retry-After', async () => {
    service = await createTestService({ rateLimit: { perSecond: 1, burst: 1, now: () => 0 } });
    const s = service;
    expect((await widgets(s, TOKENS.harbourPublishable, { origin: HARBOUR_ORIGIN })).status).toBe(200);
    const before = await dumpTables(s.db);
    const refused = await send(s, {
      method: 'POST',
      path: '/v1/reservations',
      headers: bearer(TOKENS.harbourPublishable, { origin: HARBOUR_ORIGIN }),
      body: { cart_token: 'limited', items: [{ external_id: 8001, start: '2026-12-10', quantity: 1 }] },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBe(HARBOUR_ORIGIN);
    expect(refused.headers.get('access-control-expose-headers')).toMatch(/\bRetry-After\b/i);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await expectClientError(refused, 'hold over the limit')).toBe('rate_limited');
    expect(await dumpTables(s.db)).toEqual(before);
  });

  it('limits the token in the query exactly as the token in the header: one bucket per token', async () => {
    service = await createTestService({ rateLimit: { perSecond: 1, burst: 2, now: () => 0 } });
    const s = service;
    const inQuery = () =>
      send(s, { path: `/v1/widgets?token=${TOKENS.harbourPublishable}`, headers: { origin: HARBOUR_ORIGIN } });
    expect((await inQuery()).status).toBe(200);
    expect((await widgets(s, TOKENS.harbourPublishable, { origin: HARBOUR_ORIGIN })).status).toBe(200);
    expect((await inQuery()).status).toBe(429);
    expect((await widgets(s, TOKENS.harbourPublishable, { origin: HARBOUR_ORIGIN })).status).toBe(429);
  });
});

describe('the client under a rate limit (real service, real timers, a 1 request/s limit)', () => {
  /** A client over the in-process service that notes when each attempt was sent. */
  function clientFor(s: TestService, token: string = TOKENS.harbourSecret) {
    const attempts: { at: number; status: number; path: string }[] = [];
    const client = createClient({
      baseUrl: s.baseUrl,
      token,
      retry: { limit: 2, jitter: false },
      fetch: async (input, init) => {
        const at = performance.now();
        const response = await s.fetch(new Request(input, init));
        attempts.push({ at, status: response.status, path: new URL(input).pathname });
        return response;
      },
    });
    return { client, attempts };
  }

  it('waits Retry-After after a 429 and then gets the list', async () => {
    service = await createTestService({ rateLimit: { perSecond: 1, burst: 1 } });
    const { client, attempts } = clientFor(service);
    await client.widgets.list();
    const second = await client.widgets.list();
    expect(second.map((w) => w.title)).toEqual(['Kayak hire', 'Sunset tour']);
    expect(attempts.map((a) => a.status)).toEqual([200, 429, 200]);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(990);
  });

  it('retries a hold after a 429 and holds it exactly once', async () => {
    service = await createTestService({ rateLimit: { perSecond: 1, burst: 1 } });
    const { client, attempts } = clientFor(service);
    await client.widgets.list();
    const reservation = await client.reservations.create({
      cart_token: 'busy-cart',
      items: [{ external_id: 8001, start: '2026-12-10', quantity: 2 }],
    });
    expect(reservation.items).toHaveLength(1);
    expect(attempts.map((a) => a.status)).toEqual([200, 429, 201]);
    const { rows } = await service.db.query<{ n: number }>('SELECT sum(quantity)::int AS n FROM reservation_items');
    expect(rows[0]!.n).toBe(2);
  });

  it('does not replay a blackout create after a 429: it reports RateLimitError with the wait, and nothing is created', async () => {
    const limited = await createTestService({ rateLimit: { perSecond: 1, burst: 1 } });
    service = limited;
    const { client, attempts } = clientFor(limited);
    await client.widgets.list();
    // The shop's data, not the limiter's own buckets (rate_limits), which record the requests it
    // counted whenever their periodic sync runs: on a busy machine, between the two dumps.
    const shopData = async () => {
      const { rate_limits: _buckets, ...data } = await dumpTables(limited.db);
      return data;
    };
    const before = await shopData();
    const error = await client.blackouts
      .create({ starts_at: '2026-12-10', finishes_at: '2026-12-11' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(1000);
    expect(attempts.map((a) => a.status)).toEqual([200, 429]);
    expect(await shopData()).toEqual(before);
  });
});
