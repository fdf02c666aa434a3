import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, TOKENS, withService } from '../api.ts';

const booking = (email: string, day = '2026-12-10', quantity = 2) => ({
  starts_at: `${day} 10:00`,
  finishes_at: `${day} 12:00`,
  items: [{ external_id: 8002, quantity }],
  customers: [{ first_name: 'Ada', last_name: 'Lovelace', email }],
  tags: ['vip'],
});

const available = async (service: Parameters<typeof api>[0], day = '2026-12-10') =>
  (
    await api(service).get(`/v1/availability?external_variant_id=8002&start=${day}&finish=2026-12-31`, {
      token: TOKENS.publishable,
    })
  ).body[0].quantity_available;

describeEachDatabase('Bookings: list, get, cancel (merchant API)', (database) => {
  it('lists bookings by start with filters and pages, and finds one by customer email', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const first = (await a.post('/v1/bookings', booking('ada@example.com', '2026-12-11', 1))).body;
      const second = (await a.post('/v1/bookings', booking('grace@example.com', '2026-12-10', 1))).body;
      const all = await a.get('/v1/bookings');
      expect(all.status).toBe(200);
      expect(all.body.map((b: { id: number }) => b.id)).toEqual([second.id, first.id]);
      expect(all.body[0].items[0]).toMatchObject({ external_id: 8002, quantity: 1, variant_title: 'Double kayak' });
      const found = await a.get('/v1/bookings?q=GRACE@example');
      expect(found.body.map((b: { id: number }) => b.id)).toEqual([second.id]);
      const paged = await a.get('/v1/bookings?per=1&page=2');
      expect(paged.headers.get('x-total-count')).toBe('2');
      expect(paged.body.map((b: { id: number }) => b.id)).toEqual([first.id]);
      expect((await a.get('/v1/bookings?start_min=2026-12-11')).body.map((b: { id: number }) => b.id)).toEqual([
        first.id,
      ]);
      expect((await a.get('/v1/bookings?external_variant_id=8001')).body).toEqual([]);
      expect((await a.get(`/v1/bookings/${first.id}`)).body).toEqual(first);
      const bad = await a.get('/v1/bookings?status=paid&per=0');
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.details.fields).sort()).toEqual(['per', 'status']);
    });
  });

  it('cancelling frees the units at once, and cancelling again answers the same', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const made = (await a.post('/v1/bookings', booking('ada@example.com'))).body;
      expect(await available(service)).toBe(0);
      const cancelled = await a.post(`/v1/bookings/${made.id}/cancel`, undefined);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ id: made.id, status: 'cancelled', status_code: 4 });
      expect(await available(service)).toBe(2);
      expect((await a.post(`/v1/bookings/${made.id}/cancel`, undefined)).body).toEqual(cancelled.body);
      expect((await a.get('/v1/bookings?status=cancelled')).body.map((b: { id: number }) => b.id)).toEqual([made.id]);
    });
  });

  it('keeps bookings to their shop and to secret tokens', async () => {
    await withService(database, async (service) => {
      const made = (await api(service).post('/v1/bookings', booking('ada@example.com'))).body;
      expect((await api(service).get(`/v1/bookings/${made.id}`, { token: TOKENS.otherSecret })).status).toBe(404);
      expect(
        (await api(service).post(`/v1/bookings/${made.id}/cancel`, undefined, { token: TOKENS.otherSecret })).status,
      ).toBe(404);
      expect((await api(service).get('/v1/bookings', { token: TOKENS.otherSecret })).body).toEqual([]);
      expect((await api(service).get('/v1/bookings', { token: TOKENS.publishable })).status).toBe(403);
      expect(
        (await api(service).post(`/v1/bookings/${made.id}/cancel`, undefined, { token: TOKENS.publishable })).status,
      ).toBe(403);
      expect((await api(service).get(`/v1/bookings/${made.id}`)).body.status).toBe('confirmed');
    });
  });
});

describeEachDatabase('DELETE /v1/reservations/{id}: releasing a hold', (database) => {
  it('frees the held units at once; a publishable token only with the cart’s token', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const hold = await a.post(
        '/v1/reservations',
        { cart_token: 'cart-9', items: [{ external_id: 8002, start: '2026-12-10', quantity: 2 }] },
        { token: TOKENS.publishable },
      );
      expect(hold.status).toBe(201);
      expect(await available(service)).toBe(0);
      expect((await a.delete(`/v1/reservations/${hold.body.id}`, { token: TOKENS.publishable })).status).toBe(404);
      expect(
        (await a.delete(`/v1/reservations/${hold.body.id}?cart_token=other`, { token: TOKENS.publishable })).status,
      ).toBe(404);
      expect((await a.delete(`/v1/reservations/${hold.body.id}`, { token: TOKENS.otherSecret })).status).toBe(404);
      expect(await available(service)).toBe(0);
      expect(
        (await a.delete(`/v1/reservations/${hold.body.id}?cart_token=cart-9`, { token: TOKENS.publishable })).status,
      ).toBe(204);
      expect(await available(service)).toBe(2);
      expect((await a.delete(`/v1/reservations/${hold.body.id}`)).status).toBe(404);
    });
  });
});
