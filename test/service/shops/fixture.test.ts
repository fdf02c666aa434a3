import { expect, it } from 'vitest';
import { type Fixture, FixtureError, loadFixture } from '../../../src/service/fixture.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';

const TABLES = ['shops', 'tokens', 'locations', 'products', 'variants', 'widgets', 'widget_products', 'blackouts'];

/** Every row of every fixture table, timestamps included. */
async function dumpTables(service: TestService): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const order = table === 'widget_products' ? 'widget_id, product_id' : 'id';
    dump[table] = (await service.db.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;
  }
  return dump;
}

describeEachDatabase('loading a fixture', (database) => {
  it('changes nothing when the same fixture is loaded again, not even updated_at', async () => {
    const service = await createTestService({ database });
    try {
      const before = await dumpTables(service);
      expect(before.blackouts).toHaveLength(5);
      await loadFixture(service.db, testFixture);
      expect(await dumpTables(service)).toEqual(before);
    } finally {
      await service.close();
    }
  });

  it('updates only what a changed fixture changes, and refuses a bad one with a message naming the place, writing nothing', async () => {
    const service = await createTestService({ database });
    try {
      const before = await dumpTables(service);
      const changed = structuredClone(testFixture) as Fixture;
      changed.shops[0]!.widgets![1]!.settings = { quantity_max: 4 };
      await loadFixture(service.db, changed);
      const after = await dumpTables(service);
      const [kayak, tour] = after.widgets as { title: string; settings: { quantity_max: number }; updated_at: Date }[];
      expect(tour!.settings.quantity_max).toBe(4);
      expect(tour!.updated_at.getTime()).toBeGreaterThan(
        (before.widgets![1] as { updated_at: Date }).updated_at.getTime(),
      );
      expect(kayak).toEqual(before.widgets![0]);
      expect({ ...after, widgets: [] }).toEqual({ ...before, widgets: [] });

      const bad = structuredClone(testFixture);
      bad.shops[0]!.name = 'A new shop';
      bad.shops[0]!.blackouts[1] = { ...bad.shops[0]!.blackouts[1]!, location: 'Nowhere' } as never;
      await expect(loadFixture(service.db, bad)).rejects.toThrow(
        new FixtureError('shop A new shop, blackouts[1]: unknown location Nowhere'),
      );
      await expect(loadFixture(service.db, { shops: [{ name: 'X', tz: 'Mars/Olympus' }] })).rejects.toThrow(
        'shop X: unknown time zone Mars/Olympus',
      );
      await expect(
        loadFixture(service.db, { shops: [{ name: 'X', tz: 'UTC', products: [{ external_id: -1, title: 'P' }] }] }),
      ).rejects.toThrow('shops[0].products[0].external_id must be a positive whole number');
      await expect(loadFixture(service.db, [])).rejects.toThrow('fixture must be an object with a "shops" array');
      await expect(
        loadFixture(service.db, {
          shops: [{ name: 'X', tz: 'UTC', widgets: [{ title: 'Tours', type: 'date', settings: { max_days: 3 } }] }],
        }),
      ).rejects.toThrow('shops[0].widgets[0].settings.max_days must be 1 on a date widget');
      await expect(
        loadFixture(service.db, {
          shops: [
            {
              name: 'X',
              tz: 'UTC',
              widgets: [{ title: 'Hire', type: 'range', settings: { min_days: 4, max_days: 3 } }],
            },
          ],
        }),
      ).rejects.toThrow('shops[0].widgets[0].settings.min_days must not be more than max_days');
      expect(await dumpTables(service)).toEqual(after);
    } finally {
      await service.close();
    }
  });
});
