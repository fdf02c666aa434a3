import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, catalogIds, TOKENS, withService } from '../api.ts';

const HOLD = (externalId: number, quantity = 1) => ({
  cart_token: 'cart-1',
  items: [{ external_id: externalId, start: '2026-12-10', quantity }],
});

describeEachDatabase('Products and variants (merchant API)', (database) => {
  it('creates a product with variants: 201, Location, the record; the new variant can be held at once', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const created = await a.post('/v1/products', {
        external_id: 7100,
        title: ' Paddle boards ',
        vendor: 'Harbour',
        variants: [{ external_id: 8100, title: 'Board', capacity: 4 }],
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toBe(`/v1/products/${created.body.id}`);
      expect(created.body).toEqual({
        id: expect.any(Number),
        external_id: 7100,
        title: 'Paddle boards',
        vendor: 'Harbour',
        location_id: null,
        variants: [
          {
            id: expect.any(Number),
            product_id: created.body.id,
            external_id: 8100,
            external_product_id: 7100,
            title: 'Board',
            capacity: 4,
            booking: 'days',
            schedule: null,
            requirements: [],
          },
        ],
      });
      expect((await a.get(`/v1/products/${created.body.id}`)).body).toEqual(created.body);
      const hold = await a.post('/v1/reservations', HOLD(8100, 4));
      expect(hold.status).toBe(201);
      expect((await a.post('/v1/reservations', { ...HOLD(8100, 1), cart_token: 'cart-2' })).status).toBe(409);
    });
  });

  it('lists products with their variants, filtered by text, with X-Total-Count', async () => {
    await withService(database, async (service) => {
      const list = await api(service).get('/v1/products?q=kayak');
      expect(list.status).toBe(200);
      expect(list.headers.get('x-total-count')).toBe('1');
      expect(
        list.body.map((p: { external_id: number; variants: unknown[] }) => [p.external_id, p.variants.length]),
      ).toEqual([[7001, 2]]);
      expect((await api(service).get('/v1/products')).headers.get('x-total-count')).toBe('2');
    });
  });

  it('refuses a bad body with a 422 naming every field, and changes nothing', async () => {
    await withService(database, async (service) => {
      const before = (await service.db.query('SELECT count(*)::int AS n FROM products')).rows;
      const r = await api(service).post('/v1/products', {
        external_id: 'x',
        titel: 'typo',
        variants: [
          { external_id: 1, title: 'A', capacity: -1 },
          { external_id: 1, title: 'B', capacity: 1 },
        ],
      });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.details.fields).sort()).toEqual(
        ['external_id', 'title', 'titel', 'variants[0].capacity', 'variants[1].external_id'].sort(),
      );
      const taken = await api(service).post('/v1/products', { external_id: 7001, title: 'Again' });
      expect(taken.status).toBe(422);
      expect(taken.body.details.fields.external_id).toEqual(['is already used by another product of this shop']);
      expect((await service.db.query('SELECT count(*)::int AS n FROM products')).rows).toEqual(before);
    });
  });

  it('changes a variant capacity and title; availability follows on the next request', async () => {
    await withService(database, async (service) => {
      const ids = await catalogIds(service);
      const r = await api(service).put(`/v1/variants/${ids.double}`, { capacity: 5, title: 'Tandem kayak' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id: ids.double, capacity: 5, title: 'Tandem kayak', external_id: 8002 });
      const days = await api(service).get(
        '/v1/availability?external_variant_id=8002&start=2026-12-10&finish=2026-12-11',
        { token: TOKENS.publishable },
      );
      expect(days.body[0].quantity_available).toBe(5);
      const dup = await api(service).put(`/v1/variants/${ids.double}`, { external_id: 8001 });
      expect(dup.status).toBe(422);
    });
  });

  it('refuses to delete a variant with a live hold (409 in_use), deletes it once the hold is released', async () => {
    await withService(database, async (service) => {
      const ids = await catalogIds(service);
      const a = api(service);
      const hold = await a.post('/v1/reservations', HOLD(8002));
      const refused = await a.delete(`/v1/variants/${ids.double}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error: 'in_use',
        details: { dependents: { holds: 1, coming_bookings: 0, past_bookings: 0 } },
      });
      expect((await a.get(`/v1/variants/${ids.double}`)).status).toBe(200);
      expect((await a.delete(`/v1/reservations/${hold.body.id}`)).status).toBe(204);
      expect((await a.delete(`/v1/variants/${ids.double}`)).status).toBe(204);
      expect((await a.get(`/v1/variants/${ids.double}`)).status).toBe(404);
    });
  });

  it('refuses to delete a product with bookings, and deletes one with none', async () => {
    await withService(database, async (service) => {
      const ids = await catalogIds(service);
      const a = api(service);
      await a.post('/v1/bookings', {
        starts_at: '2026-12-10 10:00',
        finishes_at: '2026-12-10 12:00',
        items: [{ external_id: 8003, quantity: 1 }],
        customers: [{ email: 'a@example.com' }],
      });
      expect((await a.delete(`/v1/products/${ids.tour}`)).body.error).toBe('in_use');
      const fresh = await a.post('/v1/products', {
        external_id: 7200,
        title: 'Spare',
        variants: [{ external_id: 8200, title: 'One', capacity: 1 }],
      });
      expect((await a.delete(`/v1/products/${fresh.body.id}`)).status).toBe(204);
      expect(
        (await service.db.query('SELECT count(*)::int AS n FROM variants WHERE external_id = 8200')).rows[0],
      ).toEqual({ n: 0 });
    });
  });

  it('is the shop’s own: another shop’s product is 404 and a publishable token is 403', async () => {
    await withService(database, async (service) => {
      const ids = await catalogIds(service);
      expect((await api(service).get(`/v1/products/${ids.ski}`)).status).toBe(404);
      expect((await api(service).put(`/v1/variants/${ids.skis}`, { capacity: 0 })).status).toBe(404);
      expect((await api(service).delete(`/v1/products/${ids.ski}`)).status).toBe(404);
      expect((await api(service).get('/v1/products', { token: TOKENS.publishable })).status).toBe(403);
      expect(
        (await api(service).post('/v1/products', { external_id: 1, title: 'x' }, { token: TOKENS.publishable })).status,
      ).toBe(403);
      expect((await service.db.query('SELECT capacity FROM variants WHERE id = $1', [ids.skis])).rows[0]).toEqual({
        capacity: 5,
      });
    });
  });
});
