// POST /v1/variants/{id}/misfits: a dry run of a schedule before it is saved. It lists what the
// proposed schedule would leave outside it, refuses a bad one as PUT would, and writes nothing.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, catalogIds, TOKENS, withService } from '../api.ts';

const TOUR = { counting: 'seats', departures: { sat: ['09:00', '13:00'] }, duration_minutes: 120 };

async function slotHold(service: TestService, cart: string, start: string) {
  const held = await api(service).post('/v1/reservations', {
    cart_token: cart,
    items: [{ external_id: 8001, start, quantity: 1 }],
  });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  return held.body.id as number;
}

describeEachDatabase('POST /v1/variants/{id}/misfits', (database) => {
  it('lists what a proposed schedule would not fit, and the saved schedule stays as it was', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { single } = await catalogIds(service);
      await a.put(`/v1/variants/${single}`, { schedule: TOUR });
      const nine = await slotHold(service, 'cart-9', '2026-12-05 09:00');
      await slotHold(service, 'cart-13', '2026-12-05 13:00');
      const proposed = { ...TOUR, departures: { sat: ['10:00', '13:00'] } };
      const checked = await a.post(`/v1/variants/${single}/misfits`, { schedule: proposed });
      expect(checked.status).toBe(200);
      expect(checked.headers.get('x-total-count')).toBe('1');
      expect(checked.body).toEqual([
        expect.objectContaining({
          kind: 'hold',
          id: nine,
          start_local: '2026-12-05T09:00',
          reason: 'starts at 2026-12-05T09:00, which is not a start of the schedule',
        }),
      ]);
      // Back to days: every timed hold would be a misfit.
      expect((await a.post(`/v1/variants/${single}/misfits`, { schedule: null })).body).toHaveLength(2);
      // Nothing was written: the variant keeps its schedule, and nothing misfits it.
      expect((await a.get(`/v1/variants/${single}`)).body.schedule.departures).toEqual(TOUR.departures);
      expect((await a.get(`/v1/variants/${single}/misfits`)).body).toEqual([]);
    });
  });

  it('refuses a bad schedule with the 422 a PUT of it would give, at the same field', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { single } = await catalogIds(service);
      const bad = {
        counting: 'units',
        duration_minutes: 60,
        hours: {
          mon: [
            ['09:00', '12:00'],
            ['11:00', '17:00'],
          ],
        },
      };
      const checked = await a.post(`/v1/variants/${single}/misfits`, { schedule: bad });
      const put = await a.put(`/v1/variants/${single}`, { schedule: bad });
      expect(checked.status).toBe(422);
      expect(checked.body.details.fields).toEqual(put.body.details.fields);
      expect(Object.keys(checked.body.details.fields)).toEqual(['schedule.hours.mon[1]']);
    });
  });

  it('is for secret tokens; another shop’s variant is 404', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { single, skis } = await catalogIds(service);
      const body = { schedule: TOUR };
      expect((await a.post(`/v1/variants/${single}/misfits`, body, { token: TOKENS.publishable })).status).toBe(403);
      expect((await a.post(`/v1/variants/${skis}/misfits`, body)).status).toBe(404);
    });
  });
});
