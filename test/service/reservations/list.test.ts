// GET /v1/reservations and GET /v1/reservations/{id}: filters, newest first, pages, and what a
// publishable token may read.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { PUBLISHABLE, call, get, hold } from './api.ts';

describeEachDatabase('reading reservations', (database) => {
  let service: TestService;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    service = await createTestService({ database });
    const post = async (cart: string, items: unknown[]) => {
      const r = await hold(service, { cart_token: cart, items });
      expect(r.status).toBe(201);
      ids[cart] = r.body.id;
      service.clock.advance(60_000);
    };
    await post('kayak', [{ external_id: 8001, start: '2026-12-10', quantity: 1 }]);
    await post('tour', [{ external_id: 8003, start: '2026-12-10', quantity: 1 }]);
    await post('both', [
      { external_id: 8002, start: '2026-12-10', quantity: 1 },
      { external_id: 8003, start: '2026-12-11', quantity: 1 },
    ]);
    await call(
      service,
      'POST',
      '/v1/reservations',
      { cart_token: 'alpine', items: [{ external_id: 9101, start: '2026-12-10', quantity: 1 }] },
      { token: 'sk_test_alpine' },
    );
  });
  afterAll(async () => {
    await service?.close();
  });

  const listed = async (query: string) => {
    const r = await get(service, `/v1/reservations${query}`);
    expect(r.status).toBe(200);
    return r.body.map((x: any) => x.id);
  };

  it('lists the shop reservations newest first, never another shop', async () => {
    expect(await listed('')).toEqual([ids.both, ids.tour, ids.kayak]);
  });

  it('filters by cart_token, product and variant (own and external ids)', async () => {
    const { rows } = await service.db.query<{ id: number; product_id: number }>(
      'SELECT id, product_id FROM variants WHERE external_id = 8003',
    );
    expect(await listed('?cart_token=tour')).toEqual([ids.tour]);
    expect(await listed('?external_product_id=7002')).toEqual([ids.both, ids.tour]);
    expect(await listed(`?product_id=${rows[0]!.product_id}`)).toEqual([ids.both, ids.tour]);
    expect(await listed('?external_variant_id=8001')).toEqual([ids.kayak]);
    expect(await listed(`?variant_id=${rows[0]!.id}&cart_token=both`)).toEqual([ids.both]);
    expect(await listed('?external_variant_id=9101')).toEqual([]);
  });

  it('pages with per and page, with X-Total-Count and Link', async () => {
    const r = await get(service, '/v1/reservations?per=2&page=2');
    expect(r.body.map((x: any) => x.id)).toEqual([ids.kayak]);
    expect(r.headers.get('x-total-count')).toBe('3');
    expect(r.headers.get('link')).toContain('rel="prev"');
    expect((await get(service, '/v1/reservations?per=0')).status).toBe(422);
    expect((await get(service, '/v1/reservations?active=maybe')).body.details.fields).toHaveProperty('active');
  });

  it('returns one reservation by id, and 404 for an unknown id or another shop', async () => {
    const one = await get(service, `/v1/reservations/${ids.both}`);
    expect(one.status).toBe(200);
    expect(one.body.items.map((i: any) => i.external_id)).toEqual([8002, 8003]);
    expect((await get(service, '/v1/reservations/999999')).status).toBe(404);
    expect((await get(service, '/v1/reservations/abc')).status).toBe(404);
    expect((await get(service, `/v1/reservations/${ids.both}`, { token: 'sk_test_alpine' })).status).toBe(404);
  });

  it('lets a publishable token read a cart only by naming it', async () => {
    expect((await get(service, '/v1/reservations', { token: PUBLISHABLE })).status).toBe(403);
    expect(
      (await get(service, '/v1/reservations?cart_token=tour', { token: PUBLISHABLE })).body.map((r: any) => r.id),
    ).toEqual([ids.tour]);
    expect((await get(service, `/v1/reservations/${ids.tour}`, { token: PUBLISHABLE })).status).toBe(404);
    expect((await get(service, `/v1/reservations/${ids.tour}?cart_token=kayak`, { token: PUBLISHABLE })).status).toBe(
      404,
    );
    expect((await get(service, `/v1/reservations/${ids.tour}?cart_token=tour`, { token: PUBLISHABLE })).body.id).toBe(
      ids.tour,
    );
  });
});
