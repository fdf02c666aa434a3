/**
 * `carts/update` releases only the holds it can prove the cart dropped: a line whose
 * properties Shopify sent as `null` (or not at all) may be the hold's own line.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, TOKENS, withService } from '../api.ts';
import { heldLine, webhook } from './payloads.ts';

/** Holds 1 Single kayak (8001) for 10-11 December in `cart`, then lets the fresh-hold grace pass. */
async function settledHold(service: TestService, cart: string) {
  const r = await api(service).post(
    '/v1/reservations',
    { cart_token: cart, items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-12', quantity: 1 }] },
    { token: TOKENS.publishable },
  );
  expect(r.status).toBe(201);
  service.clock.advance(2 * 60_000);
  return { id: r.body.id as number, start: r.body.items[0].start as string, finish: r.body.items[0].finish as string };
}

const update = async (service: TestService, payload: unknown) => {
  const answer = await service.fetch(webhook('carts/update', payload));
  expect(answer.status).toBe(200);
  return answer.json();
};
const held = async (service: TestService) =>
  (
    (await api(service).get('/v1/occupancy?start=2026-12-10&finish=2026-12-11&external_variant_id=8001')).body[0] as {
      held: number;
    }
  ).held;

describeEachDatabase('Shopify cart updates: what a cart proves it dropped', (database) => {
  it('keeps a hold whose variant’s line comes with properties null, with no properties, or in a payload without line_items', async () => {
    await withService(database, async (service) => {
      const h = await settledHold(service, 'cart-null-props');
      const { properties: _p, ...bare } = heldLine(61, 8001, h.start, h.finish, 1, 2, h.id);
      for (const payload of [
        { token: 'cart-null-props', line_items: [{ ...bare, properties: null }] },
        { token: 'cart-null-props', line_items: [bare] },
        { token: 'cart-null-props', line_items: [{ ...bare, properties: { _start: 'not a time' } }] },
        { token: 'cart-null-props' },
        { token: 'cart-null-props', line_items: null },
      ]) {
        expect(await update(service, payload)).toEqual({ released: 0 });
      }
      expect(await held(service)).toBe(1);
    });
  });

  it('releases a hold when the only line of its variant carries another held item’s _start, or when no line of its variant is left', async () => {
    await withService(database, async (service) => {
      const h = await settledHold(service, 'cart-moved');
      const other = heldLine(62, 8001, '2026-12-14T13:00:00.000Z', '2026-12-15T13:00:00.000Z', 1, 1, h.id);
      const asCart = { ...other, properties: Object.fromEntries(other.properties.map((p) => [p.name, p.value])) };
      expect(await update(service, { token: 'cart-moved', line_items: [asCart] })).toEqual({ released: 1 });
      expect(await held(service)).toBe(0);
      await settledHold(service, 'cart-emptied');
      expect(
        await update(service, {
          token: 'cart-emptied',
          line_items: [{ id: 1, variant_id: 808950810, quantity: 1, properties: null }],
        }),
      ).toEqual({ released: 1 });
      expect(await held(service)).toBe(0);
    });
  });
});
