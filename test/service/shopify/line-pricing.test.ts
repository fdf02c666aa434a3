/**
 * An order line books only what it paid for, priced by the one rule the storefront used: the
 * product's oldest widget (else the range defaults, per day), as recorded when the hold was
 * made. Underpaying lines book nothing and are listed as conflicts saying what was held and
 * what was paid; overpaying lines are booked and noted.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, TOKENS, withService } from '../api.ts';
import { heldLine, orderPayload, webhook } from './payloads.ts';

/** Holds `units` of `variant` from `start` to `finish` (exclusive days) in `cart`. */
async function hold(
  service: TestService,
  cart: string,
  variant: number,
  start: string,
  finish: string,
  units: number,
  token: string = TOKENS.publishable,
) {
  const r = await api(service).post(
    '/v1/reservations',
    { cart_token: cart, items: [{ external_id: variant, start, finish, quantity: units }] },
    { token },
  );
  expect(r.status).toBe(201);
  return { id: r.body.id as number, start: r.body.items[0].start as string, finish: r.body.items[0].finish as string };
}

/** A line for hold `h` carrying `quantity` (what the shopper paid for), its properties the hold's own. */
const lineFor = (
  id: number,
  variant: number,
  h: { id: number; start: string; finish: string },
  units: number,
  quantity: number,
) => ({ ...heldLine(id, variant, h.start, h.finish, units, 1, h.id), quantity });

const deliver = async (service: TestService, payload: unknown) => {
  const answer = await service.fetch(webhook('orders/create', payload));
  expect(answer.status).toBe(200);
  return answer.json();
};
const heldOn = async (service: TestService, variant: number, date: string) =>
  (await api(service).get(`/v1/occupancy?start=${date}&finish=2026-12-20&external_variant_id=${variant}`)).body[0] as {
    held: number;
    booked: number;
  };
const conflicts = async (service: TestService) =>
  (await api(service).get('/v1/shopify/conflicts')).body as Record<string, unknown>[];
const kayakWidgetId = async (service: TestService) =>
  (await api(service).get('/v1/widgets?external_product_id=7001')).body[0].id as number;

