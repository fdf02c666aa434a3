// Widgets of type "slot" (issue 29, SLOTS.md §3): the shopper picks a day, then one of its times,
// so a slot widget goes on products whose variants are booked by times of day; priced per booking
// (per person) unless it says per slot.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, TOKENS, withService } from '../api.ts';

/** 8003 (the Sunset tour's only variant) departs at 09:00 and 13:00 daily, two hours, seats. */
async function tourBySlots(service: TestService): Promise<void> {
  const schedule = {
    counting: 'seats',
    departures: Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ['09:00', '13:00']]),
    ),
    duration_minutes: 120,
    interval_minutes: 120,
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    min_notice_minutes: 0,
    horizon_days: 365,
    max_slots: 1,
  };
  await service.db.query('UPDATE variants SET schedule = $1::jsonb WHERE external_id = 8003', [
    JSON.stringify(schedule),
  ]);
}

describeEachDatabase('Slot widgets (merchant API)', (database) => {
  it('creates a slot widget on a product booked by times of day, priced per booking and one day long by default', async () => {
    await withService(database, async (service) => {
      await tourBySlots(service);
      const a = api(service);
      const made = await a.post('/v1/widgets', { title: 'Tour times', type: 'slot', external_product_ids: [7002] });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({
        type: 'slot',
        external_product_ids: [7002],
        settings: { pricing: 'booking', min_days: 1, max_days: 1, quantity_min: 1, quantity_max: 10 },
      });
      const perSlot = await a.put(`/v1/widgets/${made.body.id}`, { settings: { pricing: 'slot' } });
      expect(perSlot.status).toBe(200);
      expect(perSlot.body.settings.pricing).toBe('slot');
      const listed = await a.get('/v1/widgets?external_product_id=7002', { token: TOKENS.publishable });
      expect(listed.body.map((w: { type: string }) => w.type)).toEqual(['date', 'slot']);
      // The date widget on the same product becomes a slot widget: its products are booked by slots.
      const turned = await a.put(`/v1/widgets/${listed.body[0].id}`, { type: 'slot' });
      expect(turned.status).toBe(200);
      expect(turned.body.type).toBe('slot');
    });
  });

  it('refuses a slot widget on a product with a variant booked by days with a 422 naming the product, and changes nothing', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const onKayaks = await a.post('/v1/widgets', {
        title: 'Times',
        type: 'slot',
        external_product_ids: [7001, 7002],
      });
      expect(onKayaks.status).toBe(422);
      expect(onKayaks.body.details.fields).toEqual({
        external_product_ids: [
          'a slot widget lists times of day, but these products have variants booked by days (give each a schedule first, or use a date or range widget): 7001, 7002',
        ],
      });
      const range = (await a.get('/v1/widgets?external_product_id=7001')).body[0];
      const turned = await a.put(`/v1/widgets/${range.id}`, { type: 'slot' });
      expect(turned.status).toBe(422);
      expect(Object.keys(turned.body.details.fields)).toEqual(['type']);
      expect((await a.get(`/v1/widgets/${range.id}`)).body).toEqual(range);
      expect((await a.get('/v1/widgets')).body.map((w: { title: string }) => w.title)).not.toContain('Times');
      // Without products it is taken: placed later, on products booked by slots.
      expect((await a.post('/v1/widgets', { title: 'Times', type: 'slot' })).status).toBe(201);
    });
  });

  it('refuses day or night pricing and day limits on a slot widget, and slot pricing on a date or range widget', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const perDay = await a.post('/v1/widgets', { title: 'T', type: 'slot', settings: { pricing: 'day' } });
      expect(perDay.body.details.fields).toEqual({
        'settings.pricing': ['must be "booking" or "slot" on a slot widget (a slot is booked within one day)'],
      });
      const long = await a.post('/v1/widgets', { title: 'T', type: 'slot', settings: { max_days: 3 } });
      expect(long.body.details.fields).toEqual({
        'settings.max_days': ['must be 1 on a slot widget, which books one day (use type "range" for longer bookings)'],
      });
      const range = (await a.get('/v1/widgets?external_product_id=7001')).body[0];
      const perSlot = await a.put(`/v1/widgets/${range.id}`, { settings: { pricing: 'slot' } });
      expect(perSlot.status).toBe(422);
      expect(perSlot.body.details.fields).toEqual({
        'settings.pricing': [
          'must be "booking", "day" or "night" on a range widget ("slot" counts the slots of a slot widget)',
        ],
      });
      expect((await a.post('/v1/widgets', { title: 'T', type: 'week' })).body.details.fields).toEqual({
        type: ['must be "date", "range" or "slot"'],
      });
    });
  });
});
