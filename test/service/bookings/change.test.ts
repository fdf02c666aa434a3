// PATCH /v1/bookings/{id} (issue 30, point 3): a booking moved to other days or another time of
// day, its units changed, its customers and answers changed, judged against everyone's units
// but its own; a refusal (409 in words, 422 naming the field) changes nothing.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { hourlySchedule, setSchedule, tourSchedule } from '../../helpers/schedules.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, TOKENS, withService } from '../api.ts';
import { unitsPerDay } from '../reservations/api.ts';

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

/** A booking of `quantity` units of `externalId` from `start` to `finish` (shop-local times). */
const booking = (start: string, finish: string, quantity = 2, externalId = 8002) => ({
  starts_at: start,
  finishes_at: finish,
  items: [{ external_id: externalId, quantity }],
  customers: [ada],
});

async function book(service: TestService, body: unknown) {
  const made = await api(service).post('/v1/bookings', body);
  expect(made.status).toBe(201);
  return made.body as { id: number } & Record<string, unknown>;
}

const patch = (service: TestService, id: number, body: unknown, token?: string) =>
  api(service).call('PATCH', `/v1/bookings/${id}`, { body, ...(token ? { token } : {}) });

/** The stored bookings and booked units, to prove a refusal changed nothing. */
async function state(service: TestService, externalId = 8002) {
  const bookings = (await api(service).get('/v1/bookings')).body;
  return { bookings, units: await unitsPerDay(service, externalId, service.clock.now()) };
}