describeEachDatabase('Shopify orders: a line pays for its hold under one pricing rule', (database) => {
  it('books nothing for 2 kayaks held 3 days (6 in the cart) when the line carries 2, although a newer per-booking widget is on the product too', async () => {
    await withService(database, async (service) => {
      // The kayak's range widget (per day) is its oldest; a date widget priced per booking joins it.
      const added = await api(service).post('/v1/widgets', {
        title: 'Kayak day trip',
        type: 'date',
        external_product_ids: [7001],
      });
      expect(added.status).toBe(201);
      const h = await hold(service, 'cart-two-widgets', 8001, '2026-12-10', '2026-12-13', 2);
      const body = await deliver(
        service,
        orderPayload({ id: '7001', cartToken: 'cart-two-widgets', lines: [lineFor(51, 8001, h, 2, 2)] }),
      );
      expect(body).toMatchObject({
        bookings: [],
        conflicts: [{ line_id: '51', external_variant_id: 8001, reason: 'the order line does not match the hold' }],
      });
      expect(await heldOn(service, 8001, '2026-12-11')).toEqual(expect.objectContaining({ held: 2, booked: 0 }));
      expect(await conflicts(service)).toEqual([
        expect.objectContaining({
          order_id: '7001',
          order_name: '#9999',
          line_id: '51',
          quantity: 2,
          line_quantity: 2,
          held_line_quantity: 6,
          pricing: 'day',
          booking_id: null,
          starts_at: h.start,
          finishes_at: h.finish,
        }),
      ]);
    });
  });

  it('prices a product on no widget per day: a 4-day hold of 1 unit paid by a line of 1 books nothing, a line of 4 books it', async () => {
    await withService(database, async (service) => {
      const made = await api(service).post('/v1/products', {
        external_id: 7100,
        title: 'Paddle boards',
        variants: [{ external_id: 8100, title: 'Board', capacity: 4 }],
      });
      expect(made.status).toBe(201);
      const cheap = await hold(service, 'cart-board-cheap', 8100, '2026-12-10', '2026-12-14', 1, TOKENS.secret);
      const fair = await hold(service, 'cart-board-fair', 8100, '2026-12-10', '2026-12-14', 1, TOKENS.secret);
      const refused = await deliver(
        service,
        orderPayload({ id: '7002', cartToken: 'cart-board-cheap', lines: [lineFor(52, 8100, cheap, 1, 1)] }),
      );
      expect(refused).toMatchObject({
        bookings: [],
        conflicts: [{ line_id: '52', reason: 'the order line does not match the hold' }],
      });
      const booked = await deliver(
        service,
        orderPayload({ id: '7003', cartToken: 'cart-board-fair', lines: [lineFor(53, 8100, fair, 1, 4)] }),
      );
      expect(booked).toMatchObject({ bookings: [expect.any(Number)], conflicts: [] });
      expect(await heldOn(service, 8100, '2026-12-12')).toEqual(expect.objectContaining({ held: 1, booked: 1 }));
      expect(await conflicts(service)).toEqual([
        expect.objectContaining({
          order_id: '7002',
          line_id: '52',
          quantity: 1,
          line_quantity: 1,
          held_line_quantity: 4,
          pricing: 'day',
        }),
      ]);
    });
  });

  it('charges a hold what it cost when it was made, though the widget is changed to per-booking before the order', async () => {
    await withService(database, async (service) => {
      const paid = await hold(service, 'cart-before-change', 8001, '2026-12-10', '2026-12-13', 2);
      const cheap = await hold(service, 'cart-cheap-after-change', 8001, '2026-12-10', '2026-12-13', 1);
      const changed = await api(service).put(`/v1/widgets/${await kayakWidgetId(service)}`, {
        settings: { pricing: 'booking' },
      });
      expect(changed.status).toBe(200);
      // Paid 2 × 3 days as the cart was charged: booked. Paid 1, which per booking would now do: not booked.
      const booked = await deliver(
        service,
        orderPayload({ id: '7004', cartToken: 'cart-before-change', lines: [lineFor(54, 8001, paid, 2, 6)] }),
      );
      expect(booked).toMatchObject({ bookings: [expect.any(Number)], conflicts: [] });
      const refused = await deliver(
        service,
        orderPayload({ id: '7005', cartToken: 'cart-cheap-after-change', lines: [lineFor(55, 8001, cheap, 1, 1)] }),
      );
      expect(refused).toMatchObject({
        bookings: [],
        conflicts: [{ line_id: '55', reason: 'the order line does not match the hold' }],
      });
      expect(await heldOn(service, 8001, '2026-12-11')).toEqual(expect.objectContaining({ held: 1, booked: 2 }));
      expect(await conflicts(service)).toEqual([
        expect.objectContaining({
          order_id: '7005',
          line_quantity: 1,
          held_line_quantity: 3,
          pricing: 'day',
          booking_id: null,
        }),
      ]);
    });
  });

  it('books a line that pays more than its hold and lists a note naming the booking, the hold’s quantity and the line’s', async () => {
    await withService(database, async (service) => {
      const h = await hold(service, 'cart-generous', 8001, '2026-12-10', '2026-12-12', 1);
      const body = await deliver(
        service,
        orderPayload({ id: '7006', cartToken: 'cart-generous', lines: [lineFor(56, 8001, h, 1, 5)] }),
      );
      expect(body).toMatchObject({ bookings: [expect.any(Number)], conflicts: [] });
      expect(await heldOn(service, 8001, '2026-12-10')).toEqual(expect.objectContaining({ held: 0, booked: 1 }));
      expect(await conflicts(service)).toEqual([
        expect.objectContaining({
          order_id: '7006',
          line_id: '56',
          quantity: 1,
          line_quantity: 5,
          held_line_quantity: 2,
          pricing: 'day',
          booking_id: body.bookings[0],
          reason: 'the order line paid for more than its hold: booked',
        }),
      ]);
    });
  });
});
