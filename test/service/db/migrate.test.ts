// Upgrading a database in place: the service migrates at every start, so a database made by an
// earlier release (schema version 1, before `hold_items`) must come up to date with its data and
// then take holds through the new path.
import { expect, it } from 'vitest';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import { manualClock } from '../../../src/service/clock.ts';
import { migrate } from '../../../src/service/db/migrate.ts';
import { MIGRATIONS } from '../../../src/service/db/migrations.ts';
import type { Database } from '../../../src/service/db/types.ts';
import { loadFixture } from '../../../src/service/fixture.ts';
import { hashToken } from '../../../src/service/tokens/tokens.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { testFixture, TEST_NOW } from '../../helpers/fixture.ts';
import { openTestPglite } from '../../helpers/pglite-snapshots.ts';
import { createPostgresDatabase } from '../../helpers/postgres.ts';

async function emptyDatabase(database: 'pglite' | 'postgres'): Promise<{ db: Database; drop(): Promise<void> }> {
  if (database === 'postgres') return createPostgresDatabase(2);
  const db = await openTestPglite('empty');
  return { db, drop: async () => {} };
}

function post(app: ReturnType<typeof createApp>, cartToken: string) {
  return app.fetch(
    new Request('http://booking.test/v1/reservations', {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
      body: JSON.stringify({ cart_token: cartToken, items: [{ external_id: 8001, start: '2026-12-10', quantity: 2 }] }),
    }),
  );
}

describeEachDatabase('a database made by an earlier release', (database) => {
  it('is brought up to date once, keeps its holds, and takes new ones', async () => {
    const { db, drop } = await emptyDatabase(database);
    try {
      expect(await migrate(db, MIGRATIONS.slice(0, 1))).toEqual([1]);
      // The data as that release stored it: its tokens had no hint yet (migration 6), no Shopify settings (8).
      await loadFixture(db, {
        // Nor did its blackouts have a shopper reason (migration 17).
        shops: testFixture.shops.map(({ tokens: _tokens, shopify: _shopify, ...shop }) => ({
          ...shop,
          blackouts: shop.blackouts?.map((b) => ({ ...b, shopper_reason: undefined })),
        })),
      });
      const { hash, lookup } = hashToken('sk_test_harbour');
      await db.query(
        `INSERT INTO tokens (shop_id, kind, lookup, token_hash) SELECT id, 'secret', $1, $2 FROM shops WHERE name = 'Harbour Kayaks'`,
        [lookup, hash],
      );
      await db.query(
        `INSERT INTO reservations (shop_id, cart_token, created_at, updated_at, expires_at)
         SELECT id, 'from-before', $1::timestamptz, $1::timestamptz, $1::timestamptz + interval '15 minutes' FROM shops WHERE tz = 'Australia/Melbourne'`,
        [TEST_NOW],
      );
      await db.query(
        `INSERT INTO reservation_items (reservation_id, variant_id, start_at, finish_at, start_day, finish_day, quantity)
         SELECT r.id, v.id, '2026-12-09T13:00:00Z', '2026-12-10T13:00:00Z', '2026-12-10', '2026-12-11', 1
           FROM reservations r, variants v WHERE r.cart_token = 'from-before' AND v.external_id = 8001`,
      );

      expect(await migrate(db)).toEqual(MIGRATIONS.slice(1).map((m) => m.version));
      expect(await migrate(db)).toEqual([]);

      const app = createApp({ db, clock: manualClock(TEST_NOW), rateLimit: false });
      const first = await post(app, 'after');
      expect(first.status).toBe(201);
      expect((await first.json()).items).toMatchObject([{ external_id: 8001, quantity: 2, quantity_available: 2 }]);
      // The hold from before the upgrade still counts: 1 + 2 of 3 units are taken.
      const second = await post(app, 'later');
      expect(second.status).toBe(409);
      expect((await second.json()).details.items).toMatchObject([{ status: 'sold_out', quantity_available: 0 }]);
    } finally {
      await db.close();
      await drop();
    }
  });
});
