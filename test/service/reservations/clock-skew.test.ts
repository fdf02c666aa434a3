// Issue 15, point 4: holds are stamped and judged by the database's clock. Two service processes
// on one PostgreSQL whose process clocks are skewed (-2 s and +16 min) must neither oversell nor
// take a live hold from its cart. Real time here (no test clock): the skew is the processes'.
import { afterEach, expect, it } from 'vitest';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import { describePostgres } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { type CallOptions, hold } from './api.ts';

// No blackouts: the days below follow the real date.
const fixture = { shops: testFixture.shops.map((shop) => ({ ...shop, blackouts: [] })) };
/** A day `offset` days after today (UTC; far enough past the lead days in any zone). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describePostgres('holds across processes whose clocks differ', () => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  /** A TestService-shaped handle on another process (app) on the same database, its clock skewed by `skewMs`. */
  function processWithSkew(skewMs: number) {
    const app = createApp({ db: service.db, clock: { now: () => Date.now() + skewMs }, rateLimit: false });
    return { ...service, fetch: (request: Request) => app.fetch(request) };
  }
  const onTime = () => processWithSkew(0);
  const unitsHeld = async (externalId: number, date: string) => {
    const { rows } = await service.db.query<{ n: number }>(
      `SELECT coalesce(sum(ri.quantity), 0)::int AS n FROM reservation_items ri JOIN reservations r ON r.id = ri.reservation_id
         JOIN variants v ON v.id = ri.variant_id
        WHERE v.external_id = $1 AND ri.start_day <= $2::date AND ri.finish_day > $2::date AND r.expires_at > clock_timestamp()`,
      [externalId, date],
    );
    return rows[0]!.n;
  };
  const post = (
    p: ReturnType<typeof processWithSkew>,
    cart: string,
    externalId: number,
    date: string,
    quantity: number,
    options?: CallOptions,
  ) => hold(p, { cart_token: cart, items: [{ external_id: externalId, start: date, quantity }] }, options);

  it('a process 2 s behind does not renew a hold the database saw expire 800 ms ago, once another cart took its units', async () => {
    service = await createTestService({ database: 'postgres', fixture });
    const behind = processWithSkew(-2000);
    const d = day(10);
    expect((await post(onTime(), 'lapsing', 8002, d, 2)).status).toBe(201);
    // The hold lapsed 800 ms ago by the database's clock (the process behind still thinks it lives).
    await service.db.query(
      `UPDATE reservations SET expires_at = clock_timestamp() - interval '800 milliseconds' WHERE cart_token = 'lapsing'`,
    );
    expect((await post(onTime(), 'taker', 8002, d, 2)).status).toBe(201);

    // The lapsing cart posts another variant through the process behind: a renewal of the whole cart.
    const renewal = await post(behind, 'lapsing', 8003, day(11), 1);
    expect(renewal.status).toBe(200);
    expect(renewal.body.items.map((i: { external_id: number }) => i.external_id)).toEqual([8003]);
    expect(await unitsHeld(8002, d)).toBe(2);
    // And posting the lapsed variant again is judged on what is left: nothing.
    expect((await post(behind, 'lapsing', 8002, d, 2)).status).toBe(409);
    expect(await unitsHeld(8002, d)).toBe(2);
  });

  it('a process 16 minutes ahead does not give away a live hold', async () => {
    service = await createTestService({ database: 'postgres', fixture });
    const ahead = processWithSkew(16 * 60_000);
    const d = day(12);
    const first = await post(onTime(), 'live', 8001, d, 3);
    expect(first.status).toBe(201);
    const taken = await post(ahead, 'grabber', 8001, d, 3);
    expect(taken.status).toBe(409);
    expect(taken.body.details.items[0]).toMatchObject({ status: 'sold_out', quantity_available: 0 });
    expect(await unitsHeld(8001, d)).toBe(3);
    // The process ahead reads the hold as live too, stamped by the database's clock.
    const mine = await post(ahead, 'live', 8001, d, 3);
    expect(mine.status).toBe(200);
    expect(Math.abs(Date.parse(mine.body.expires_at) - (Date.now() + 15 * 60_000))).toBeLessThan(60_000);
    const listed = await hold(ahead, {
      cart_token: 'live',
      items: [{ external_id: 8003, start: day(13), quantity: 1 }],
    });
    expect(listed.body.items.every((i: { status: string }) => i.status === 'ok')).toBe(true);
  });

  it('bookings and availability count live holds by the database clock, whatever the process clock says', async () => {
    service = await createTestService({ database: 'postgres', fixture });
    const ahead = processWithSkew(16 * 60_000);
    const d = day(14);
    expect((await post(onTime(), 'live', 8002, d, 2)).status).toBe(201);
    const res = await ahead.fetch(
      new Request(`${service.baseUrl}/v1/availability?external_variant_id=8002&start=${d}&finish=${day(15)}`, {
        headers: { authorization: 'Bearer sk_test_harbour' },
      }),
    );
    expect(((await res.json()) as { quantity_available: number }[])[0]!.quantity_available).toBe(0);
    const booked = await ahead.fetch(
      new Request(`${service.baseUrl}/v1/bookings`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
        body: JSON.stringify({
          starts_at: `${d} 10:00`,
          finishes_at: `${d} 12:00`,
          customers: [{ email: 'a@b.c' }],
          items: [{ external_id: 8002, quantity: 1 }],
        }),
      }),
    );
    expect(booked.status).toBe(409);
    const active = await ahead.fetch(
      new Request(`${service.baseUrl}/v1/reservations?active=true`, {
        headers: { authorization: 'Bearer sk_test_harbour' },
      }),
    );
    expect(((await active.json()) as unknown[]).length).toBe(1);
  });
});
