/**
 * What an order's lines may book: the hold a line names, not the properties anyone can write
 * into a cart line; cart tokens with and without `?key=`; and orders cancelled before Shopify
 * delivers their creation.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, TOKENS, withService } from '../api.ts';
import { cartPayload, heldLine, orderPayload, webhook } from './payloads.ts';

/** Holds `units` Single kayaks (8001, capacity 3) for 10-11 December in `cart`. */
async function hold(service: TestService, cart: string, units: number) {
  const r = await api(service).post(
    '/v1/reservations',
    { cart_token: cart, items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-12', quantity: units }] },
    { token: TOKENS.publishable },
  );
  expect(r.status).toBe(201);
  return { id: r.body.id as number, start: r.body.items[0].start as string, finish: r.body.items[0].finish as string };
}

const day = async (service: TestService, date: string) =>
  (await api(service).get(`/v1/occupancy?start=${date}&finish=2026-12-20&external_variant_id=8001`)).body[0] as {
    held: number;
    booked: number;
    available: number;
  };
const bookedItems = async (service: TestService) =>
  (
    await service.db.query<{ quantity: number }>(
      'SELECT bi.quantity FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id WHERE b.status <> $1',
      ['cancelled'],
    )
  ).rows.map((r) => Number(r.quantity));
const deliver = async (service: TestService, topic: string, payload: unknown) => {
  const answer = await service.fetch(webhook(topic, payload));
  expect(answer.status).toBe(200);
  return answer.json();
};

/** A line as a forger writes it: any properties, any quantity. */
function forged(
  id: number,
  start: string,
  finish: string,
  units: number,
  quantity: number,
  reservationId: number | string,
) {
  return { ...heldLine(id, 8001, start, finish, units, 1, reservationId), quantity };
}

describeEachDatabase('Shopify orders: what a line may book', (database) => {
  it('books nothing for a line without a hold whose quantity does not pay for its _units and days (1 line for 3 units × 5 days), and records why', async () => {
    await withService(database, async (service) => {
      const line = forged(41, '2026-12-09T13:00:00.000Z', '2026-12-14T13:00:00.000Z', 3, 1, 999);
      const body = await deliver(
        service,
        'orders/create',
        orderPayload({ id: '6001', cartToken: 'cart-forger', lines: [line] }),
      );
      expect(body).toMatchObject({
        bookings: [],
        conflicts: [{ line_id: '41', external_variant_id: 8001, reason: 'the order line does not match the hold' }],
      });
      expect(await bookedItems(service)).toEqual([]);
      expect(await day(service, '2026-12-12')).toEqual(expect.objectContaining({ booked: 0, available: 3 }));
      const listed = (await api(service).get('/v1/shopify/conflicts')).body;
      expect(listed).toEqual([
        expect.objectContaining({
          order_id: '6001',
          line_id: '41',
          quantity: 3,
          reason: 'the order line does not match the hold',
        }),
      ]);
    });
  });

  it('books what the hold named by _reservation_id recorded (1 unit), not the line’s _units (3)', async () => {
    await withService(database, async (service) => {
      const h = await hold(service, 'cart-honest', 1);
      // Paid for the hold (1 unit × 2 days) but claims 3 units.
      const line = forged(42, h.start, h.finish, 3, 2, h.id);
      const body = await deliver(
        service,
        'orders/create',
        orderPayload({ id: '6002', cartToken: 'cart-honest', lines: [line] }),
      );
      expect(body).toMatchObject({ bookings: [expect.any(Number)], conflicts: [] });
      expect(await bookedItems(service)).toEqual([1]);
      expect(await day(service, '2026-12-10')).toEqual(expect.objectContaining({ held: 0, booked: 1, available: 2 }));
    });
  });

  it('books nothing for a line naming a real hold of its cart but paying for less than it holds, and leaves the hold', async () => {
    await withService(database, async (service) => {
      const h = await hold(service, 'cart-cheap', 2);
      const line = forged(43, h.start, h.finish, 2, 1, h.id); // 2 units × 2 days held, 1 paid
      const body = await deliver(
        service,
        'orders/create',
        orderPayload({ id: '6003', cartToken: 'cart-cheap', lines: [line] }),
      );
      expect(body.conflicts).toEqual([expect.objectContaining({ reason: 'the order line does not match the hold' })]);
      expect(await bookedItems(service)).toEqual([]);
      expect(await day(service, '2026-12-10')).toEqual(expect.objectContaining({ held: 2, booked: 0 }));
    });
  });

  it('matches a hold stored with the /cart.js token (<token>?key=…) to the order’s bare cart_token, and books it in place of the hold', async () => {
    await withService(database, async (service) => {
      const h = await hold(service, 'c7f1e2?key=4b9d0a', 2);
      const body = await deliver(
        service,
        'orders/create',
        orderPayload({ id: '6004', cartToken: 'c7f1e2', lines: [heldLine(44, 8001, h.start, h.finish, 2, 2, h.id)] }),
      );
      expect(body).toMatchObject({ bookings: [expect.any(Number)], conflicts: [] });
      expect(await day(service, '2026-12-10')).toEqual(expect.objectContaining({ held: 0, booked: 2, available: 1 }));
    });
  });

  it('releases a dropped hold stored with ?key= when carts/update names the bare token', async () => {
    await withService(database, async (service) => {
      await hold(service, 'c8a3b4?key=77aa01', 1);
      service.clock.advance(2 * 60_000); // past the grace of a fresh hold
      expect(await deliver(service, 'carts/update', cartPayload('c8a3b4', []))).toEqual({ released: 1 });
      expect(await day(service, '2026-12-10')).toEqual(expect.objectContaining({ held: 0, available: 3 }));
    });
  });

  it('books nothing for an order whose orders/cancelled arrived before its orders/create', async () => {
    await withService(database, async (service) => {
      const h = await hold(service, 'cart-undone', 2);
      const payload = orderPayload({
        id: '6005',
        cartToken: 'cart-undone',
        lines: [heldLine(45, 8001, h.start, h.finish, 2, 2, h.id)],
      });
      expect(
        await deliver(service, 'orders/cancelled', { ...payload, cancelled_at: '2026-11-22T13:00:00+11:00' }),
      ).toEqual({ order_id: '6005', cancelled: [] });
      expect(await deliver(service, 'orders/create', payload)).toMatchObject({
        order_id: '6005',
        bookings: [],
        cancelled: true,
      });
      expect(await bookedItems(service)).toEqual([]);
      expect(await day(service, '2026-12-10')).toEqual(expect.objectContaining({ booked: 0 }));
    });
  });
});
