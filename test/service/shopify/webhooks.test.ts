import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, TOKENS, withService } from '../api.ts';
import { cartPayload, heldLine, orderPayload, webhook } from './payloads.ts';

/** Holds `units` Single kayaks (8001) for 10-11 December in `cart`; the held item's instants. */
async function hold(service: TestService, cart = 'cart-shopify', units = 2) {
  const r = await api(service).post(
    '/v1/reservations',
    { cart_token: cart, items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-12', quantity: units }] },
    { token: TOKENS.publishable },
  );
  expect(r.status).toBe(201);
  return { id: r.body.id as number, start: r.body.items[0].start as string, finish: r.body.items[0].finish as string };
}

const day10 = async (service: TestService) =>
  (await api(service).get('/v1/occupancy?start=2026-12-10&finish=2026-12-11&external_variant_id=8001')).body[0] as {
    held: number;
    booked: number;
    available: number;
  };
const bookingCount = async (service: TestService) =>
  (await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).rows[0]!.n;

describeEachDatabase('Shopify webhooks: orders become bookings', (database) => {
  it('turns an order’s held line and the cart’s hold into one booking (orders/create)', async () => {
    await withService(database, async (service) => {
      const h = await hold(service);
      const answer = await service.fetch(
        webhook('orders/create', orderPayload({ lines: [heldLine(1001, 8001, h.start, h.finish, 2, 2, h.id)] })),
      );
      expect(answer.status).toBe(200);
      const body = await answer.json();
      expect(body).toMatchObject({ order_id: '820982911946154508', bookings: [expect.any(Number)], conflicts: [] });
      expect(await day10(service)).toEqual(expect.objectContaining({ held: 0, booked: 2, available: 1 }));
      const booking = (await api(service).get(`/v1/bookings/${body.bookings[0]}`)).body;
      expect(booking).toMatchObject({
        status: 'confirmed',
        starts_at: h.start,
        finishes_at: h.finish,
        items: [{ external_id: 8001, quantity: 2 }],
        customers: [{ email: 'jon@example.com', first_name: 'John' }],
        fields: [{ name: 'Shopify order', value: '#9999' }],
      });
    });
  });

  it('refuses a wrong signature or an unknown shop with 401 and changes nothing', async () => {
    await withService(database, async (service) => {
      const h = await hold(service);
      const payload = orderPayload({ lines: [heldLine(1001, 8001, h.start, h.finish, 2, 2)] });
      for (const request of [
        webhook('orders/create', payload, { secret: 'wrong' }),
        webhook('orders/create', payload, { domain: 'someone-else.myshopify.com' }),
      ]) {
        const answer = await service.fetch(request);
        expect(answer.status).toBe(401);
        expect((await answer.json()).error).toBe('unauthorized');
      }
      const forged = webhook('orders/create', payload);
      const tampered = new Request(forged, { body: JSON.stringify({ ...payload, name: '#1' }) });
      expect((await service.fetch(tampered)).status).toBe(401);
      expect(await bookingCount(service)).toBe(0);
      expect(await day10(service)).toEqual(expect.objectContaining({ held: 2, booked: 0 }));
    });
  });

  it('refuses a chunked body (no Content-Length) over 1 MiB with 413 as soon as it passes the limit, without reading the rest', async () => {
    await withService(database, async (service) => {
      const chunk = new Uint8Array(64 * 1024).fill(0x20);
      let pulled = 0;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 16 * 1024 * 1024) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const signed = webhook('orders/create', orderPayload({ lines: [] }));
      const headers = new Headers(signed.headers);
      expect(headers.has('content-length')).toBe(false);
      const answer = await service.fetch(
        new Request(signed.url, { method: 'POST', headers, body: endless, duplex: 'half' } as RequestInit),
      );
      expect(answer.status).toBe(413);
      expect(pulled).toBeLessThan(2 * 1024 * 1024);
    });
  });

  it('answers a replayed delivery and another delivery of the same order with the same booking', async () => {
    await withService(database, async (service) => {
      const h = await hold(service);
      const payload = orderPayload({ lines: [heldLine(1001, 8001, h.start, h.finish, 2, 2)] });
      const first = await (await service.fetch(webhook('orders/create', payload, { webhookId: 'w-1' }))).json();
      const replay = await service.fetch(webhook('orders/create', payload, { webhookId: 'w-1' }));
      expect(replay.headers.get('x-replayed')).toBe('true');
      expect(await replay.json()).toEqual(first);
      const again = await (await service.fetch(webhook('orders/create', payload, { webhookId: 'w-2' }))).json();
      expect(again.bookings).toEqual(first.bookings);
      expect(await bookingCount(service)).toBe(1);
    });
  });

  it('answers a retry of a delivery still being handled with 409 and Retry-After (so Shopify retries), and lets a retry take over a claim left a minute without a result', async () => {
    await withService(database, async (service) => {
      const h = await hold(service);
      const payload = orderPayload({ lines: [heldLine(1001, 8001, h.start, h.finish, 2, 2, h.id)] });
      // A handler claimed w-9 and died before answering (the process crashed mid-delivery).
      await service.db.query(
        `INSERT INTO shopify_webhook_deliveries (shop_id, webhook_id, topic, received_at) SELECT shop_id, 'w-9', 'orders/create', $1::timestamptz FROM shopify_shops`,
        [new Date(service.clock.now()).toISOString()],
      );
      const busy = await service.fetch(webhook('orders/create', payload, { webhookId: 'w-9' }));
      expect(busy.status).toBe(409);
      expect(busy.headers.get('retry-after')).toBe('60');
      expect(await bookingCount(service)).toBe(0);
      service.clock.advance(30_000);
      expect((await service.fetch(webhook('orders/create', payload, { webhookId: 'w-9' }))).status).toBe(409);
      service.clock.advance(31_000); // the claim is now 61 s old
      const retaken = await service.fetch(webhook('orders/create', payload, { webhookId: 'w-9' }));
      expect(retaken.status).toBe(200);
      expect((await retaken.json()).bookings).toHaveLength(1);
      expect(await bookingCount(service)).toBe(1);
      const replay = await service.fetch(webhook('orders/create', payload, { webhookId: 'w-9' }));
      expect([replay.status, replay.headers.get('x-replayed')]).toEqual([200, 'true']);
    });
  });

  it('books once when two deliveries of one order arrive at once', async () => {
    await withService(database, async (service) => {
      const h = await hold(service);
      const payload = orderPayload({ lines: [heldLine(1001, 8001, h.start, h.finish, 2, 2)] });
      const answers = await Promise.all(
        [1, 2, 3].map((n) =>
          service.fetch(webhook('orders/create', payload, { webhookId: `w-${n}` })).then((r) => r.json()),
        ),
      );
      expect(new Set(answers.map((a) => a.bookings[0])).size).toBe(1);
      expect(await bookingCount(service)).toBe(1);
      expect(await day10(service)).toEqual(expect.objectContaining({ held: 0, booked: 2 }));
    });
  });

  it('books a line whose hold lapsed when its units are free, and records a conflict naming the order when they were taken', async () => {
    await withService(database, async (service) => {
      const h = await hold(service, 'cart-late', 2);
      service.clock.advance(30 * 60_000); // the hold lapsed
      const free = await (
        await service.fetch(
          webhook(
            'orders/create',
            orderPayload({ id: '5001', cartToken: 'cart-late', lines: [heldLine(1, 8001, h.start, h.finish, 2, 2)] }),
          ),
        )
      ).json();
      expect(free.bookings).toHaveLength(1);
      // Another order for the same days: only 1 of 3 units left, 2 asked for.
      const taken = await (
        await service.fetch(
          webhook(
            'orders/create',
            orderPayload({ id: '5002', cartToken: 'cart-other', lines: [heldLine(7, 8001, h.start, h.finish, 2, 2)] }),
          ),
        )
      ).json();
      expect(taken.bookings).toEqual([]);
      expect(taken.conflicts).toEqual([
        { line_id: '7', external_variant_id: 8001, reason: expect.stringMatching(/^sold_out: 1 of 2 left/) },
      ]);
      expect(await day10(service)).toEqual(expect.objectContaining({ booked: 2, available: 1 }));
      const listed = await api(service).get('/v1/shopify/conflicts');
      expect(listed.body).toEqual([
        expect.objectContaining({
          order_id: '5002',
          order_name: '#9999',
          line_id: '7',
          external_variant_id: 8001,
          quantity: 2,
          starts_at: h.start,
          finishes_at: h.finish,
        }),
      ]);
      expect((await api(service).get('/v1/shopify/conflicts', { token: TOKENS.publishable })).status).toBe(403);
    });
  });

  it('frees an order’s units when it is cancelled (orders/cancelled)', async () => {
    await withService(database, async (service) => {
      const h = await hold(service);
      const payload = orderPayload({ lines: [heldLine(1001, 8001, h.start, h.finish, 2, 2)] });
      await service.fetch(webhook('orders/create', payload));
      const cancelled = await (
        await service.fetch(
          webhook('orders/cancelled', {
            ...payload,
            cancelled_at: '2026-11-22T13:00:00+11:00',
            cancel_reason: 'customer',
          }),
        )
      ).json();
      expect(cancelled).toMatchObject({ order_id: '820982911946154508', cancelled: [expect.any(Number)] });
      expect(await day10(service)).toEqual(expect.objectContaining({ booked: 0, available: 3 }));
    });
  });

  it('releases a hold whose line left the cart (carts/update), keeps lines still there, and spares a hold made a moment ago', async () => {
    await withService(database, async (service) => {
      const h = await hold(service, 'cart-9', 1);
      const other = await api(service).post(
        '/v1/reservations',
        { cart_token: 'cart-9', items: [{ external_id: 8002, start: '2026-12-10', quantity: 1 }] },
        { token: TOKENS.publishable },
      );
      // Within a minute of the hold, an update without the line keeps it: the widget adds it next.
      expect(await (await service.fetch(webhook('carts/update', cartPayload('cart-9', [])))).json()).toEqual({
        released: 0,
      });
      service.clock.advance(2 * 60_000);
      const kept = heldLine(1, 8001, h.start, h.finish, 1, 2);
      expect(await (await service.fetch(webhook('carts/update', cartPayload('cart-9', [kept])))).json()).toEqual({
        released: 1,
      });
      const left = (await api(service).get(`/v1/reservations/${other.body.id}`)).body.items;
      expect(left.map((i: { external_id: number }) => i.external_id)).toEqual([8001]);
    });
  });
});
