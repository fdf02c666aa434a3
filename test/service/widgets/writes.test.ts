import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, TOKENS, withService } from '../api.ts';

describeEachDatabase('Widget writes (merchant API)', (database) => {
  it('creates a widget on products by platform id; GET shows it with its settings resolved', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const made = await a.post('/v1/widgets', {
        title: 'Boards',
        type: 'range',
        external_product_ids: [7002],
        settings: { lead_days: 2, max_days: 3 },
      });
      expect(made.status).toBe(201);
      expect(made.headers.get('location')).toBe(`/v1/widgets/${made.body.id}`);
      expect(made.body).toMatchObject({
        title: 'Boards',
        type: 'range',
        external_product_ids: [7002],
        tz: 'Australia/Melbourne',
        settings: { lead_days: 2, max_days: 3, min_days: 1, hold_minutes: 15 },
      });
      expect((await a.get(`/v1/widgets/${made.body.id}`, { token: TOKENS.publishable })).body).toEqual(made.body);
    });
  });

  it('changes settings key by key and replaces products; a hold follows the new rules on the next request', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const widget = (await a.get('/v1/widgets?external_product_id=7001')).body[0];
      const changed = await a.put(`/v1/widgets/${widget.id}`, { settings: { max_days: 2 } });
      expect(changed.status).toBe(200);
      expect(changed.body.settings).toMatchObject({ min_days: 1, max_days: 2, lead_days: 1 });
      const tooLong = await a.post(
        '/v1/reservations',
        { cart_token: 'c', items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-13', quantity: 1 }] },
        { token: TOKENS.publishable },
      );
      expect(tooLong.status).toBe(409);
      const moved = await a.put(`/v1/widgets/${widget.id}`, { external_product_ids: [7001, 7002] });
      expect(moved.body.external_product_ids).toEqual([7001, 7002]);
    });
  });

  it('refuses bad settings, unknown products, a taken title and min above max with a 422, and changes nothing', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const widget = (await a.get('/v1/widgets?external_product_id=7001')).body[0];
      const bad = await a.post('/v1/widgets', {
        title: 'Sunset tour',
        type: 'week',
        settings: { lead_days: -1, colour: 'red' },
        external_product_ids: [9001],
      });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.details.fields).sort()).toEqual(['settings.colour', 'settings.lead_days', 'type']);
      expect(
        (await a.post('/v1/widgets', { title: 'New', type: 'date', external_product_ids: [9001] })).body.details.fields,
      ).toEqual({ external_product_ids: ['name no product of this shop: 9001'] });
      expect((await a.put(`/v1/widgets/${widget.id}`, { title: 'Sunset tour' })).body.details.fields).toEqual({
        title: ['is already the title of another widget of this shop'],
      });
      expect((await a.put(`/v1/widgets/${widget.id}`, { settings: { min_days: 9 } })).body.details.fields).toEqual({
        'settings.min_days': ['must not be more than max_days'],
      });
      expect((await a.get(`/v1/widgets/${widget.id}`)).body).toEqual(widget);
    });
  });

  it('takes max_slots (a Length choice in slots) on a slot widget only, 1 to 48, and a slot widget turned into a date widget leaves it behind', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const widget = (await a.get('/v1/widgets?external_product_id=7002')).body[0];
      const onDate = await a.put(`/v1/widgets/${widget.id}`, { settings: { max_slots: 3 } });
      expect(onDate.status).toBe(422);
      expect(onDate.body.details.fields).toEqual({
        'settings.max_slots': ["must be 1 on a date widget (a length in slots is a slot widget's choice)"],
      });
      // The tour's variant booked by slots first: a slot widget goes only on such products.
      await service.db.query(
        `UPDATE variants SET schedule = '{"counting":"seats","departures":{"sat":["09:00"]},"duration_minutes":60,"interval_minutes":60,"buffer_before_minutes":0,"buffer_after_minutes":0,"min_notice_minutes":0,"horizon_days":365,"max_slots":1}'::jsonb WHERE external_id = 8003`,
      );
      const tooLong = await a.put(`/v1/widgets/${widget.id}`, { type: 'slot', settings: { max_slots: 49 } });
      expect(tooLong.status).toBe(422);
      expect(Object.keys(tooLong.body.details.fields)).toEqual(['settings.max_slots']);
      const slot = await a.put(`/v1/widgets/${widget.id}`, { type: 'slot', settings: { max_slots: 3 } });
      expect(slot.status).toBe(200);
      expect(slot.body.settings.max_slots).toBe(3);
      const back = await a.put(`/v1/widgets/${widget.id}`, { type: 'date' });
      expect(back.status).toBe(200);
      expect(back.body.settings.max_slots).toBe(1);
    });
  });

  it('refuses day limits other than one on a date widget (it books one day), and a range turned into a date widget leaves its limits behind', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const date = (await a.get('/v1/widgets?external_product_id=7002')).body[0];
      expect(date.type).toBe('date');
      const refused = await a.put(`/v1/widgets/${date.id}`, { settings: { max_days: 5 } });
      expect(refused.status).toBe(422);
      expect(refused.body.details.fields).toEqual({
        'settings.max_days': ['must be 1 on a date widget, which books one day (use type "range" for longer bookings)'],
      });
      expect((await a.get(`/v1/widgets/${date.id}`)).body).toEqual(date);
      expect(
        (await a.post('/v1/widgets', { title: 'Day trips', type: 'date', settings: { min_days: 2 } })).status,
      ).toBe(422);
      // The same change with type range is taken.
      const range = await a.put(`/v1/widgets/${date.id}`, { type: 'range', settings: { max_days: 5 } });
      expect(range.status).toBe(200);
      expect(range.body.settings.max_days).toBe(5);
      const back = await a.put(`/v1/widgets/${date.id}`, { type: 'date' });
      expect(back.status).toBe(200);
      expect([back.body.settings.min_days, back.body.settings.max_days]).toEqual([1, 1]);
    });
  });

  it("stores a widget's locale in its canonical spelling as the shop's is, refuses what is not a language tag, and null falls back to the shop's", async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const widget = (await a.get('/v1/widgets?external_product_id=7001')).body[0];
      const swiss = await a.put(`/v1/widgets/${widget.id}`, { locale: 'de-ch' });
      expect(swiss.status).toBe(200);
      expect(swiss.body.locale).toBe('de-CH');
      expect((await a.get(`/v1/widgets/${widget.id}`)).body.locale).toBe('de-CH');
      for (const locale of ['english please', 'e', 'de_CH', 42]) {
        const bad = await a.put(`/v1/widgets/${widget.id}`, { locale });
        expect(bad.status).toBe(422);
        expect(Object.keys(bad.body.details.fields)).toEqual(['locale']);
      }
      expect((await a.put(`/v1/widgets/${widget.id}`, { locale: null })).body.locale).toBe('en');
    });
  });

  it('deletes a widget; another shop’s is 404 and a publishable token is 403', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const widget = (await a.get('/v1/widgets?external_product_id=7002')).body[0];
      expect((await a.delete(`/v1/widgets/${widget.id}`, { token: TOKENS.publishable })).status).toBe(403);
      expect((await a.delete(`/v1/widgets/${widget.id}`, { token: TOKENS.otherSecret })).status).toBe(404);
      expect((await a.put(`/v1/widgets/${widget.id}`, { title: 'x' }, { token: TOKENS.otherSecret })).status).toBe(404);
      expect((await a.delete(`/v1/widgets/${widget.id}`)).status).toBe(204);
      expect((await a.get(`/v1/widgets/${widget.id}`)).status).toBe(404);
    });
  });
});
