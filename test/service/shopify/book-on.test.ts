/**
 * The shop chooses the order topic that makes its bookings: `orders/create` (the default) or
 * `orders/paid`, set with PUT /v1/shop. The other topic is acknowledged and ignored.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, TOKENS, withService } from '../api.ts';
import { heldLine, orderPayload, webhook } from './payloads.ts';

async function holdAndOrder(service: TestService, cart: string, id: string) {
  const r = await api(service).post(
    '/v1/reservations',
    { cart_token: cart, items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-12', quantity: 2 }] },
    { token: TOKENS.publishable },
  );
  expect(r.status).toBe(201);
  return orderPayload({
    id,
    cartToken: cart,
    lines: [heldLine(71, 8001, r.body.items[0].start, r.body.items[0].finish, 2, 2, r.body.id)],
  });
}
const deliver = async (service: TestService, topic: string, payload: unknown) => {
  const answer = await service.fetch(webhook(topic, payload));
  expect(answer.status).toBe(200);
  return answer.json();
};
const day10 = async (service: TestService) =>
  (await api(service).get('/v1/occupancy?start=2026-12-10&finish=2026-12-11&external_variant_id=8001')).body[0] as {
    held: number;
    booked: number;
  };

describeEachDatabase('Shopify: the order topic a shop books on', (database) => {
  it('books on orders/create by default and acknowledges orders/paid without booking again', async () => {
    await withService(database, async (service) => {
      expect((await api(service).get('/v1/shop')).body.shopify.book_on).toBe('orders/create');
      const order = await holdAndOrder(service, 'cart-on-create', '8001');
      expect(await deliver(service, 'orders/create', order)).toMatchObject({ bookings: [expect.any(Number)] });
      expect(await deliver(service, 'orders/paid', order)).toEqual({ ignored: 'orders/paid' });
      expect(await day10(service)).toEqual(expect.objectContaining({ held: 0, booked: 2 }));
    });
  });

  it('books on orders/paid once the shop chooses it, ignoring orders/create (the hold stands until then), and cancels as before', async () => {
    await withService(database, async (service) => {
      const chosen = await api(service).put('/v1/shop', { shopify: { book_on: 'orders/paid' } });
      expect(chosen.status).toBe(200);
      expect(chosen.body.shopify).toMatchObject({
        domain: 'harbour-test.myshopify.com',
        api_secret_set: true,
        book_on: 'orders/paid',
      });
      const order = await holdAndOrder(service, 'cart-on-paid', '8002');
      expect(await deliver(service, 'orders/create', order)).toEqual({ ignored: 'orders/create' });
      expect(await day10(service)).toEqual(expect.objectContaining({ held: 2, booked: 0 }));
      const paid = await deliver(service, 'orders/paid', { ...order, financial_status: 'paid' });
      expect(paid).toMatchObject({ order_id: '8002', bookings: [expect.any(Number)], conflicts: [] });
      expect(await day10(service)).toEqual(expect.objectContaining({ held: 0, booked: 2 }));
      expect(await deliver(service, 'orders/cancelled', order)).toEqual({ order_id: '8002', cancelled: paid.bookings });
    });
  });

  it('refuses an unknown topic, or a topic for a shop not connected to Shopify, with 422 naming shopify.book_on or the missing settings, and changes nothing', async () => {
    await withService(database, async (service) => {
      const wrong = await api(service).put('/v1/shop', { shopify: { book_on: 'orders/fulfilled' } });
      expect(wrong.status).toBe(422);
      expect(Object.keys(wrong.body.details.fields)).toEqual(['shopify.book_on']);
      const unconnected = await api(service).put(
        '/v1/shop',
        { shopify: { book_on: 'orders/paid' } },
        { token: TOKENS.otherSecret },
      );
      expect(unconnected.status).toBe(422);
      expect(Object.keys(unconnected.body.details.fields).sort()).toEqual(['shopify.api_secret', 'shopify.domain']);
      const both = await api(service).put('/v1/shop', { shopify: { domain: null, book_on: 'orders/paid' } });
      expect(both.status).toBe(422);
      // The shop as GET shows it, sent back, changes nothing (book_on is null while not connected).
      for (const token of [TOKENS.secret, TOKENS.otherSecret]) {
        const shown = (await api(service).get('/v1/shop', { token })).body;
        expect(await api(service).put('/v1/shop', shown, { token })).toMatchObject({ status: 200, body: shown });
      }
      expect((await service.db.query('SELECT domain, book_on FROM shopify_shops ORDER BY shop_id')).rows).toEqual([
        { domain: 'harbour-test.myshopify.com', book_on: 'orders/create' },
      ]);
    });
  });
});
