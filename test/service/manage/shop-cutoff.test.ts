// The shop's cut-off for online cancelling (cancel_cutoff_hours in GET and PUT /v1/shop).
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, TOKENS, withService } from '../api.ts';

describeEachDatabase("The shop's cut-off for online cancelling", (database) => {
  it('is null until set, takes 0 to 720 hours, and null again', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      expect((await a.get('/v1/shop')).body.cancel_cutoff_hours).toBeNull();
      expect((await a.put('/v1/shop', { cancel_cutoff_hours: 48 })).body.cancel_cutoff_hours).toBe(48);
      expect((await a.put('/v1/shop', { name: 'Harbour Kayaks' })).body.cancel_cutoff_hours).toBe(48);
      expect((await a.put('/v1/shop', { cancel_cutoff_hours: 0 })).body.cancel_cutoff_hours).toBe(0);
      expect((await a.put('/v1/shop', { cancel_cutoff_hours: 720 })).body.cancel_cutoff_hours).toBe(720);
      expect((await a.put('/v1/shop', { cancel_cutoff_hours: null })).body.cancel_cutoff_hours).toBeNull();
      expect((await a.get('/v1/shop', { token: TOKENS.otherSecret })).body.cancel_cutoff_hours).toBeNull();
    });
  });

  it('refuses a value outside 0 to 720 whole hours with 422 naming the field, changing nothing', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      await a.put('/v1/shop', { cancel_cutoff_hours: 24 });
      for (const bad of [721, -1, 1.5, '48', true]) {
        const answer = await a.put('/v1/shop', { cancel_cutoff_hours: bad, name: 'Changed' });
        expect(answer.status, String(bad)).toBe(422);
        expect(Object.keys(answer.body.details.fields)).toEqual(['cancel_cutoff_hours']);
      }
      expect((await a.get('/v1/shop')).body).toMatchObject({ cancel_cutoff_hours: 24, name: 'Harbour Kayaks' });
    });
  });
});
