// GET /v1/variants/{id}/misfits: after a schedule change, the live holds and coming bookings
// that no longer fit it are listed, and nothing held or booked is changed (SLOTS.md §1).
import type { z } from '@hono/zod-openapi';
import { expect, expectTypeOf, it } from 'vitest';
import { MisfitSchema } from '../../../src/service/shared/schedule-record-schemas.ts';
import type { Misfit } from '../../../src/shared/merchant-records.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, catalogIds, TOKENS, withService } from '../api.ts';

const TOUR = { counting: 'seats', departures: { sat: ['09:00', '13:00'] }, duration_minutes: 120 };

function book(service: TestService, startsAt: string, finishesAt: string) {
  return api(service).post('/v1/bookings', {
    starts_at: startsAt,
    finishes_at: finishesAt,
    items: [{ external_id: 8001, quantity: 1 }],
    customers: [{ email: 'ada@example.com' }],
  });
}

/** A hold of variant 8001 for a time of day, as a shopper's cart makes it. */
async function slotHold(service: TestService, cart: string, start: string, finish?: string) {
  const held = await api(service).post('/v1/reservations', {
    cart_token: cart,
    items: [{ external_id: 8001, start, quantity: 1, ...(finish && { finish }) }],
  });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  return held.body.id as number;
}

