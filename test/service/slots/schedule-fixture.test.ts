// The fixture format carries a variant's schedule (API.md §8): the demo's Guided paddle tour
// loads booked by slots with the API's defaults, loading again changes nothing, and a bad
// schedule is refused with its place named before anything is written.
import { expect, it } from 'vitest';
import demoFixture from '../../../src/service/demo/demo-fixture.json' with { type: 'json' };
import { FixtureError, loadFixture } from '../../../src/service/fixture.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, withService } from '../api.ts';

const DEMO_SECRET = 'sk_demo_harbour_kayaks';
const EVERY_DAY = ['09:00', '13:00'];

describeEachDatabase('Schedules in the fixture format', (database) => {
  it('loads the demo’s Guided paddle tour: departures 09:00 and 13:00 daily, 120 minutes, 8 seats', async () => {
    await withService(
      database,
      async (service) => {
        const products = (await api(service).get('/v1/products?q=guided', { token: DEMO_SECRET })).body;
        expect(products).toHaveLength(1);
        expect(products[0]).toMatchObject({ external_id: 9012345678903, title: 'Guided paddle tour' });
        expect(products[0].variants).toEqual([
          expect.objectContaining({
            external_id: 49012345678905,
            capacity: 8,
            booking: 'slots',
            schedule: {
              counting: 'seats',
              departures: {
                mon: EVERY_DAY,
                tue: EVERY_DAY,
                wed: EVERY_DAY,
                thu: EVERY_DAY,
                fri: EVERY_DAY,
                sat: EVERY_DAY,
                sun: EVERY_DAY,
              },
              duration_minutes: 120,
              interval_minutes: 120,
              buffer_before_minutes: 0,
              buffer_after_minutes: 0,
              min_notice_minutes: 0,
              horizon_days: 365,
              max_slots: 1,
            },
          }),
        ]);
        // The other demo products are still booked by days. Loading the file again rewrites no row (xmin stays).
        const kayaks = (await api(service).get('/v1/products?q=kayak%20hire', { token: DEMO_SECRET })).body;
        expect(kayaks[0].variants.map((v: { booking: string }) => v.booking)).toEqual(['days', 'days']);

        const stored = async () =>
          (await service.db.query('SELECT id, schedule, xmin::text AS row_version FROM variants ORDER BY id')).rows;
        const before = await stored();
        await loadFixture(service.db, demoFixture);
        expect(await stored()).toEqual(before);
      },
      { fixture: demoFixture },
    );
  });

  it('refuses a fixture whose schedule is impossible, naming the place, and writes nothing', async () => {
    await withService(database, async (service) => {
      const shop = (schedule: unknown) => ({
        shops: [
          {
            name: 'Tours',
            tz: 'Europe/Berlin',
            products: [
              { external_id: 1, title: 'Tour', variants: [{ external_id: 2, title: 'Seat', capacity: 4, schedule }] },
            ],
          },
        ],
      });
      await expect(
        loadFixture(
          service.db,
          shop({ counting: 'seats', departures: { sat: ['09:00', '09:00'] }, duration_minutes: 60 }),
        ),
      ).rejects.toThrow(
        new FixtureError('shops[0].products[0].variants[0].schedule.departures.sat[1] is listed twice (sat[0])'),
      );
      await expect(loadFixture(service.db, shop({ counting: 'seats', duration_minutes: 60 }))).rejects.toThrow(
        new FixtureError('shops[0].products[0].variants[0].schedule.hours is required (or departures instead)'),
      );
      await expect(loadFixture(service.db, shop('daily'))).rejects.toThrow(
        new FixtureError('shops[0].products[0].variants[0].schedule must be a schedule object, or null'),
      );
      expect((await service.db.query("SELECT 1 FROM shops WHERE name = 'Tours'")).rows).toEqual([]);
      await loadFixture(service.db, shop(null));
      const { rows } = await service.db.query('SELECT schedule FROM variants WHERE external_id = 2');
      expect(rows).toEqual([{ schedule: null }]);
    });
  });
});
