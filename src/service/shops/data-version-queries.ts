/**
 * The read of a shop's data version: the one statement the token cache and the blackout list
 * cache both ask on every request, so it is a primary-key read with a prepared plan.
 * @module
 */
import type { Queryable } from '../db/types.ts';

/**
 * The shop's data version (migration 3: a new one with every write to its blackouts, products,
 * variants or locations; migration 10: with every change to the shop), or 0 when nothing has
 * been written since the migration.
 */
export async function shopDataVersion(db: Queryable, shopId: number): Promise<number> {
  const { rows } = await db.query<{ version: number }>(
    'SELECT version FROM shop_data_versions WHERE shop_id = $1',
    [shopId],
    { prepare: true },
  );
  return rows[0]?.version ?? 0;
}
