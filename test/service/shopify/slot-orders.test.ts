// Orders and bookings of times of day (issue 28, point 3): orders/create books each held slot
// line exactly once, as it books day lines; a booking releases only the cart's hold of its own
// slot; POST /v1/bookings names slots as holds do and never seats more than a departure has.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { setSchedule, tourSchedule } from '../../helpers/schedules.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, TOKENS, withService } from '../api.ts';
import { heldLine, orderPayload, webhook } from './payloads.ts';

/** 8001 (3 single kayaks) as a tour: departures 09:00 and 13:00 daily, two hours, seats. */
async function tours(service: TestService): Promise<void> {
  await setSchedule(service.db, 8001, tourSchedule());
}

/** Seats held or booked at a start instant. */
async function seats(service: TestService, startAt: string): Promise<{ held: number; booked: number }> {
  const { rows } = await service.db.query<{ held: number; booked: number }>(
    `SELECT (SELECT coalesce(sum(quantity), 0)::int FROM reservation_items WHERE start_at = $1::timestamptz) AS held,
            (SELECT coalesce(sum(bi.quantity), 0)::int FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
              WHERE b.starts_at = $1::timestamptz AND b.status <> 'cancelled') AS booked`,
    [startAt],
  );
  return rows[0]!;
}

describeEachDatabase('orders and bookings of times of day', (database) => {
  it('books each held slot line of an order once, and only that slot’s hold becomes its booking', async () => {
    await withService(database, async (service) => {
      await tours(service);
      const held = await api(service).post(
        '/v1/reservations',
        {
          cart_token: 'cart-shopify',
          items: [
            { external_id: 8001, start: '2026-12-06 09:00', quantity: 2 },
            { external_id: 8001, start: '2026-12-06 13:00', quantity: 1 },
          ],
        },
        { token: TOKENS.publishable },
      );
      expect(held.status).toBe(201);
      const [nine, one] = held.body.items as Array<{ start: string; finish: string }>;
      // The order pays for the 09:00 tour only: the 13:00 seat stays held for the cart.
      const payload = orderPayload({ lines: [heldLine(1001, 8001, nine!.start, nine!.finish, 2, 1, held.body.id)] });
      const first = await (await service.fetch(webhook('orders/create', payload, { webhookId: 'w-1' }))).json();
      expect(first).toMatchObject({ bookings: [expect.any(Number)], conflicts: [] });
      const again = await (await service.fetch(webhook('orders/create', payload, { webhookId: 'w-2' }))).json();
      expect(again.bookings).toEqual(first.bookings);
      expect(await seats(service, nine!.start)).toEqual({ held: 0, booked: 2 });
      expect(await seats(service, one!.start)).toEqual({ held: 1, booked: 0 });
      const booking = (await api(service).get(`/v1/bookings/${first.bookings[0]}`)).body;
      expect(booking).toMatchObject({
        starts_at: '2026-12-05T22:00:00.000Z',
        finishes_at: '2026-12-06T00:00:00.000Z',
        starts_at_local: '2026-12-06T09:00',
        finishes_at_local: '2026-12-06T11:00',
      });
    });
  });

  it('books a slot by its local times, refuses a time that is no slot with a 422, and a full departure with a 409', async () => {
    await withService(database, async (service) => {
      await tours(service);
      const book = (start: string, finish: string, quantity: number) =>
        api(service).post('/v1/bookings', {
          starts_at: start,
          finishes_at: finish,
          customers: [{ first_name: 'Ada', last_name: 'Byron', email: 'ada@example.com' }],
          items: [{ external_id: 8001, quantity }],
        });
      expect((await book('2026-12-06 09:00', '2026-12-06 11:00', 3)).status).toBe(201);
      const full = await book('2026-12-06 09:00', '2026-12-06 11:00', 1);
      expect(full.status).toBe(409);
      expect(full.body.details.items[0]).toMatchObject({ status: 'sold_out', quantity_available: 0 });
      const wrong = await book('2026-12-06 10:00', '2026-12-06 12:00', 1);
      expect(wrong.status).toBe(422);
      expect(JSON.stringify(wrong.body)).toMatch(/not a slot.*2026-12-06 09:00/);
      const long = await book('2026-12-06 13:00', '2026-12-06 17:00', 1);
      expect(long.status).toBe(422);
      expect(JSON.stringify(long.body)).toMatch(/finishes_at/);
      expect((await book('2026-12-06 13:00', '2026-12-06 15:00', 3)).status).toBe(201);
      expect(await seats(service, '2026-12-06T02:00:00.000Z')).toEqual({ held: 0, booked: 3 });
    });
  });
});
