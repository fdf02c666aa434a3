// API.md §7 on a sale day: a publishable token is limited per client (its address, and the cart
// for holds), with only a high ceiling for the token as a whole, so one client at full speed is
// refused alone; and the counters are shared by every app on one database.
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import { sharedBuckets } from '../../../src/service/limits/buckets.ts';
import { describePostgres } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';

let service: TestService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

type Fetch = (request: Request, env?: { clientAddress?: string }) => Promise<Response>;

const PK = 'pk_test_harbour';
const get = (fetch: Fetch, path: string, address: string) =>
  fetch(new Request(`http://booking.test${path}${path.includes('?') ? '&' : '?'}token=${PK}`), {
    clientAddress: address,
  }).then((r) => r.status);
const hold = (fetch: Fetch, cart: string, address: string, start = '2026-12-10') =>
  fetch(
    new Request('http://booking.test/v1/reservations', {
      method: 'POST',
      headers: { authorization: `Bearer ${PK}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cart_token: cart, items: [{ external_id: 8001, start, quantity: 1 }] }),
    }),
    { clientAddress: address },
  ).then((r) => r.status);

/** One product page: the widget's four GETs and a hold, from one shopper. */
async function pageLoad(fetch: Fetch, shopper: number): Promise<number[]> {
  const address = `10.${(shopper >> 8) & 255}.${shopper & 255}.7`;
  return [
    await get(fetch, '/v1/widgets?external_product_id=7001', address),
    await get(fetch, '/v1/blackouts?per=250', address),
    await get(fetch, '/v1/availability?external_variant_id=8001&start=2026-12-01&finish=2027-01-01', address),
    await get(fetch, '/v1/availability?external_variant_id=8001&start=2027-01-01&finish=2027-02-01', address),
    await hold(fetch, `cart-${shopper}`, address),
  ];
}

describe('a sale day with one abusive client', () => {
  it('200 page loads/s from distinct shoppers get no 429 while one client at 2,000 requests/s is refused alone', async () => {
    let t = 1_000_000;
    // The defaults, but a ceiling just above the shoppers' 1,000 requests/s (if the abuser's
    // refused requests spent it, the shoppers would be refused too), and no per-address limit
    // before authentication (the abuser must reach the per-client bucket; the default 50/s
    // would refuse it even sooner).
    const open = { perSecond: 100_000, burst: 100_000 };
    service = await createTestService({
      rateLimit: { now: () => t, ceiling: { perSecond: 1_200, burst: 1_200 }, unauthenticated: open },
    });
    const s = service;
    const shoppers: number[] = [];
    const abuser: number[] = [];
    // One simulated second in 10 ms ticks: 2 page loads (10 requests) and 20 abusive requests each.
    for (let tick = 0; tick < 100; tick++, t += 10) {
      for (let i = 0; i < 20; i++) abuser.push(await get(s.fetch, '/v1/widgets', '203.0.113.9'));
      for (let p = 0; p < 2; p++) shoppers.push(...(await pageLoad(s.fetch, tick * 2 + p)));
    }
    expect(shoppers).toHaveLength(1_000);
    expect(shoppers.filter((status) => status === 429)).toEqual([]);
    expect(shoppers.filter((status) => status >= 500)).toEqual([]);
    const served = abuser.filter((status) => status === 200).length;
    // A burst of 100 and 20/s for a second, nothing more.
    expect(served).toBeGreaterThanOrEqual(100);
    expect(served).toBeLessThanOrEqual(120);
    expect(abuser.filter((status) => status !== 200 && status !== 429)).toEqual([]);
  }, 60_000);

  it('limits each cart, and each client, of a publishable token on its own', async () => {
    const t = 0;
    service = await createTestService({ rateLimit: { now: () => t, cart: { perSecond: 1, burst: 2 } } });
    const s = service;
    // One cart from many addresses: its third hold at once is refused, another cart is not.
    expect([
      await hold(s.fetch, 'busy', '10.0.0.1'),
      await hold(s.fetch, 'busy', '10.0.0.2', '2026-12-11'),
      await hold(s.fetch, 'busy', '10.0.0.3'),
    ]).toEqual([201, 200, 429]);
    expect(await hold(s.fetch, 'calm', '10.0.0.3')).toBe(201);
    // One client spends its burst of 100; the next client is served.
    const statuses = [];
    for (let i = 0; i < 101; i++) statuses.push(await get(s.fetch, '/v1/widgets', '10.0.0.9'));
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(await get(s.fetch, '/v1/widgets', '10.0.0.10')).toBe(200);
  }, 60_000);

  it('trusts a proxy header only when the operator names it, and then its last entry', async () => {
    const t = 0;
    service = await createTestService({ rateLimit: { now: () => t, perSecond: 1, burst: 1 } });
    const trusting = createApp({
      db: service.db,
      clock: service.clock,
      rateLimit: { now: () => t, perSecond: 1, burst: 1 },
      trustProxyHeader: 'X-Forwarded-For',
    });
    const via = (fetch: Fetch, forwarded: string) =>
      fetch(new Request(`http://booking.test/v1/widgets?token=${PK}`, { headers: { 'x-forwarded-for': forwarded } }), {
        clientAddress: '192.0.2.1',
      }).then((r) => r.status);
    // Not trusted: every forged header comes from the one proxy address, one bucket.
    expect([await via(service.fetch, '1.1.1.1'), await via(service.fetch, '2.2.2.2')]).toEqual([200, 429]);
    // Trusted: the address the proxy appended is the client; what the client wrote before it is ignored.
    expect([
      await via(trusting.fetch, 'forged, 10.1.1.1'),
      await via(trusting.fetch, 'forged, 10.2.2.2'),
      await via(trusting.fetch, 'other, 10.2.2.2'),
    ]).toEqual([200, 200, 429]);
  });
});

