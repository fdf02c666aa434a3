/**
 * The statements of a variant's requirements (migration 34): the record's `requirements` as SQL,
 * the pool's resources locked while a write judges them, and the write itself, position by
 * position, so a requirement that stays keeps its row (an allocation names it).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { VariantRequirement } from '../../shared/resource-records.ts';

/** SQL: the `requirements` of variant `v` as a JSON array, in position order, each pool ascending. */
export function requirementsJsonSql(v = 'v'): string {
  return `COALESCE((SELECT json_agg(json_build_object(
      'resources', COALESCE((SELECT json_agg(rr.resource_id ORDER BY rr.resource_id)
                               FROM requirement_resources rr WHERE rr.requirement_id = vr.id), '[]'::json),
      'uses', vr.uses, 'per', vr.per, 'choice', vr.choice) ORDER BY vr.position)
    FROM variant_requirements vr WHERE vr.variant_id = ${v}.id), '[]'::json)`;
}

/** Stored requirements (json, as `requirementsJsonSql` writes them) as the record shows them. */
export function requirementsRecord(stored: unknown): VariantRequirement[] {
  const list = (typeof stored === 'string' ? JSON.parse(stored) : (stored ?? [])) as VariantRequirement[];
  return list.map((r) => ({
    resources: r.resources.map(Number),
    uses: Number(r.uses),
    per: r.per,
    choice: r.choice,
  }));
}

/** A resource of a pool as a write judges it. */
export interface PoolResource {
  id: number;
  name: string;
  units: number;
}

/**
 * The shop's resources among `ids`, locked FOR SHARE in id order until the transaction ends: a
 * change of their units (FOR UPDATE) waits, and a deleted one is not found.
 */
export async function lockPoolResources(
  tx: Queryable,
  shopId: number,
  ids: readonly number[],
): Promise<Map<number, PoolResource>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.query<PoolResource>(
    'SELECT id, name, units FROM resources WHERE shop_id = $1 AND id = ANY($2::bigint[]) ORDER BY id FOR SHARE',
    [shopId, [...new Set(ids)]],
  );
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), name: r.name, units: Number(r.units) }]));
}

/** The variant's stored requirements, in position order. */
export async function storedRequirements(q: Queryable, variantId: number): Promise<VariantRequirement[]> {
  const { rows } = await q.query<{ requirements: unknown }>(
    `SELECT ${requirementsJsonSql('v')} AS requirements FROM variants v WHERE v.id = $1`,
    [variantId],
  );
  return requirementsRecord(rows[0]?.requirements);
}

/**
 * Makes the variant's requirements `list`: each position's row is changed only where it differs
 * (its pool by the members added and taken away), new positions are inserted, and those past the
 * list's end deleted. A list equal to the stored one writes nothing.
 */
export async function writeRequirements(
  tx: Queryable,
  shopId: number,
  variantId: number,
  list: readonly VariantRequirement[],
): Promise<void> {
  const { rows } = await tx.query<{ id: number; position: number }>(
    'SELECT id, position FROM variant_requirements WHERE variant_id = $1 ORDER BY position',
    [variantId],
  );
  const byPosition = new Map(rows.map((r) => [Number(r.position), Number(r.id)]));
  for (const [position, r] of list.entries()) {
    let id = byPosition.get(position);
    const kept = id !== undefined;
    if (id === undefined) {
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO variant_requirements (shop_id, variant_id, position, uses, per, choice)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [shopId, variantId, position, r.uses, r.per, r.choice],
      );
      id = Number(inserted.rows[0]!.id);
    } else {
      await tx.query(
        `UPDATE variant_requirements SET uses = $2, per = $3, choice = $4
          WHERE id = $1 AND (uses, per, choice) IS DISTINCT FROM ($2::int, $3::text, $4::text)`,
        [id, r.uses, r.per, r.choice],
      );
    }
    const taken = await tx.query(
      'DELETE FROM requirement_resources WHERE requirement_id = $1 AND NOT (resource_id = ANY($2::bigint[])) RETURNING 1',
      [id, r.resources],
    );
    const added = await tx.query(
      `INSERT INTO requirement_resources (requirement_id, resource_id)
       SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING RETURNING 1`,
      [id, r.resources],
    );
    // The pools have no trigger of their own: a changed pool moves the shop's data version
    // through its requirement's row, as every other change of a variant's requirements does.
    if (kept && taken.rows.length + added.rows.length > 0)
      await tx.query('UPDATE variant_requirements SET uses = uses WHERE id = $1', [id]);
  }
  await tx.query('DELETE FROM variant_requirements WHERE variant_id = $1 AND position >= $2', [variantId, list.length]);
}
