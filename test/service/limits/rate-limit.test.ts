// API.md §7: per token, a token bucket; over it, 429 with Retry-After.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestService, type TestService } from '../../helpers/service.ts';

let service: TestService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

const get = (s: TestService, token: string) =>
  s.fetch(new Request(`${s.baseUrl}/v1/widgets`, { headers: { authorization: `Bearer ${token}` } }));

describe('rate limits', () => {
  it('answers 429 with Retry-After once a token spends its burst, and serves it again after the refill', async () => {
    let now = 0;
    service = await createTestService({ rateLimit: { perSecond: 2, burst: 3, now: () => now } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(service, 'sk_test_harbour')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await get(service, 'sk_test_harbour');
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toMatchObject({
      error: 'rate_limited',
      message: expect.stringContaining('retry after 1 s'),
    });
    now += 500; // half a second refills one request at 2/s
    expect((await get(service, 'sk_test_harbour')).status).toBe(200);
    expect((await get(service, 'sk_test_harbour')).status).toBe(429);
  });

  it("counts each token separately: one shop's flood does not limit another token", async () => {
    service = await createTestService({ rateLimit: { perSecond: 1, burst: 2, now: () => 0 } });
    for (let i = 0; i < 3; i++) await get(service, 'sk_test_harbour');
    expect((await get(service, 'sk_test_harbour')).status).toBe(429);
    expect((await get(service, 'sk_test_alpine')).status).toBe(200);
  });

  it('applies the defaults of 20/s with a burst of 100 when nothing is configured', async () => {
    service = await createTestService({ rateLimit: { now: () => 0 } });
    const statuses = await Promise.all(
      Array.from({ length: 101 }, () => get(service!, 'sk_test_harbour').then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});
