/**
 * An order line for times of day pays for its slots under the one rule the storefront charges
 * by (issue 29, point 3): a slot widget priced per slot asks units × the consecutive slots held,
 * one priced per booking (per person) the units alone. A line that pays for fewer slots than its
 * hold books nothing and is a conflict, as for days; without its hold, the product's pricing now
 * counts the slots the line names.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, TOKENS, withService } from '../api.ts';
import { heldLine, orderPayload, webhook } from './payloads.ts';

/** Kayaks (8001, 8002) by the hour: 09:00-17:00 daily, 60-minute slots, up to 4 in a row, units. */
const HOURLY = {
  counting: 'units',
  hours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['09:00', '17:00']]])),
  duration_minutes: 60,
  interval_minutes: 60,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  min_notice_minutes: 0,
  horizon_days: 365,
  max_slots: 4,
};

/** The kayaks booked by the hour, their widget a slot widget priced `pricing`. */
async function hourly(service: TestService, pricing: 'slot' | 'booking'): Promise<void> {
  await service.db.query('UPDATE variants SET schedule = $1::jsonb WHERE external_id IN (8001, 8002)', [
    JSON.stringify(HOURLY),
  ]);
  const widget = (await api(service).get('/v1/widgets?external_product_id=7001')).body[0];
  const changed = await api(service).put(`/v1/widgets/${widget.id}`, { type: 'slot', settings: { pricing } });
  expect(changed.status).toBe(200);
}

/** Holds `units` kayaks from `start` to `finish` (local times) in `cart`. */
async function hold(service: TestService, cart: string, start: string, finish: string, units: number) {
  const r = await api(service).post(
    '/v1/reservations',
    { cart_token: cart, items: [{ external_id: 8001, start, finish, quantity: units }] },
    { token: TOKENS.publishable },
  );
  expect(r.status).toBe(201);
  return { id: r.body.id as number, start: r.body.items[0].start as string, finish: r.body.items[0].finish as string };
}

const line = (id: number, h: { id: number | string; start: string; finish: string }, units: number, paid: number) => ({
  ...heldLine(id, 8001, h.start, h.finish, units, 1, h.id),
  quantity: paid,
});

async function deliver(service: TestService, id: string, cart: string, lines: unknown[]) {
  const answer = await service.fetch(webhook('orders/create', orderPayload({ id, cartToken: cart, lines })));
  expect(answer.status).toBe(200);
  return answer.json();
}

const conflicts = async (service: TestService) =>
  (await api(service).get('/v1/shopify/conflicts')).body as Record<string, unknown>[];

describeEachDatabase('Shopify orders: a line pays for its slots', (database) => {
  it('books a line paying for 3 slots of 2 kayaks (6), and refuses one paying for 2 slots (4) as a conflict naming 6 per slot', async () => {
    await withService(database, async (service) => {
      await hourly(service, 'slot');
      const fair = await hold(service, 'cart-three-hours', '2026-12-10 09:00', '2026-12-10 12:00', 2);
      const cheap = await hold(service, 'cart-two-hours-paid', '2026-12-10 13:00', '2026-12-10 16:00', 2);
      const booked = await deliver(service, '7101', 'cart-three-hours', [line(61, fair, 2, 6)]);
      expect(booked).toMatchObject({ bookings: [expect.any(Number)], conflicts: [] });
      const refused = await deliver(service, '7102', 'cart-two-hours-paid', [line(62, cheap, 2, 4)]);
      expect(refused).toMatchObject({
        bookings: [],
        conflicts: [{ line_id: '62', reason: 'the order line does not match the hold' }],
      });
      expect(await conflicts(service)).toEqual([
        expect.objectContaining({
          order_id: '7102',
          line_id: '62',
          quantity: 2,
          line_quantity: 4,
          held_line_quantity: 6,
          pricing: 'slot',
          booking_id: null,
        }),
      ]);
    });
  });

  it('prices per person on a slot widget priced per booking: 2 kayaks for 3 slots book with a line of 2, not of 1', async () => {
    await withService(database, async (service) => {
      await hourly(service, 'booking');
      const fair = await hold(service, 'cart-two-people', '2026-12-10 09:00', '2026-12-10 12:00', 2);
      const cheap = await hold(service, 'cart-one-paid', '2026-12-10 13:00', '2026-12-10 16:00', 2);
      expect(await deliver(service, '7103', 'cart-two-people', [line(63, fair, 2, 2)])).toMatchObject({
        bookings: [expect.any(Number)],
        conflicts: [],
      });
      expect(await deliver(service, '7104', 'cart-one-paid', [line(64, cheap, 2, 1)])).toMatchObject({
        bookings: [],
        conflicts: [{ line_id: '64' }],
      });
    });
  });

  it('counts the slots a line names when its hold is gone: 1 kayak for 3 slots books with a line of 3, not of 2', async () => {
    await withService(database, async (service) => {
      await hourly(service, 'slot');
      // The lines name a hold that is not the cart's: their own properties stand, priced by the product now.
      const nine = { id: 999_999, start: '2026-12-10T22:00:00.000Z', finish: '2026-12-11T01:00:00.000Z' };
      const one = { id: 999_999, start: '2026-12-11T02:00:00.000Z', finish: '2026-12-11T05:00:00.000Z' };
      const body = await deliver(service, '7105', 'cart-no-hold', [line(65, nine, 1, 3), line(66, one, 1, 2)]);
      expect(body).toMatchObject({ bookings: [expect.any(Number)], conflicts: [{ line_id: '66' }] });
      expect(await conflicts(service)).toEqual([
        expect.objectContaining({ line_id: '66', line_quantity: 2, held_line_quantity: 3, pricing: 'slot' }),
      ]);
    });
  });
});