describePostgres('rate limits shared by two apps on one database', (database) => {
  it('a client refused by one app is refused by the other, and two apps do not give twice the rate', async () => {
    let t = 5_000_000;
    const limits = { now: () => t, perSecond: 1, burst: 5 };
    service = await createTestService({ database, rateLimit: limits });
    const a: Fetch = service.fetch;
    const other = createApp({ db: service.db, clock: service.clock, rateLimit: limits });
    const b: Fetch = (request, env) => other.fetch(request, env);
    const burst = [];
    for (let i = 0; i < 6; i++) burst.push(await get(a, '/v1/widgets', '10.9.9.9'));
    expect(burst).toEqual([200, 200, 200, 200, 200, 429]);
    t += 100; // a sync is due: this app's next request shares what it spent
    expect(await get(a, '/v1/widgets', '10.9.9.9')).toBe(429);
    expect(await get(b, '/v1/widgets', '10.9.9.9')).toBe(429);
    expect(await get(b, '/v1/widgets', '10.9.9.10')).toBe(200);

    // Ten more seconds of both apps hammering for one client: about 1/s in all, not 2/s.
    let served = 0;
    for (let step = 0; step < 100; step++, t += 100) {
      for (const fetch of [a, b])
        for (let i = 0; i < 3; i++) if ((await get(fetch, '/v1/widgets', '10.8.8.8')) === 200) served++;
    }
    // The bucket holds its burst (5) and 1/s for the 9.9 s: 14. Apps counting alone would serve 14 each.
    expect(served).toBeGreaterThanOrEqual(13);
    expect(served).toBeLessThanOrEqual(17);
  }, 60_000);
  it('three processes taking from one bucket at once, below its rate, refuse nothing; above it, refuse', async () => {
    // The ceiling of a publishable token on a sale day: 2,500/s, and 20 requests at a time
    // spread over three processes, so requests are decided while a process's sync is on its
    // way. Only what the requests cost may be shared, never the gap between a process's own
    // view and the shared state, or each process adds the others' spending again.
    service = await createTestService({ database });
    let t = 7_000_000;
    // The test's simulated clock is every process's and the database's.
    const processes = [0, 1, 2].map(() => sharedBuckets(service!.db, { sqlNow: () => t }));
    const ceiling = { perSecond: 2_500, burst: 5_000 };
    let refused = 0;
    for (let round = 0; round < 150; round++, t += 70) {
      // 20 requests every 70 ms: about 290/s, an eighth of the ceiling.
      const waits = await Promise.all(
        Array.from({ length: 20 }, (_, i) => processes[i % 3]!.take('p:test', ceiling, t)),
      );
      refused += waits.filter((wait) => wait > 0).length;
    }
    expect(refused).toBe(0);

    // 20 requests every millisecond, eight times the ceiling, for 400 ms: the burst of 5,000 and
    // 400 ms of refill (1,000) are served, with at most a tenth of the burst per process more
    // (the sync's approximation); the rest is refused.
    let served = 0;
    for (let round = 0; round < 400; round++, t += 1) {
      const waits = await Promise.all(
        Array.from({ length: 20 }, (_, i) => processes[i % 3]!.take('p:test', ceiling, t)),
      );
      served += waits.filter((wait) => wait === 0).length;
    }
    expect(served).toBeGreaterThanOrEqual(5_500);
    expect(served).toBeLessThanOrEqual(6_000 + 3 * 500);
  }, 60_000);
});
