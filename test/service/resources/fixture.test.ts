// The fixture format's resources and requirements (API.md §5, issue 39): a shop's `resources`
// and a variant's `requirements` by the resources' names load as the API would write them, a
// second load changes nothing, and a bad one is refused naming the place, writing nothing.
import { expect, it } from 'vitest';
import { type Fixture, FixtureError, loadFixture } from '../../../src/service/fixture.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { api, withService } from '../api.ts';
import { resourceRows } from './helpers.ts';

/** The test fixture with a boat and two guides, the sunset tour drawing on them. */
function withResources(): Fixture {
  const fixture = structuredClone(testFixture) as unknown as Fixture;
  const shop = fixture.shops[0]!;
  shop.resources = [
    { name: 'Boat seats', kind: 'vehicle', units: 12, location: 'St Kilda' },
    { name: 'Anna', kind: 'staff', units: 1, hours: { sat: [['08:00', '18:00']], tue: [['09:00', '17:00']] } },
    { name: 'Ben', kind: 'staff', units: 1 },
  ];
  shop.products![1]!.variants![0]!.requirements = [
    { resources: ['Boat seats'] },
    { resources: ['Ben', 'Anna'], per: 'booking', choice: 'shopper' },
  ];
  return fixture;
}

describeEachDatabase('Resources in the fixture format', (database) => {
  it('loads resources and requirements by name, read back through the API; a second load changes nothing', async () => {
    await withService(
      database,
      async (service) => {
        const a = api(service);
        const resources = (await a.get('/v1/resources')).body;
        expect(resources.map((r: { name: string; kind: string; units: number }) => [r.name, r.kind, r.units])).toEqual([
          ['Anna', 'staff', 1],
          ['Ben', 'staff', 1],
          ['Boat seats', 'vehicle', 12],
        ]);
        const id = (name: string) => resources.find((r: { name: string }) => r.name === name).id as number;
        expect(resources[0].hours).toEqual({ tue: [['09:00', '17:00']], sat: [['08:00', '18:00']] });
        expect(resources[2].location_id).toEqual(expect.any(Number));
        const tour = (await a.get('/v1/products?external_id=7002')).body[0];
        expect(tour.variants[0].requirements).toEqual([
          { resources: [id('Boat seats')], uses: 1, per: 'unit', choice: 'any' },
          { resources: [id('Anna'), id('Ben')].sort((x, y) => x - y), uses: 1, per: 'booking', choice: 'shopper' },
        ]);
        // Every variant the fixture gives no requirements has none.
        expect((await a.get('/v1/products?external_id=7001')).body[0].variants[0].requirements).toEqual([]);

        const before = await resourceRows(service);
        await loadFixture(service.db, withResources());
        expect(await resourceRows(service)).toEqual(before);
        // A fixture without them leaves them as they are.
        await loadFixture(service.db, testFixture);
        expect(await resourceRows(service)).toEqual(before);
      },
      { fixture: withResources() },
    );
  });

  it('refuses a bad resource or requirement with a message naming the place, and writes nothing', async () => {
    await withService(database, async (service) => {
      const before = await resourceRows(service);
      const refused = async (change: (fixture: Fixture) => void, message: string) => {
        const fixture = withResources();
        change(fixture);
        await expect(loadFixture(service.db, fixture)).rejects.toThrow(new FixtureError(message));
      };
      const tour = (f: Fixture) => f.shops[0]!.products![1]!.variants![0]!;
      await refused((f) => {
        tour(f).requirements![0]!.resources = ['Boat'];
      }, 'product 7002, variants[0].requirements[0].resources[0]: unknown resource Boat');
      await refused((f) => {
        tour(f).requirements![1]!.uses = 2;
      }, "product 7002, variants[0].requirements[1].uses is 2, more than Ben's 1 unit and Anna's 1 unit");
      await refused((f) => {
        tour(f).requirements![1]!.per = 'day' as 'slot';
      }, 'shops[0].products[1].variants[0].requirements[1].per must be one of unit, booking, slot');
      await refused((f) => {
        f.shops[0]!.resources![1]!.hours = {
          mon: [
            ['09:00', '12:00'],
            ['11:00', '13:00'],
          ],
        };
      }, 'shops[0].resources[1].hours.mon[1] overlaps ["09:00","12:00"] (mon[0])');
      await refused((f) => {
        f.shops[0]!.resources![0]!.units = 0;
      }, 'shops[0].resources[0].units must be a whole number from 1 to 100000');
      await refused((f) => {
        tour(f).requirements![1]!.resources = ['Anna', 'Anna'];
      }, 'shops[0].products[1].variants[0].requirements[1].resources[1] is given twice');
      await refused((f) => {
        f.shops[0]!.resources![0]!.location = 'Nowhere';
      }, 'shop Harbour Kayaks, resources[0]: unknown location Nowhere');
      expect(await resourceRows(service)).toEqual(before);
    });
  });
});
