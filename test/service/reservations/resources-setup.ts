/**
 * Shared resources written straight to the database, for the hold and booking suites that judge
 * them (the merchant API's own tests write them through /v1/resources).
 */
import type { Database } from '../../../src/service/db/types.ts';

/** Adds a resource to the shop of variant `r.shopOf` (default 8001: the fixture's Melbourne shop); answers its id. */
export async function addResource(
  db: Database,
  r: { name: string; units: number; hours?: Record<string, Array<[string, string]>>; shopOf?: number },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO resources (shop_id, name, units, hours)
     SELECT shop_id, $1, $2, $3::jsonb FROM variants WHERE external_id = $4 RETURNING id`,
    [r.name, r.units, r.hours ? JSON.stringify(r.hours) : null, r.shopOf ?? 8001],
  );
  return Number(rows[0]!.id);
}

/** Makes variant `externalId` draw on `pool` (appended after its other requirements). */
export async function requireResources(
  db: Database,
  externalId: number,
  r: { pool: number[]; uses?: number; per?: 'unit' | 'booking' | 'slot'; choice?: 'any' | 'shopper' },
): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO variant_requirements (shop_id, variant_id, position, uses, per, choice)
     SELECT v.shop_id, v.id, (SELECT count(*) FROM variant_requirements q WHERE q.variant_id = v.id), $2, $3, $4
       FROM variants v WHERE v.external_id = $1 RETURNING id`,
    [externalId, r.uses ?? 1, r.per ?? 'unit', r.choice ?? 'any'],
  );
  for (const resource of r.pool) {
    await db.query('INSERT INTO requirement_resources (requirement_id, resource_id) VALUES ($1, $2)', [
      rows[0]!.id,
      resource,
    ]);
  }
}

/** The resource names a cart's live hold items were assigned, in item order. */
export async function assignedTo(db: Database, cartToken: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT s.name FROM resource_allocations a JOIN resources s ON s.id = a.resource_id
       JOIN reservation_items ri ON ri.id = a.reservation_item_id JOIN reservations r ON r.id = ri.reservation_id
      WHERE r.cart_token = $1 ORDER BY ri.position, a.requirement_id`,
    [cartToken],
  );
  return rows.map((r) => r.name);
}

/** Each resource's units and the most of them live holds and bookings take at any one instant. */
export async function peakUse(db: Database): Promise<Array<{ name: string; units: number; peak: number }>> {
  const { rows } = await db.query<{ name: string; units: number; peak: number | null }>(
    `WITH live AS (
       SELECT a.resource_id, a.start_at, a.finish_at, a.units, coalesce(a.share_key, 'row:' || a.id) AS k
         FROM resource_allocations a
         LEFT JOIN reservation_items ri ON ri.id = a.reservation_item_id
         LEFT JOIN reservations r ON r.id = ri.reservation_id
         LEFT JOIN booking_items bi ON bi.id = a.booking_item_id
         LEFT JOIN bookings b ON b.id = bi.booking_id
        WHERE r.expires_at > now() OR b.status IN ('pending', 'confirmed')),
     grouped AS (SELECT resource_id, k, min(start_at) AS s, max(finish_at) AS f, max(units) AS q FROM live GROUP BY 1, 2)
     SELECT s.name, s.units,
            (SELECT max((SELECT sum(g2.q) FROM grouped g2 WHERE g2.resource_id = g.resource_id AND g2.s <= g.s AND g2.f > g.s))
               FROM grouped g WHERE g.resource_id = s.id)::int AS peak
       FROM resources s ORDER BY s.name`,
  );
  return rows.map((r) => ({ name: r.name, units: r.units, peak: r.peak ?? 0 }));
}
