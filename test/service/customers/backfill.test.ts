// Migration 22 makes the customer records of the bookings made before it: one per shop and
// email (case-insensitive), named as their latest booking names them, each booking linked to
// the customers it names in their order; a booking naming nobody links to none.
import { expect, it } from 'vitest';
import { migrate } from '../../../src/service/db/migrate.ts';
import { MIGRATIONS } from '../../../src/service/db/migrations.ts';
import { openPglite } from '../../../src/service/db/pglite.ts';
import type { Database } from '../../../src/service/db/types.ts';
import { loadFixture } from '../../../src/service/fixture.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { createPostgresDatabase } from '../../helpers/postgres.ts';

async function emptyDatabase(database: 'pglite' | 'postgres'): Promise<{ db: Database; drop(): Promise<void> }> {
  if (database === 'postgres') return createPostgresDatabase(2);
  return { db: await openPglite('memory'), drop: async () => {} };
}

/** Inserts a booking of shop `shopId` (as migration 21 stored it) naming `customers`; its id. */
async function insertBooking(db: Database, shopId: number, createdAt: string, customers: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO bookings (shop_id, starts_at, finishes_at, start_day, finish_day, customers, created_at)
     VALUES ($1, '2026-12-10T00:00Z', '2026-12-11T00:00Z', '2026-12-10', '2026-12-11', $2::jsonb, $3::timestamptz)
     RETURNING id`,
    [shopId, JSON.stringify(customers), createdAt],
  );
  return Number(rows[0]!.id);
}

describeEachDatabase('migration 22: customers of the bookings made before it', (database) => {
  it('makes one customer per shop and email, named by their latest booking, and links every booking', async () => {
    const { db, drop } = await emptyDatabase(database);
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 21),
      );
      await loadFixture(db, testFixture);
      const shops = (await db.query<{ id: number }>('SELECT id FROM shops ORDER BY id')).rows.map((r) => Number(r.id));
      const [one, two] = shops as [number, number];
      const first = await insertBooking(db, one, '2026-11-01T00:00Z', [
        { first_name: 'Ada', last_name: 'Lovelace', email: 'Ada@Example.com' },
      ]);
      const second = await insertBooking(db, one, '2026-11-02T00:00Z', [
        { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
        { first_name: 'Augusta', last_name: 'King', email: 'ada@example.com' },
      ]);
      const nobody = await insertBooking(db, one, '2026-11-03T00:00Z', []);
      const elsewhere = await insertBooking(db, two, '2026-11-04T00:00Z', [
        { first_name: 'Ada', last_name: 'L', email: 'ada@example.com' },
      ]);
      expect(
        await migrate(
          db,
          MIGRATIONS.filter((m) => m.version <= 22),
        ),
      ).toEqual([22]);

      const { rows: customers } = await db.query<{
        shop_id: number;
        email: string;
        first_name: string;
        last_name: string;
      }>(
        'SELECT shop_id::int AS shop_id, email, first_name, last_name, phone FROM customers ORDER BY shop_id, lower(email)',
      );
      expect(customers).toEqual([
        { shop_id: one, email: 'ada@example.com', first_name: 'Augusta', last_name: 'King', phone: null },
        { shop_id: one, email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper', phone: null },
        { shop_id: two, email: 'ada@example.com', first_name: 'Ada', last_name: 'L', phone: null },
      ]);
      const { rows: links } = await db.query<{ booking_id: number; email: string; position: number }>(
        `SELECT bc.booking_id::int AS booking_id, c.email, bc.position FROM booking_customers bc
           JOIN customers c ON c.id = bc.customer_id ORDER BY bc.booking_id, bc.position`,
      );
      expect(links).toEqual([
        { booking_id: first, email: 'ada@example.com', position: 0 },
        { booking_id: second, email: 'grace@example.com', position: 0 },
        { booking_id: second, email: 'ada@example.com', position: 1 },
        { booking_id: elsewhere, email: 'ada@example.com', position: 0 },
      ]);
      expect(links.some((l) => l.booking_id === nobody)).toBe(false);
    } finally {
      await db.close();
      await drop();
    }
  });
});
