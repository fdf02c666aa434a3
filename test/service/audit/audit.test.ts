import { expect, it } from 'vitest';
import { actionWords, routePattern } from '../../../src/service/audit/actions.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { signedInAs } from '../../helpers/staff.ts';
import { api, TOKENS, withService } from '../api.ts';

const SAM = { email: 'sam@harbour.test', password: 'sam-paddles-daily', name: 'Sam Staff', role: 'staff' as const };
const booking = {
  starts_at: '2026-12-10 10:00',
  finishes_at: '2026-12-10 12:00',
  items: [{ external_id: 8002, quantity: 1 }],
  customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }],
};

describeEachDatabase('The audit log', (database) => {
  it('records a booking made and cancelled by a member of staff and a change made with a token, and leaves a shopper’s hold and release to the hold’s own record', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const sam = await signedInAs(service, SAM);
      const page = { token: null, headers: { cookie: sam.cookie, origin: service.baseUrl } };
      const made = (await a.post('/v1/bookings', booking, page)).body;
      expect((await a.post(`/v1/bookings/${made.id}/cancel`, undefined, page)).status).toBe(200);
      const hold = await a.post(
        '/v1/reservations',
        { cart_token: 'cart-shopper-1', items: [{ external_id: 8002, start: '2026-12-12', quantity: 1 }] },
        { token: TOKENS.publishable },
      );
      expect(hold.status).toBe(201);
      const released = await a.delete(`/v1/reservations/${hold.body.id}?cart_token=cart-shopper-1`, {
        token: TOKENS.publishable,
      });
      expect(released.status).toBe(204);
      const variant = (await service.db.query<{ id: number }>('SELECT id FROM variants WHERE external_id = 8002'))
        .rows[0]!.id;
      expect((await a.put(`/v1/variants/${variant}`, { capacity: 3 })).status).toBe(200);
      // Reads and refusals are not changes.
      await a.get('/v1/bookings');
      expect((await a.post(`/v1/bookings/999999/cancel`, undefined)).status).toBe(404);

      const log = await a.get('/v1/audit', { token: null, headers: { cookie: sam.cookie } });
      expect(log.status).toBe(200);
      const rows = log.body.map((e: { actor: string; action: string; actor_kind: string }) => [
        e.actor_kind,
        e.actor,
        e.action,
      ]);
      expect(rows).toEqual([
        ['token', 'API token sk_…bour', `changed variant ${variant}`],
        ['staff', 'Sam Staff', `cancelled booking ${made.id}`],
        ['staff', 'Sam Staff', `created booking ${made.id}`],
        ['staff', 'Sam Staff', 'signed in with their password'],
      ]);
      // A shopper's hold and its release are the hold's own record, not the log's.
      expect(log.body[1]).toMatchObject({ staff_id: sam.id, target_id: String(made.id), method: 'POST' });
      expect(log.body[0].at).toBe(new Date(service.clock.now()).toISOString());
      // Paged like every list, newest first; another shop sees none of it; a shopper may not read it.
      const second = await a.get('/v1/audit?per=2&page=2');
      expect(second.headers.get('x-total-count')).toBe('4');
      expect(second.body.map((e: { action: string }) => e.action)).toEqual([
        `created booking ${made.id}`,
        'signed in with their password',
      ]);
      expect((await a.get('/v1/audit', { token: TOKENS.otherSecret })).body).toEqual([]);
      expect((await a.get('/v1/audit', { token: TOKENS.publishable })).status).toBe(403);
      expect((await a.get('/v1/audit?per=0')).status).toBe(422);
    });
  });
});

it('names a route it has never heard of from its pattern, so new endpoints are recorded with no code of their own', () => {
  const words = (method: string, path: string) => {
    const { pattern, id } = routePattern(method, path);
    return actionWords(pattern, { id });
  };
  expect(words('PATCH', '/v1/bookings/42')).toBe('changed booking 42');
  expect(words('POST', '/v1/customers')).toBe('created customer');
  expect(words('PUT', '/v1/customers/7')).toBe('changed customer 7');
  expect(words('DELETE', '/v1/blackouts/3')).toBe('deleted blackout 3');
  expect(words('POST', '/v1/bookings/42/cancel')).toBe('cancelled booking 42');
  expect(words('POST', '/v1/orders/9/refund')).toBe('refund order 9');
  expect(words('POST', '/v1/variants/3/misfits')).toBeNull();
  expect(words('DELETE', '/v1/reservations/7')).toBe('released hold 7');
});
