/**
 * The statements of the location endpoints (issue 18): a shop's locations, one by id, a new
 * one, a rename, a delete, and what uses one (products, blackouts and resources name locations).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { LocationRecord } from '../../shared/merchant-records.ts';

const record = (row: LocationRecord): LocationRecord => ({ id: Number(row.id), name: row.name });

/** Every location of the shop, by name. */
export async function listLocations(db: Queryable, shopId: number): Promise<LocationRecord[]> {
  const { rows } = await db.query<LocationRecord>(
    'SELECT id, name FROM locations WHERE shop_id = $1 ORDER BY name, id',
    [shopId],
  );
  return rows.map(record);
}

/** The shop's location `id`, locked until the transaction ends, if there is one. */
export async function lockLocation(tx: Queryable, shopId: number, id: number): Promise<LocationRecord | undefined> {
  const { rows } = await tx.query<LocationRecord>(
    'SELECT id, name FROM locations WHERE shop_id = $1 AND id = $2 FOR UPDATE',
    [shopId, id],
  );
  return rows[0] && record(rows[0]);
}

/** Whether another location of the shop (not `exceptId`) is named `name`. */
export async function locationNameTaken(
  db: Queryable,
  shopId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM locations WHERE shop_id = $1 AND name = $2 AND id IS DISTINCT FROM $3',
    [shopId, name, exceptId],
  );
  return rows.length > 0;
}

/** Creates a location; its record. */
export async function insertLocation(tx: Queryable, shopId: number, name: string): Promise<LocationRecord> {
  const { rows } = await tx.query<LocationRecord>(
    'INSERT INTO locations (shop_id, name) VALUES ($1, $2) RETURNING id, name',
    [shopId, name],
  );
  return record(rows[0]!);
}

/** Renames a location (an unchanged name is not written). */
export async function renameLocation(tx: Queryable, shopId: number, id: number, name: string): Promise<void> {
  await tx.query('UPDATE locations SET name = $3 WHERE shop_id = $1 AND id = $2 AND name <> $3', [shopId, id, name]);
}

/** How many products, blackouts and resources name the location. */
export async function locationUsers(
  db: Queryable,
  id: number,
): Promise<{ products: number; blackouts: number; resources: number }> {
  const { rows } = await db.query<{ products: number; blackouts: number; resources: number }>(
    `SELECT (SELECT count(*)::int FROM products WHERE location_id = $1) AS products,
            (SELECT count(*)::int FROM blackouts WHERE location_id = $1) AS blackouts,
            (SELECT count(*)::int FROM resources WHERE location_id = $1) AS resources`,
    [id],
  );
  const row = rows[0]!;
  return { products: Number(row.products), blackouts: Number(row.blackouts), resources: Number(row.resources) };
}

/** Deletes the shop's location `id`. */
export async function deleteLocation(tx: Queryable, shopId: number, id: number): Promise<void> {
  await tx.query('DELETE FROM locations WHERE shop_id = $1 AND id = $2', [shopId, id]);
}
