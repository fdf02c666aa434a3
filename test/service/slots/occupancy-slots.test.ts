// GET /v1/occupancy/slots: a slot variant's day, slot by slot, with the units booked, held and
// left, for the merchant (secret token); counted as the slot list counts them.
import type { z } from '@hono/zod-openapi';
import { expect, expectTypeOf, it } from 'vitest';
import type { OccupancySlotSchema } from '../../../src/service/shared/schedule-record-schemas.ts';
import type { OccupancySlot } from '../../../src/shared/merchant-records.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, catalogIds, TOKENS, withService } from '../api.ts';

const TOUR = { counting: 'seats', departures: { sat: ['09:00', '13:00'] }, duration_minutes: 120 };

async function hold(service: TestService, cart: string, start: string, quantity: number, finish?: string) {
  const held = await api(service).post('/v1/reservations', {
    cart_token: cart,
    items: [{ external_id: 8001, start, quantity, ...(finish && { finish }) }],
  });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
}

async function book(service: TestService, startsAt: string, finishesAt: string, quantity: number) {
  const made = await api(service).post('/v1/bookings', {
    starts_at: startsAt,
    finishes_at: finishesAt,
    items: [{ external_id: 8001, quantity }],
    customers: [{ email: 'ada@example.com' }],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
}

it('answers records of the documented shape', () => {
  expectTypeOf<z.infer<typeof OccupancySlotSchema>>().toEqualTypeOf<OccupancySlot>();
});

describeEachDatabase('GET /v1/occupancy/slots', (database) => {
  it('lists the day’s slots with booked, held and left; seats count each start apart', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { single } = await catalogIds(service);
      await a.put(`/v1/variants/${single}`, { schedule: TOUR });
      const capacity = (await a.get(`/v1/variants/${single}`)).body.capacity as number;
      await book(service, '2026-12-05 09:00', '2026-12-05 11:00', 1);
      await hold(service, 'cart-a', '2026-12-05 09:00', 1);
      const answer = await a.get('/v1/occupancy/slots?external_variant_id=8001&date=2026-12-05');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([
        {
          starts_at: '2026-12-04T22:00:00.000Z',
          finishes_at: '2026-12-05T00:00:00.000Z',
          local_start: '09:00',
          local_finish: '11:00',
          capacity,
          booked: 1,
          held: 1,
          available: capacity - 2,
        },
        {
          starts_at: '2026-12-05T02:00:00.000Z',
          finishes_at: '2026-12-05T04:00:00.000Z',
          local_start: '13:00',
          local_finish: '15:00',
          capacity,
          booked: 0,
          held: 0,
          available: capacity,
        },
      ]);
      // A closed weekday has no slots.
      expect((await a.get('/v1/occupancy/slots?external_variant_id=8001&date=2026-12-07')).body).toEqual([]);
    });
  });

  it('units: a hold over two slots is in use on both, buffers included', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { single } = await catalogIds(service);
      const hire = {
        counting: 'units',
        hours: { sat: [['09:00', '13:00']] },
        duration_minutes: 60,
        max_slots: 2,
        buffer_after_minutes: 30,
      };
      expect((await a.put(`/v1/variants/${single}`, { schedule: hire })).status).toBe(200);
      await hold(service, 'cart-a', '2026-12-05 09:00', 1, '2026-12-05 11:00');
      const body = (await a.get('/v1/occupancy/slots?external_variant_id=8001&date=2026-12-05'))
        .body as OccupancySlot[];
      expect(body.map((s) => [s.local_start, s.held, s.booked])).toEqual([
        ['09:00', 1, 0],
        ['10:00', 1, 0],
        ['11:00', 1, 0],
        ['12:00', 0, 0],
      ]);
    });
  });

  it('is for secret tokens; a variant booked by days is a 422, an unknown one 404', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const path = '/v1/occupancy/slots?external_variant_id=8001&date=2026-12-05';
      expect((await a.get(path, { token: TOKENS.publishable })).status).toBe(403);
      const days = await a.get(path);
      expect(days.status).toBe(422);
      expect(Object.keys(days.body.details.fields)).toEqual(['external_variant_id']);
      expect((await a.get('/v1/occupancy/slots?external_variant_id=424242&date=2026-12-05')).status).toBe(404);
      expect((await a.get('/v1/occupancy/slots?external_variant_id=8001&date=5-12-2026')).status).toBe(422);
    });
  });
});
