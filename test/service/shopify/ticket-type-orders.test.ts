/**
 * A hold of several ticket types (RESOURCES.md §4): Adults and Children in one boat's seats with
 * one guide per booking, held in one post, become two cart lines with one `_reservation_id`.
 * `orders/create` books them as ONE booking, exactly once however often Shopify delivers it,
 * judging each line's payment as before; the guide is taken once for the group.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { addResource, requireResources } from '../reservations/resources-setup.ts';
import { api, TOKENS, withService } from '../api.ts';
import { heldLine, orderPayload, webhook } from './payloads.ts';

async function ticketTypes(service: TestService) {
  // 8001 and 8002 stand for Adult and Child: one boat of 12 seats, one of two guides per booking.
  const boat = await addResource(service.db, { name: 'Boat', units: 12 });
  const anna = await addResource(service.db, { name: 'Anna', units: 1 });
  const ben = await addResource(service.db, { name: 'Ben', units: 1 });
  for (const externalId of [8001, 8002]) {
    await requireResources(service.db, externalId, { pool: [boat] });
    await requireResources(service.db, externalId, { pool: [anna, ben], per: 'booking' });
  }
  const held = await api(service).post(
    '/v1/reservations',
    {
      cart_token: 'cart-shopify',
      items: [
        { external_id: 8001, start: '2026-12-10', quantity: 2 },
        { external_id: 8002, start: '2026-12-10', quantity: 1 },
      ],
    },
    { token: TOKENS.publishable },
  );
  expect(held.status).toBe(201);
  return {
    id: held.body.id as number,
    start: held.body.items[0].start as string,
    finish: held.body.items[0].finish as string,
  };
}

const deliver = async (service: TestService, payload: unknown) => {
  const answer = await service.fetch(webhook('orders/create', payload));
  expect(answer.status).toBe(200);
  return answer.json();
};

describeEachDatabase('Shopify orders of ticket types', (database) => {
  it('books the lines of one hold as one booking, exactly once, with one guide for the group', async () => {
    await withService(database, async (service) => {
      const hold = await ticketTypes(service);
      const order = orderPayload({
        id: '7001',
        lines: [
          heldLine(51, 8001, hold.start, hold.finish, 2, 1, hold.id),
          heldLine(52, 8002, hold.start, hold.finish, 1, 1, hold.id),
        ],
      });
      const [first, again] = [await deliver(service, order), await deliver(service, order)];
      expect(first.conflicts).toEqual([]);
      expect(first.bookings).toHaveLength(1);
      expect(again.bookings).toEqual(first.bookings);
      const booking = (await api(service).get(`/v1/bookings/${first.bookings[0]}`)).body;
      expect(booking.items.map((i: any) => [i.external_id, i.quantity])).toEqual([
        [8001, 2],
        [8002, 1],
      ]);
      const { rows } = await service.db.query<{ name: string; units: number }>(
        `SELECT s.name, sum(a.units)::int AS units FROM resource_allocations a JOIN resources s ON s.id = a.resource_id
          GROUP BY s.name ORDER BY s.name`,
      );
      // The seats of both lines, one guide (shared by the group's rows: counted once).
      expect(rows.find((r) => r.name === 'Boat')?.units).toBe(3);
      const { rows: guides } = await service.db.query<{ n: number }>(
        `SELECT count(DISTINCT coalesce(a.share_key, a.id::text))::int AS n FROM resource_allocations a
           JOIN resources s ON s.id = a.resource_id WHERE s.name IN ('Anna', 'Ben')`,
      );
      expect(guides[0]!.n).toBe(1);
      expect((await service.db.query('SELECT 1 FROM reservation_items')).rows).toHaveLength(0);
    });
  });

  it('books the paid line of a group and records the one that did not pay', async () => {
    await withService(database, async (service) => {
      const hold = await ticketTypes(service);
      const unpaid = { ...heldLine(62, 8002, hold.start, hold.finish, 1, 1, hold.id), quantity: 0 };
      const body = await deliver(
        service,
        orderPayload({ id: '7002', lines: [heldLine(61, 8001, hold.start, hold.finish, 2, 1, hold.id), unpaid] }),
      );
      expect(body.bookings, JSON.stringify(body)).toHaveLength(1);
      expect(body.conflicts).toEqual([
        { line_id: '62', external_variant_id: 8002, reason: 'the order line does not match the hold' },
      ]);
      const booking = (await api(service).get(`/v1/bookings/${body.bookings[0]}`)).body;
      expect(booking.items.map((i: any) => [i.external_id, i.quantity])).toEqual([[8001, 2]]);
    });
  });
});
