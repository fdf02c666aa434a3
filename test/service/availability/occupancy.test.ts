import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, TOKENS, withService } from '../api.ts';

describeEachDatabase('GET /v1/occupancy (merchant API)', (database) => {
  it('shows each variant by day with capacity, held, booked and blackouts', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      expect(
        (
          await a.post('/v1/reservations', {
            cart_token: 'c1',
            items: [{ external_id: 8001, start: '2026-12-23', finish: '2026-12-25', quantity: 1 }],
          })
        ).status,
      ).toBe(201);
      await a.post('/v1/bookings', {
        starts_at: '2026-12-24 09:00',
        finishes_at: '2026-12-24 17:00',
        items: [{ external_id: 8001, quantity: 2 }],
        customers: [{ email: 'a@example.com' }],
      });
      const r = await a.get('/v1/occupancy?start=2026-12-24&finish=2026-12-26&external_variant_id=8001');
      expect(r.status).toBe(200);
      expect(
        r.body.map((d: Record<string, unknown>) => [
          d.date,
          d.capacity,
          d.held,
          d.booked,
          d.available,
          d.blacked_out,
          d.blackout_title,
        ]),
      ).toEqual([
        ['2026-12-24', 3, 1, 2, 0, false, null],
        ['2026-12-25', 3, 0, 0, 0, true, 'Christmas'],
      ]);
      const all = await a.get('/v1/occupancy?start=2026-12-24&finish=2026-12-25');
      expect(all.body.map((d: { external_variant_id: number }) => d.external_variant_id)).toEqual([8001, 8002, 8003]);
    });
  });

  it('counts a hold no more once it expired, and refuses bad spans and publishable tokens', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      await a.post('/v1/reservations', {
        cart_token: 'c1',
        items: [{ external_id: 8002, start: '2026-12-10', quantity: 1 }],
      });
      service.clock.advance(16 * 60_000);
      expect(
        (await a.get('/v1/occupancy?start=2026-12-10&finish=2026-12-11&external_variant_id=8002')).body[0].held,
      ).toBe(0);
      expect((await a.get('/v1/occupancy?start=2026-12-10&finish=2027-12-10')).status).toBe(422);
      expect((await a.get('/v1/occupancy?start=2026-12-10')).body.details.fields).toEqual({ finish: ['is required'] });
      expect(
        (await a.get('/v1/occupancy?start=2026-12-10&finish=2026-12-11', { token: TOKENS.publishable })).status,
      ).toBe(403);
    });
  });
});
