/**
 * The fixture's resources (API.md §5, issue 39): each upserted by its name in the shop and
 * touched only when something differs, so loading the same file twice changes nothing.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { ResourceHours, ResourceKind } from '../../shared/resource-records.ts';

/** The shop's resource named `r.name`, created or brought to the fixture's fields; its id. */
export async function upsertResource(
  tx: Queryable,
  shopId: number,
  r: { name: string; kind: ResourceKind; units: number; hours: ResourceHours | null; locationId: number | null },
): Promise<number> {
  const hours = r.hours === null ? null : JSON.stringify(r.hours);
  await tx.query(
    `INSERT INTO resources (shop_id, name, kind, units, hours, location_id) VALUES ($1, $2, $3, $4, $5::jsonb, $6)
       ON CONFLICT (shop_id, name) DO UPDATE
          SET kind = EXCLUDED.kind, units = EXCLUDED.units, hours = EXCLUDED.hours, location_id = EXCLUDED.location_id,
              updated_at = now()
        WHERE (resources.kind, resources.units, resources.hours, resources.location_id)
              IS DISTINCT FROM (EXCLUDED.kind, EXCLUDED.units, EXCLUDED.hours, EXCLUDED.location_id)`,
    [shopId, r.name, r.kind, r.units, hours, r.locationId],
  );
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM resources WHERE shop_id = $1 AND name = $2', [
    shopId,
    r.name,
  ]);
  return Number(rows[0]!.id);
}
