import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api, storedBlackouts, TOKENS, withService } from '../api.ts';

describeEachDatabase('PUT /v1/blackouts/{id}', (database) => {
  const created = async (service: TestService, body: object = {}) =>
    (
      await api(service).post('/v1/blackouts', {
        title: 'Staff day',
        starts_at: '2026-12-20',
        finishes_at: '2026-12-21',
        external_product_id: 7001,
        ...body,
      })
    ).body;

  it('changes only the fields given, moves updated_at to now and keeps created_at', async () => {
    await withService(database, async (service) => {
      const blackout = await created(service);
      service.clock.advance(60_000);
      const { status, body } = await api(service).put(`/v1/blackouts/${blackout.id}`, {
        title: 'Staff training',
        scope: 'start',
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        ...blackout,
        title: 'Staff training',
        scope: 'start',
        updated_at: '2026-11-22T01:01:00.000Z',
      });
      expect((await api(service).get(`/v1/blackouts/${blackout.id}/`)).body).toEqual(body);
    });
  });

  it('leaves updated_at when nothing changes, so a record read with GET can be sent back as it is', async () => {
    await withService(database, async (service) => {
      const blackout = await created(service);
      service.clock.advance(60_000);
      const { status, body } = await api(service).put(`/v1/blackouts/${blackout.id}`, blackout);
      expect(status).toBe(200);
      expect(body).toEqual(blackout);
      // A variant's blackout shows its product, though it names only the variant.
      const variant = await api(service).post('/v1/blackouts', {
        starts_at: '2026-12-24',
        finishes_at: '2026-12-25',
        external_variant_id: 8002,
      });
      expect(variant.body.product_id).not.toBeNull();
      service.clock.advance(60_000);
      const again = await api(service).put(`/v1/blackouts/${variant.body.id}`, variant.body);
      expect(again.body).toEqual(variant.body);
    });
  });

  it('keeps all_day while days change, drops it for a timed boundary, and clears a target with null', async () => {
    await withService(database, async (service) => {
      const blackout = await created(service);
      const later = await api(service).put(`/v1/blackouts/${blackout.id}`, { finishes_at: '2026-12-23' });
      expect(later.body).toMatchObject({
        starts_at: '2026-12-19T13:00:00.000Z',
        finishes_at: '2026-12-22T13:00:00.000Z',
        all_day: 1,
      });
      const timed = await api(service).put(`/v1/blackouts/${blackout.id}`, { starts_at: '2026-12-20 12:00' });
      expect(timed.body).toMatchObject({ starts_at: '2026-12-20T01:00:00.000Z', all_day: 0 });
      const shopWide = await api(service).put(`/v1/blackouts/${blackout.id}`, { external_product_id: null });
      expect(shopWide.body).toMatchObject({ product_id: null, external_product_id: null, vendor: null });
      const variant = await api(service).put(`/v1/blackouts/${blackout.id}`, { external_variant_id: 8002 });
      // Issue 15: a variant's blackout names the variant's product (it was null beside the vendor).
      expect(variant.body).toMatchObject({ external_product_id: 7001, external_variant_id: 8002, vendor: 'Harbour' });
      expect(typeof variant.body.product_id).toBe('number');
    });
  });

  it('checks the merged blackout: a finish before the stored start is 422 and changes nothing', async () => {
    await withService(database, async (service) => {
      const blackout = await created(service);
      const { status, body } = await api(service).put(`/v1/blackouts/${blackout.id}`, {
        finishes_at: '2026-12-19',
        title: 'Moved',
      });
      expect(status).toBe(422);
      expect(body.details.fields).toEqual({ finishes_at: ['must be after starts_at'] });
      const clash = await api(service).put(`/v1/blackouts/${blackout.id}`, { external_variant_id: 8003 });
      expect(clash.body.details.fields).toEqual({
        external_variant_id: ['names a variant of another product than the blackout names'],
      });
      expect((await api(service).get(`/v1/blackouts/${blackout.id}`)).body).toEqual(blackout);
    });
  });

  let service: TestService;
  let before: unknown[];
  beforeAll(async () => {
    service = await createTestService({ database });
    before = await storedBlackouts(service);
  });
  afterAll(async () => {
    expect(await storedBlackouts(service)).toEqual(before);
    await service.close();
  });

  it("answers 404 for an unknown id, another shop's blackout and an id that cannot be one", async () => {
    const alpine = (await service.db.query<{ id: number }>("SELECT id FROM blackouts WHERE title = 'Inventory'"))
      .rows[0]!.id;
    for (const id of ['999999', String(alpine), 'abc', '0', '99999999999999999999']) {
      const { status, body } = await api(service).put(`/v1/blackouts/${id}`, { title: 'Mine now' });
      expect(status).toBe(404);
      expect(body.error).toBe('not_found');
    }
  });

  it('refuses a publishable token with 403', async () => {
    const id = before[0] as { id: number };
    const { status } = await api(service).put(
      `/v1/blackouts/${id.id}`,
      { title: 'Open' },
      { token: TOKENS.publishable },
    );
    expect(status).toBe(403);
  });

  it('names every bad field in one 422, unknown fields included', async () => {
    const id = (before[0] as { id: number }).id;
    const { status, body } = await api(service).put(`/v1/blackouts/${id}`, {
      title: '',
      starts_at: '2026-12-32',
      all_day: 'yes',
      start: '2026-12-20',
    });
    expect(status).toBe(422);
    expect(Object.keys(body.details.fields).sort()).toEqual(['all_day', 'start', 'starts_at', 'title']);
  });
});
