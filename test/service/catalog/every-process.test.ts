import { expect, it } from 'vitest';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, catalogIds, TOKENS, withService } from '../api.ts';

/** A second service process on the same database: its own caches, the same data. */
function secondProcess(service: TestService): TestService {
  const app = createApp({ db: service.db, clock: service.clock, rateLimit: false });
  return { ...service, fetch: (request, env) => app.fetch(request, env) };
}

describeEachDatabase('A merchant’s change is seen by the next request of every process', (database) => {
  it('capacity, widget settings, blackouts and new products changed on one process show on another that had read them', async () => {
    await withService(database, async (service) => {
      const other = secondProcess(service);
      const one = api(service);
      const two = api(other);
      const ids = await catalogIds(service);
      const read = async () => ({
        units: (
          await two.get('/v1/availability?external_variant_id=8001&start=2026-12-10&finish=2026-12-11', {
            token: TOKENS.publishable,
          })
        ).body[0].quantity_available,
        leadDays: (await two.get('/v1/widgets?external_product_id=7001')).body[0].settings.lead_days,
        blackouts: (await two.get('/v1/blackouts?external_variant_id=8001', { token: TOKENS.publishable })).body.length,
        products: (await two.get('/v1/products')).body.length,
      });
      const before = await read();
      const widget = (await one.get('/v1/widgets?external_product_id=7001')).body[0];
      await one.put(`/v1/variants/${ids.single}`, { capacity: 7 });
      await one.put(`/v1/widgets/${widget.id}`, { settings: { lead_days: 3 } });
      await one.post('/v1/blackouts', { title: 'Regatta', starts_at: '2026-12-20', finishes_at: '2026-12-21' });
      await one.post('/v1/products', { external_id: 7300, title: 'Canoes' });
      expect(await read()).toEqual({
        units: 7,
        leadDays: 3,
        blackouts: before.blackouts + 1,
        products: before.products + 1,
      });
    });
  });

  it('a booking cancelled on one process frees its units for a hold on another', async () => {
    await withService(database, async (service) => {
      const two = api(secondProcess(service));
      const made = await api(service).post('/v1/bookings', {
        starts_at: '2026-12-10 09:00',
        finishes_at: '2026-12-10 17:00',
        items: [{ external_id: 8002, quantity: 2 }],
        customers: [{ email: 'a@example.com' }],
      });
      const hold = { cart_token: 'c', items: [{ external_id: 8002, start: '2026-12-10', quantity: 1 }] };
      expect((await two.post('/v1/reservations', hold, { token: TOKENS.publishable })).status).toBe(409);
      await api(service).post(`/v1/bookings/${made.body.id}/cancel`, undefined);
      expect((await two.post('/v1/reservations', hold, { token: TOKENS.publishable })).status).toBe(201);
    });
  });
});
