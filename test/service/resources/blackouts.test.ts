// Blackouts scoped to a resource (issue 39, RESOURCES.md §1: "Anna on leave"): they name the
// resource alone, close only what needs it, and never read as the whole shop closed: the
// widget's lists (publishable token, filtered by product or variant) and every list filtered by
// a product, variant, location or vendor leave them out; shoppers never see them at all.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, catalogIds, storedBlackouts, TOKENS, withService } from '../api.ts';
import { makeResource } from './helpers.ts';

const LEAVE = { title: 'Anna on leave', starts_at: '2026-12-14', finishes_at: '2026-12-17' };
const titles = (list: { body: Array<{ title: string | null; id: number }> }) => list.body.map((b) => b.title);

describeEachDatabase('Resource blackouts', (database) => {
  it('creates a resource’s blackout naming the resource alone, and lists it only for the merchant', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { docklands } = await catalogIds(service);
      const anna = await makeResource(service, { name: 'Anna', kind: 'staff', units: 1 });
      const made = await a.post('/v1/blackouts', { ...LEAVE, resource_id: anna });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({
        title: 'Anna on leave',
        product_id: null,
        variant_id: null,
        location_id: null,
        resource_id: anna,
        all_day: 1,
      });
      expect((await a.get(`/v1/blackouts/${made.body.id}`)).body).toEqual(made.body);
      // The merchant's whole list has it, with its resource; the resource's filter finds it alone.
      expect(titles(await a.get('/v1/blackouts'))).toContain('Anna on leave');
      expect(titles(await a.get(`/v1/blackouts?resource_id=${anna}`))).toEqual(['Anna on leave']);
      // Lists of what closes a product, a variant, a place or a vendor leave it out.
      for (const filter of [
        'external_variant_id=8003',
        'external_product_id=7002',
        'variant_id=1',
        `location_id=${docklands}`,
        'vendor=Harbour',
      ])
        expect(titles(await a.get(`/v1/blackouts?${filter}`)), filter).not.toContain('Anna on leave');

      // The widget's requests, with the publishable token: never there, not even by id.
      const shopper = { token: TOKENS.publishable };
      const widget = await a.get(
        '/v1/blackouts?external_product_id=7002&start_min=2026-11-01&finish_max=2027-02-01',
        shopper,
      );
      expect(widget.status).toBe(200);
      expect(widget.body.map((b: { id: number }) => b.id)).not.toContain(made.body.id);
      const all = await a.get('/v1/blackouts', shopper);
      expect(all.body.map((b: { id: number }) => b.id)).not.toContain(made.body.id);
      expect(all.body.every((b: { resource_id: number | null }) => b.resource_id === null)).toBe(true);
      expect((await a.get(`/v1/blackouts/${made.body.id}`, shopper)).status).toBe(404);
      expect((await a.get(`/v1/blackouts?resource_id=${anna}`, shopper)).body).toEqual([]);
    });
  });

  it('does not close the days of a variant that draws on no resource', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const anna = await makeResource(service, { name: 'Anna', kind: 'staff', units: 1 });
      await a.post('/v1/blackouts', { ...LEAVE, resource_id: anna });
      const days = await a.get('/v1/availability?external_variant_id=8001&start=2026-12-14&finish=2026-12-17', {
        token: TOKENS.publishable,
      });
      expect(days.body.map((d: { status: string }) => d.status)).toEqual(['ok', 'ok', 'ok']);
    });
  });

  it('refuses another shop’s resource and a resource with a product, variant or location (422), changing nothing', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { kayak, docklands } = await catalogIds(service);
      const anna = await makeResource(service, { name: 'Anna', kind: 'staff', units: 1 });
      const theirs = await makeResource(service, { name: 'Hans', units: 1 }, TOKENS.otherSecret);
      const leave = (await a.post('/v1/blackouts', { ...LEAVE, resource_id: anna })).body;
      const christmas = (await a.get('/v1/blackouts?start_min=2026-12-25&finish_max=2026-12-26')).body[0];
      const before = await storedBlackouts(service);
      const refusals: Array<[string, string, Record<string, unknown>, string]> = [
        ['POST', '/v1/blackouts', { ...LEAVE, resource_id: theirs }, 'resource_id'],
        ['POST', '/v1/blackouts', { ...LEAVE, resource_id: 999_999 }, 'resource_id'],
        ['POST', '/v1/blackouts', { ...LEAVE, resource_id: 0 }, 'resource_id'],
        ['POST', '/v1/blackouts', { ...LEAVE, resource_id: anna, product_id: kayak }, 'resource_id'],
        ['POST', '/v1/blackouts', { ...LEAVE, resource_id: anna, external_variant_id: 8001 }, 'resource_id'],
        ['POST', '/v1/blackouts', { ...LEAVE, resource_id: anna, location_id: docklands }, 'resource_id'],
        ['PUT', `/v1/blackouts/${leave.id}`, { location_id: docklands }, 'location_id'],
        ['PUT', `/v1/blackouts/${leave.id}`, { resource_id: theirs }, 'resource_id'],
        ['PUT', `/v1/blackouts/${christmas.id}`, { product_id: kayak, resource_id: anna }, 'resource_id'],
      ];
      for (const [method, path, body, field] of refusals) {
        const answer = await a.call(method, path, { body });
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(answer.body.error).toBe('validation_failed');
        expect(Object.keys(answer.body.details.fields), JSON.stringify(body)).toEqual([field]);
      }
      const theirsMessage = (await a.post('/v1/blackouts', { ...LEAVE, resource_id: theirs })).body.details.fields;
      expect(theirsMessage).toEqual({ resource_id: ['names no resource of this shop'] });
      expect(await storedBlackouts(service)).toEqual(before);
      // A resource's blackout becomes a product's when the resource goes in the same request.
      const moved = await a.put(`/v1/blackouts/${leave.id}`, { resource_id: null, product_id: kayak });
      expect(moved.body).toMatchObject({ resource_id: null, product_id: kayak });
    });
  });

  it('goes with its resource when the resource is deleted', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const anna = await makeResource(service, { name: 'Anna', kind: 'staff', units: 1 });
      const leave = (await a.post('/v1/blackouts', { ...LEAVE, resource_id: anna })).body;
      expect((await a.delete(`/v1/resources/${anna}`)).status).toBe(204);
      expect((await a.get(`/v1/blackouts/${leave.id}`)).status).toBe(404);
    });
  });
});
