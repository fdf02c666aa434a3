// The shop's locations through the API (issue 18): list, create, rename, delete; a location a
// product or blackout names cannot be deleted (409 in_use), like a product.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, catalogIds, TOKENS, withService } from '../api.ts';

describeEachDatabase('/v1/locations', (database) => {
  it("lists the shop's locations only, creates one with Location and renames it", async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const list = await a.get('/v1/locations');
      expect(list.body.map((l: { name: string }) => l.name)).toEqual(['Docklands', 'St Kilda']);
      expect(list.headers.get('x-total-count')).toBe('2');
      const made = await a.post('/v1/locations', { name: '  Williamstown ' });
      expect(made.status).toBe(201);
      expect(made.body).toEqual({ id: expect.any(Number), name: 'Williamstown' });
      expect(made.headers.get('location')).toBe(`/v1/locations/${made.body.id}`);
      const renamed = await a.put(`/v1/locations/${made.body.id}`, { name: 'Port Melbourne' });
      expect(renamed.body).toEqual({ id: made.body.id, name: 'Port Melbourne' });
      expect((await a.get('/v1/locations', { token: TOKENS.otherSecret })).body).toEqual([]);
      expect((await a.put(`/v1/locations/${made.body.id}`, { name: 'x' }, { token: TOKENS.otherSecret })).status).toBe(
        404,
      );
      expect((await a.get('/v1/locations', { token: TOKENS.publishable })).status).toBe(403);
    });
  });

  it('refuses unknown fields, a blank or duplicate name with 422 naming the field, and changes nothing', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { docklands } = await catalogIds(service);
      const before = (await service.db.query('SELECT * FROM locations ORDER BY id')).rows;
      for (const [body, field] of [
        [{ name: '' }, 'name'],
        [{ name: 5 }, 'name'],
        [{}, 'name'],
        [{ name: 'A', city: 'B' }, 'city'],
        [{ name: 'St Kilda' }, 'name'],
        [[], 'body'],
      ] as const) {
        const created = await a.post('/v1/locations', body);
        expect(created.status, JSON.stringify(body)).toBe(422);
        expect(created.body.details.fields, JSON.stringify(body)).toHaveProperty([field]);
        expect((await a.put(`/v1/locations/${docklands}`, body)).status, JSON.stringify(body)).toBe(422);
      }
      expect((await service.db.query('SELECT * FROM locations ORDER BY id')).rows).toEqual(before);
    });
  });

  it('deletes a location nothing names, and refuses (409 in_use with the counts) one a product or blackout names', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { docklands } = await catalogIds(service);
      const used = await a.delete(`/v1/locations/${docklands}`);
      expect(used.status).toBe(409);
      expect(used.body.error).toBe('in_use');
      expect(used.body.details.dependents).toMatchObject({
        products: expect.any(Number),
        blackouts: expect.any(Number),
      });
      expect(used.body.details.dependents.products + used.body.details.dependents.blackouts).toBeGreaterThan(0);
      const spare = await a.post('/v1/locations', { name: 'Spare' });
      expect((await a.delete(`/v1/locations/${spare.body.id}`)).status).toBe(204);
      expect((await a.delete(`/v1/locations/${spare.body.id}`)).status).toBe(404);
      expect((await a.get('/v1/locations')).body.map((l: { name: string }) => l.name)).toEqual([
        'Docklands',
        'St Kilda',
      ]);
    });
  });
});