describeEachDatabase('PATCH /v1/bookings/{id}: moving and changing a booking', (database) => {
  it('moves a booking that fills its days by one day: only its own units were in the way', async () => {
    await withService(database, async (service) => {
      const made = await book(service, booking('2026-12-10 09:00', '2026-12-11 17:00'));
      expect(await unitsPerDay(service, 8002, service.clock.now())).toEqual(
        new Map([
          ['2026-12-10', 2],
          ['2026-12-11', 2],
        ]),
      );
      const moved = await patch(service, made.id, { starts_at: '2026-12-11 09:00', finishes_at: '2026-12-12 17:00' });
      expect(moved.status).toBe(200);
      expect(moved.body).toEqual({
        ...made,
        starts_at: '2026-12-10T22:00:00.000Z',
        finishes_at: '2026-12-12T06:00:00.000Z',
        starts_at_local: '2026-12-11T09:00',
        finishes_at_local: '2026-12-12T17:00',
      });
      expect(await unitsPerDay(service, 8002, service.clock.now())).toEqual(
        new Map([
          ['2026-12-11', 2],
          ['2026-12-12', 2],
        ]),
      );
      expect((await api(service).get(`/v1/bookings/${made.id}`)).body).toEqual(moved.body);
    });
  });

  it('refuses a move onto a day someone else took with a 409 in words, and changes nothing', async () => {
    await withService(database, async (service) => {
      const made = await book(service, booking('2026-12-10 09:00', '2026-12-11 17:00'));
      await book(service, booking('2026-12-12 09:00', '2026-12-12 17:00', 1));
      const before = await state(service);
      const refused = await patch(service, made.id, { starts_at: '2026-12-11 09:00', finishes_at: '2026-12-12 17:00' });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('unavailable');
      expect(refused.body.message).toBe(
        'Only 1 Double kayak is left from Fri 11 Dec 2026 to Sat 12 Dec 2026 (2 asked). Nothing was changed.',
      );
      expect(refused.body.details.items).toEqual([
        {
          external_id: 8002,
          start: '2026-12-10T22:00:00.000Z',
          finish: '2026-12-12T06:00:00.000Z',
          quantity: 2,
          quantity_available: 1,
          status: 'sold_out',
          status_code: 2,
        },
      ]);
      expect(await state(service)).toEqual(before);
    });
  });

  it('changes units up while they fit, down always, and refuses more than are left', async () => {
    await withService(database, async (service) => {
      const made = await book(service, booking('2026-12-10 09:00', '2026-12-10 17:00', 1));
      const up = await patch(service, made.id, { items: [{ external_id: 8002, quantity: 2 }] });
      expect(up.status).toBe(200);
      expect(up.body.items).toEqual([expect.objectContaining({ external_id: 8002, quantity: 2 })]);
      const before = await state(service);
      const tooMany = await patch(service, made.id, { items: [{ external_id: '8002', quantity: '3' }] });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.message).toBe(
        'Only 2 Double kayak are left on Thu 10 Dec 2026 (3 asked). Nothing was changed.',
      );
      expect(await state(service)).toEqual(before);
      const down = await patch(service, made.id, { items: [{ external_id: 8002, quantity: 1 }] });
      expect(down.status).toBe(200);
      expect(await unitsPerDay(service, 8002, service.clock.now())).toEqual(new Map([['2026-12-10', 1]]));
      // Another variant in its place: judged as new.
      const other = await patch(service, made.id, { items: [{ external_id: 8001, quantity: 3, resource_id: 7 }] });
      expect(other.status).toBe(200);
      expect(other.body.items).toEqual([
        expect.objectContaining({ external_id: 8001, quantity: 3, resource_id: '7', variant_title: 'Single kayak' }),
      ]);
      expect(await unitsPerDay(service, 8002, service.clock.now())).toEqual(new Map());
    });
  });

  it('refuses a move onto a blackout, but takes fewer units on a day a later blackout closed', async () => {
    await withService(database, async (service) => {
      const made = await book(service, booking('2026-12-16 09:00', '2026-12-16 17:00'));
      const before = await state(service);
      const closed = await patch(service, made.id, { starts_at: '2026-12-25 09:00', finishes_at: '2026-12-25 17:00' });
      expect(closed.status).toBe(409);
      expect(closed.body.message).toBe('Double kayak is closed on Fri 25 Dec 2026 (a blackout). Nothing was changed.');
      expect(closed.body.details.items[0]).toMatchObject({ status: 'blacked_out', quantity_available: 0 });
      expect(await state(service)).toEqual(before);
      const blackout = await api(service).post('/v1/blackouts', { starts_at: '2026-12-16', finishes_at: '2026-12-17' });
      expect(blackout.status).toBe(201);
      const fewer = await patch(service, made.id, { items: [{ external_id: 8002, quantity: 1 }] });
      expect(fewer.status).toBe(200);
      expect(fewer.body.items[0].quantity).toBe(1);
      const more = await patch(service, made.id, { items: [{ external_id: 8002, quantity: 2 }] });
      expect(more.status).toBe(409);
      expect(more.body.details.items[0].status).toBe('blacked_out');
    });
  });

  it('names an unknown variant in words', async () => {
    await withService(database, async (service) => {
      const made = await book(service, booking('2026-12-10 09:00', '2026-12-10 17:00'));
      const unknown = await patch(service, made.id, { items: [{ external_id: 999, quantity: 1 }] });
      expect(unknown.status).toBe(409);
      expect(unknown.body.message).toBe('There is no variant 999 in this shop. Nothing was changed.');
      expect(unknown.body.details.items[0]).toMatchObject({ status: 'unknown_variant', status_code: 6 });
    });
  });

  it('moves a slot booking to another departure, refuses a full one and a time that is no slot', async () => {
    await withService(database, async (service) => {
      await setSchedule(service.db, 8001, tourSchedule());
      const made = await book(service, booking('2026-12-05 09:00', '2026-12-05 11:00', 3, 8001));
      // The afternoon departure: its own seats never count against it.
      const moved = await patch(service, made.id, { starts_at: '2026-12-05 13:00', finishes_at: '2026-12-05 15:00' });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ starts_at_local: '2026-12-05T13:00', finishes_at_local: '2026-12-05T15:00' });
      await book(service, booking('2026-12-05 09:00', '2026-12-05 11:00', 1, 8001));
      const before = await state(service, 8001);
      const full = await patch(service, made.id, { starts_at: '2026-12-05 09:00', finishes_at: '2026-12-05 11:00' });
      expect(full.status).toBe(409);
      expect(full.body.message).toBe(
        'Only 2 Single kayak are left on Sat 5 Dec 2026 from 09:00 to 11:00 (3 asked). Nothing was changed.',
      );
      const noSlot = await patch(service, made.id, { starts_at: '2026-12-05 10:00', finishes_at: '2026-12-05 12:00' });
      expect(noSlot.status).toBe(422);
      expect(Object.keys(noSlot.body.details.fields)).toEqual(['starts_at']);
      expect(await state(service, 8001)).toEqual(before);
    });
  });

  it('moves an hourly hire by an hour over its own units (counted by units, with buffers)', async () => {
    await withService(database, async (service) => {
      await setSchedule(service.db, 8002, hourlySchedule());
      const made = await book(service, booking('2026-12-05 10:00', '2026-12-05 12:00'));
      const later = await patch(service, made.id, { starts_at: '2026-12-05 11:00', finishes_at: '2026-12-05 13:00' });
      expect(later.status).toBe(200);
      await book(service, booking('2026-12-05 14:00', '2026-12-05 15:00', 1));
      // 13:00-15:00 meets the 14:00 hire: one unit is left there.
      const onto = await patch(service, made.id, { starts_at: '2026-12-05 13:00', finishes_at: '2026-12-05 15:00' });
      expect(onto.status).toBe(409);
      expect(onto.body.details.items[0]).toMatchObject({ status: 'sold_out', quantity_available: 1 });
      expect((await api(service).get(`/v1/bookings/${made.id}`)).body.starts_at_local).toBe('2026-12-05T11:00');
    });
  });

  it('changes customers (with a phone) and answers; a change that changes nothing answers the same', async () => {
    await withService(database, async (service) => {
      const made = await book(service, booking('2026-12-10 09:00', '2026-12-10 17:00'));
      const body = {
        customers: [{ first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phone: '+61 3 9000 1234' }],
        fields: [{ name: 'Experience', value: 'Lots' }],
        tags: ['phone'],
      };
      const changed = await patch(service, made.id, body);
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ ...body, starts_at: made.starts_at, items: made.items });
      expect(changed.body.customer_id).not.toBe(made.customer_id);
      const again = await patch(service, made.id, body);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(changed.body);
      // Times the booking already has: the same answer, though the day is now full.
      const same = await patch(service, made.id, { starts_at: '2026-12-10 09:00', finishes_at: '2026-12-10 17:00' });
      expect(same.body).toEqual(changed.body);
      expect((await api(service).call('PATCH', `/v1/bookings/${made.id}`, { body: {} })).body).toEqual(changed.body);
    });
  });

  it('answers 422 naming each bad field, and changes nothing', async () => {
    await withService(database, async (service) => {
      const made = await book(service, booking('2026-12-10 09:00', '2026-12-11 17:00'));
      const before = await state(service);
      const bad = await patch(service, made.id, {
        starts_at: '2026-12-32 09:00',
        items: [{ external_id: 8002, quantity: 0 }],
        customers: [{ email: 'nobody', phone: 'call me' }],
        fields: [{ name: 'Note', value: 'a\u0000b' }],
        cart_token: 'cart-1',
      });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.details.fields).sort()).toEqual([
        'cart_token',
        'customers[0].email',
        'customers[0].phone',
        'fields[0].value',
        'items[0].quantity',
        'starts_at',
      ]);
      expect(bad.body.details.fields['customers[0].phone']).toEqual([
        'must be a phone number: digits with spaces, + ( ) - or . between, at most 30 characters',
      ]);
      const backwards = await patch(service, made.id, { finishes_at: '2026-12-10 08:00' });
      expect(backwards.status).toBe(422);
      expect(backwards.body.details.fields).toEqual({
        finishes_at: ["must be after the booking's start, 2026-12-10 09:00"],
      });
      const late = await patch(service, made.id, { starts_at: '2026-12-12 09:00' });
      expect(late.body.details.fields).toEqual({
        starts_at: ["must be before the booking's finish, 2026-12-11 17:00"],
      });
      const empty = await patch(service, made.id, { items: [], customers: [] });
      expect(Object.keys(empty.body.details.fields).sort()).toEqual(['customers', 'items']);
      expect((await patch(service, made.id, [1])).status).toBe(422);
      expect(await state(service)).toEqual(before);
    });
  });

  it('refuses to change a cancelled booking with its own 409, changing nothing', async () => {
    await withService(database, async (service) => {
      const made = await book(service, booking('2026-12-10 09:00', '2026-12-10 17:00'));
      const cancelled = (await api(service).post(`/v1/bookings/${made.id}/cancel`, undefined)).body;
      const refused = await patch(service, made.id, { items: [{ external_id: 8002, quantity: 1 }] });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        error: 'booking_cancelled',
        message: `Booking ${made.id} is cancelled and cannot be changed; nothing was changed (make a new booking instead).`,
        details: { id: made.id },
      });
      expect((await api(service).get(`/v1/bookings/${made.id}`)).body).toEqual(cancelled);
      expect(await unitsPerDay(service, 8002, service.clock.now())).toEqual(new Map());
    });
  });

  it("keeps a booking to its shop: another shop's token and an unknown id get 404, a publishable token 403", async () => {
    await withService(database, async (service) => {
      const made = await book(service, booking('2026-12-10 09:00', '2026-12-10 17:00'));
      const body = { items: [{ external_id: 8002, quantity: 1 }] };
      const other = await patch(service, made.id, body, TOKENS.otherSecret);
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('not_found');
      expect((await patch(service, made.id + 1000, body)).status).toBe(404);
      expect((await patch(service, made.id, body, TOKENS.publishable)).status).toBe(403);
      expect((await api(service).get(`/v1/bookings/${made.id}`)).body).toEqual(made);
    });
  });
});