describeEachDatabase('GET /v1/variants/{id}/misfits', (database) => {
  it('lists the live holds and coming bookings a new schedule does not fit, by start, and changes none of them', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { single } = await catalogIds(service);
      const held = await a.post('/v1/reservations', {
        cart_token: 'cart-a',
        items: [{ external_id: 8001, start: '2026-12-10', quantity: 1 }],
      });
      expect(held.status).toBe(201);
      const fits = await book(service, '2026-12-05 09:00', '2026-12-05 11:00');
      const late = await book(service, '2026-12-12 10:00', '2026-12-12 12:00');
      const short = await book(service, '2026-12-19 13:00', '2026-12-19 14:00');
      const cancelled = await book(service, '2026-12-05 13:00', '2026-12-05 15:00');
      for (const made of [fits, late, short, cancelled]) expect(made.status).toBe(201);
      await a.post(`/v1/bookings/${cancelled.body.id}/cancel`, undefined);
      const before = {
        hold: (await a.get('/v1/reservations?cart_token=cart-a')).body,
        bookings: (await a.get('/v1/bookings')).body,
      };

      expect((await a.get(`/v1/variants/${single}/misfits`)).body).toEqual([]);
      expect((await a.put(`/v1/variants/${single}`, { schedule: TOUR })).status).toBe(200);
      const listed = await a.get(`/v1/variants/${single}/misfits`);
      expect(listed.status).toBe(200);
      expect(listed.headers.get('x-total-count')).toBe('3');
      expect(listed.body).toEqual([
        {
          kind: 'hold',
          id: held.body.id,
          cart_token: 'cart-a',
          status: null,
          starts_at: '2026-12-09T13:00:00.000Z',
          finishes_at: '2026-12-10T13:00:00.000Z',
          start_local: '2026-12-10',
          finish_local: '2026-12-11',
          all_day: 1,
          quantity: 1,
          expires_at: held.body.expires_at,
          reason: 'holds whole days (from 2026-12-10): the variant is booked by times of day',
        },
        {
          kind: 'booking',
          id: late.body.id,
          cart_token: null,
          status: 'confirmed',
          starts_at: '2026-12-11T23:00:00.000Z',
          finishes_at: '2026-12-12T01:00:00.000Z',
          start_local: '2026-12-12T10:00',
          finish_local: '2026-12-12T12:00',
          all_day: 0,
          quantity: 1,
          expires_at: null,
          reason: 'starts at 2026-12-12T10:00, which is not a start of the schedule',
        },
        expect.objectContaining({
          kind: 'booking',
          id: short.body.id,
          reason: 'lasts 60 minutes: a slot of the schedule lasts 120',
        }),
      ]);
      // The answer has exactly the fields of the Misfit record (zod drops a field it does not know).
      expectTypeOf<z.output<typeof MisfitSchema>>().toEqualTypeOf<Misfit>();
      expect(listed.body.map((m: unknown) => MisfitSchema.parse(m))).toEqual(listed.body);
      const page = await a.get(`/v1/variants/${single}/misfits?per=1&page=2`);
      expect(page.body.map((m: { id: number }) => m.id)).toEqual([late.body.id]);
      expect(page.headers.get('link')).toContain('rel="next"');

      // Nothing held or booked was changed by the schedule.
      expect((await a.get('/v1/reservations?cart_token=cart-a')).body).toEqual(before.hold);
      expect((await a.get('/v1/bookings')).body).toEqual(before.bookings);

      // What has finished, or expired, by the database's clock is no longer listed.
      service.clock.set('2026-12-13T00:00:00.000Z');
      expect((await a.get(`/v1/variants/${single}/misfits`)).body.map((m: { id: number }) => m.id)).toEqual([
        short.body.id,
      ]);
    });
  });

  it('back to days: a hold of a time of day is listed, bookings keep the days they count', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { single } = await catalogIds(service);
      await a.put(`/v1/variants/${single}`, { schedule: TOUR });
      const atSlot = await slotHold(service, 'cart-t', '2026-12-05 09:00');
      const booked = await book(service, '2026-12-12 09:00', '2026-12-12 11:00');
      expect(booked.status).toBe(201);
      expect((await a.get(`/v1/variants/${single}/misfits`)).body).toEqual([]);
      await a.put(`/v1/variants/${single}`, { schedule: null });
      expect((await a.get(`/v1/variants/${single}/misfits`)).body).toEqual([
        expect.objectContaining({
          kind: 'hold',
          id: atSlot,
          starts_at: '2026-12-04T22:00:00.000Z',
          start_local: '2026-12-05T09:00',
          finish_local: '2026-12-05T11:00',
          all_day: 0,
          reason: 'is timed (from 2026-12-05T09:00): the variant is booked by whole days',
        }),
      ]);
    });
  });

  it('units: a hold of 1 to max_slots consecutive slots fits; fewer slots allowed, or other starts, list it', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { single } = await catalogIds(service);
      const hire = { counting: 'units', hours: { sat: [['09:00', '17:00']] }, duration_minutes: 60, max_slots: 2 };
      await a.put(`/v1/variants/${single}`, { schedule: hire });
      const two = await slotHold(service, 'cart-2', '2026-12-05 09:00', '2026-12-05 11:00');
      const one = await slotHold(service, 'cart-1', '2026-12-05 12:00');
      expect((await a.get(`/v1/variants/${single}/misfits`)).body).toEqual([]);
      await a.put(`/v1/variants/${single}`, { schedule: { ...hire, max_slots: 1 } });
      expect((await a.get(`/v1/variants/${single}/misfits`)).body).toEqual([
        expect.objectContaining({ id: two, reason: 'lasts 120 minutes: not 1 to 1 consecutive slots of the schedule' }),
      ]);
      await a.put(`/v1/variants/${single}`, { schedule: { ...hire, hours: { sat: [['09:30', '17:30']] } } });
      expect((await a.get(`/v1/variants/${single}/misfits`)).body).toEqual([
        expect.objectContaining({
          id: two,
          reason: 'starts at 2026-12-05T09:00, which is not a start of the schedule',
        }),
        expect.objectContaining({
          id: one,
          reason: 'starts at 2026-12-05T12:00, which is not a start of the schedule',
        }),
      ]);
    });
  });

  it('is for secret tokens; another shop’s variant or none is 404', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { single, skis } = await catalogIds(service);
      expect((await a.get(`/v1/variants/${single}/misfits`, { token: TOKENS.publishable })).status).toBe(403);
      expect((await a.get(`/v1/variants/${skis}/misfits`)).status).toBe(404);
      expect((await a.get('/v1/variants/999999/misfits')).status).toBe(404);
    });
  });
});
