// A variant's requirements (issue 39, RESOURCES.md §1): read and written with the variant, in a
// product's body too; every refusal is a 422 naming the field, and changes nothing; another
// shop's resource is an unknown one.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, catalogIds, TOKENS, withService } from '../api.ts';
import { makeResource, resourceRows } from './helpers.ts';

const TIMES = { counting: 'seats', departures: { sat: ['09:00', '13:00'] }, duration_minutes: 120 };

describeEachDatabase('Variant requirements', (database) => {
  it('reads [] for a variant without any, and the list as written (defaults filled, pools ascending)', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { adult, tour } = await catalogIds(service);
      expect((await a.get(`/v1/variants/${adult}`)).body.requirements).toEqual([]);
      const anna = await makeResource(service, { name: 'Anna', kind: 'staff', units: 1 });
      const ben = await makeResource(service, { name: 'Ben', kind: 'staff', units: 1 });
      const seats = await makeResource(service, { name: 'Boat seats', units: 12 });
      const requirements = [
        { resources: [seats], uses: 1, per: 'unit', choice: 'any' },
        { resources: [ben, anna], per: 'booking', choice: 'shopper' },
      ];
      const changed = await a.put(`/v1/variants/${adult}`, { requirements });
      expect(changed.status).toBe(200);
      const expected = [
        { resources: [seats], uses: 1, per: 'unit', choice: 'any' },
        { resources: [anna, ben], uses: 1, per: 'booking', choice: 'shopper' },
      ];
      expect(changed.body.requirements).toEqual(expected);
      expect((await a.get(`/v1/variants/${adult}`)).body.requirements).toEqual(expected);
      expect((await a.get(`/v1/products/${tour}`)).body.variants[0].requirements).toEqual(expected);
      const listed = (await a.get('/v1/products?q=sunset')).body[0].variants[0];
      expect(listed.requirements).toEqual(expected);

      // A PUT without the list keeps it; the record read and sent back changes nothing.
      const rowsBefore = await resourceRows(service);
      expect((await a.put(`/v1/variants/${adult}`, { capacity: 11 })).body.requirements).toEqual(expected);
      expect((await a.put(`/v1/variants/${adult}`, listed)).body.requirements).toEqual(expected);
      expect((await resourceRows(service)).requirements).toEqual(rowsBefore.requirements);

      // A changed list keeps each position's row (an allocation names it); [] takes them all away.
      const swapped = await a.put(`/v1/variants/${adult}`, {
        requirements: [{ resources: [seats], uses: 2 }, { resources: [anna] }],
      });
      expect(swapped.body.requirements).toEqual([
        { resources: [seats], uses: 2, per: 'unit', choice: 'any' },
        { resources: [anna], uses: 1, per: 'unit', choice: 'any' },
      ]);
      const ids = (rows: { requirements: Array<Record<string, unknown>> }) => rows.requirements.map((r) => r.id);
      expect(ids(await resourceRows(service))).toEqual(ids(rowsBefore));
      expect((await a.put(`/v1/variants/${adult}`, { requirements: [] })).body.requirements).toEqual([]);
      expect((await resourceRows(service)).pools).toEqual([]);
    });
  });

  it('writes requirements with a new product’s variants and with a new variant', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { tour } = await catalogIds(service);
      const boat = await makeResource(service, { name: 'Boat', kind: 'vehicle', units: 12 });
      const guide = await makeResource(service, { name: 'Guide', kind: 'staff', units: 1 });
      const product = await a.post('/v1/products', {
        external_id: 7300,
        title: 'Harbour cruise',
        variants: [
          { external_id: 8300, title: 'Adult', capacity: 12, schedule: TIMES, requirements: [{ resources: [boat] }] },
          {
            external_id: 8301,
            title: 'Private',
            capacity: 1,
            schedule: TIMES,
            requirements: [
              { resources: [boat], uses: 12, per: 'booking' },
              { resources: [guide], per: 'slot' },
            ],
          },
        ],
      });
      expect(product.status).toBe(201);
      expect(product.body.variants.map((v: { requirements: unknown }) => v.requirements)).toEqual([
        [{ resources: [boat], uses: 1, per: 'unit', choice: 'any' }],
        [
          { resources: [boat], uses: 12, per: 'booking', choice: 'any' },
          { resources: [guide], uses: 1, per: 'slot', choice: 'any' },
        ],
      ]);
      const child = await a.post(`/v1/products/${tour}/variants`, {
        external_id: 8004,
        title: 'Child',
        capacity: 10,
        requirements: [{ resources: [boat], choice: 'shopper' }],
      });
      expect(child.status).toBe(201);
      expect(child.body.requirements).toEqual([{ resources: [boat], uses: 1, per: 'unit', choice: 'shopper' }]);
    });
  });

  it('refuses bad requirements with 422 naming each field, and changes nothing', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { adult } = await catalogIds(service);
      const anna = await makeResource(service, { name: 'Anna', kind: 'staff', units: 1 });
      const fleet = await makeResource(service, { name: 'Kayak fleet', units: 12 });
      const theirs = await makeResource(service, { name: 'Lift pass', units: 5 }, TOKENS.otherSecret);
      const before = await resourceRows(service);
      const many = Array.from({ length: 21 }, (_, i) => i + 1);
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [[{ resources: [theirs] }], { 'requirements[0].resources[0]': ['names no resource of this shop'] }],
        [[{ resources: [fleet, 999_999] }], { 'requirements[0].resources[1]': ['names no resource of this shop'] }],
        [[{ resources: [anna, fleet], uses: 3 }], { 'requirements[0].uses': ["is 3, more than Anna's 1 unit"] }],
        [
          [
            { resources: [fleet], uses: 13 },
            { resources: [anna], uses: 2 },
          ],
          {
            'requirements[0].uses': ["is 13, more than Kayak fleet's 12 units"],
            'requirements[1].uses': ["is 2, more than Anna's 1 unit"],
          },
        ],
        [[{ resources: [anna], per: 'day' }], { 'requirements[0].per': ['must be "unit" or "booking" or "slot"'] }],
        [[{ resources: [anna], choice: 'me' }], { 'requirements[0].choice': ['must be "any" or "shopper"'] }],
        [[{ resources: [anna], uses: 0 }], { 'requirements[0].uses': ['must be a whole number from 1 to 100000'] }],
        [[{ resources: [] }], { 'requirements[0].resources': ['must name at least one resource'] }],
        [[{ uses: 1 }], { 'requirements[0].resources': ['must name at least one resource'] }],
        [[{ resources: [anna, anna] }], { 'requirements[0].resources[1]': ['is given twice'] }],
        [[{ resources: many }], { 'requirements[0].resources': ['must be a list of at most 20 resources'] }],
        [
          Array.from({ length: 6 }, () => ({ resources: [fleet] })),
          { requirements: ['must be a list of at most 5 requirements'] },
        ],
        [[{ resources: [anna], guide: true }], { 'requirements[0].guide': ['is not a requirement field'] }],
        ['Anna', { requirements: ['must be a list of at most 5 requirements'] }],
      ];
      for (const [requirements, fields] of cases) {
        const changed = await a.put(`/v1/variants/${adult}`, { capacity: 3, requirements });
        expect(changed.status, JSON.stringify(requirements)).toBe(422);
        expect(changed.body.error).toBe('validation_failed');
        expect(changed.body.details.fields, JSON.stringify(requirements)).toEqual(fields);
      }
      const product = await a.post('/v1/products', {
        external_id: 7300,
        title: 'Harbour cruise',
        variants: [{ external_id: 8300, title: 'Adult', capacity: 12, requirements: [{ resources: [theirs] }] }],
      });
      expect(product.body.details.fields).toEqual({
        'variants[0].requirements[0].resources[0]': ['names no resource of this shop'],
      });
      expect(await resourceRows(service)).toEqual(before);
      expect((await a.get('/v1/products?external_id=7300')).body).toEqual([]);
    });
  });

  it('takes per "slot" on a variant booked by days (its day is its departure) and keeps it when the schedule goes', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { adult } = await catalogIds(service);
      const guide = await makeResource(service, { name: 'Guide', kind: 'staff', units: 1 });
      const days = await a.put(`/v1/variants/${adult}`, { requirements: [{ resources: [guide], per: 'slot' }] });
      expect(days.status).toBe(200);
      expect(days.body).toMatchObject({ booking: 'days', requirements: [{ per: 'slot' }] });
      const timed = await a.put(`/v1/variants/${adult}`, { schedule: TIMES });
      expect(timed.body).toMatchObject({ booking: 'slots', requirements: [{ per: 'slot' }] });
      const back = await a.put(`/v1/variants/${adult}`, { booking: 'days' });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ booking: 'days', requirements: [{ per: 'slot' }] });
    });
  });
});
