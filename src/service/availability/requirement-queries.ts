/**
 * A variant's requirements as the hold, a booking and the availability reads load them: one SQL
 * expression per variant row (so the statements that read a variant's rules read its pools in
 * the same snapshot), with each pool member's hours and its blackouts over the span read.
 * @module
 */
import type { Requirement } from './types.ts';

/**
 * SQL: the JSON array of variant `v`'s requirements in order, each with its pool by name; a
 * member's `closed` lists its blackouts overlapping [`$start`, `$finish`) (SQL expressions).
 * An index lookup returning nothing for a variant without requirements.
 */
export function requirementsSql(v: string, start: string, finish: string): string {
  return `(SELECT coalesce(jsonb_agg(jsonb_build_object(
             'id', q.id, 'per', q.per, 'uses', q.uses, 'choice', q.choice,
             'pool', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                        'id', s.id, 'name', s.name, 'units', s.units, 'hours', s.hours,
                        'closed', (SELECT coalesce(jsonb_agg(jsonb_build_array(rb.starts_at, rb.finishes_at)), '[]'::jsonb)
                                     FROM blackouts rb
                                    WHERE rb.resource_id = s.id AND rb.starts_at < ${finish} AND rb.finishes_at > ${start}))
                        ORDER BY s.name, s.id), '[]'::jsonb)
                        FROM requirement_resources rr JOIN resources s ON s.id = rr.resource_id
                       WHERE rr.requirement_id = q.id))
             ORDER BY q.position), '[]'::jsonb)
      FROM variant_requirements q WHERE q.variant_id = ${v}.id)`;
}

interface RequirementJson {
  id: number | string;
  per: Requirement['per'];
  uses: number;
  choice: Requirement['choice'];
  pool: Array<{
    id: number | string;
    name: string;
    units: number;
    hours: Requirement['pool'][number]['hours'];
    closed: Array<[string, string]>;
  }>;
}

/** The requirements read by `requirementsSql` (undefined when there are none). */
export function requirementsOf(json: unknown): Requirement[] | undefined {
  const list = (json ?? []) as RequirementJson[];
  if (list.length === 0) return undefined;
  return list.map((r) => ({
    id: Number(r.id),
    per: r.per,
    uses: r.uses,
    choice: r.choice,
    pool: r.pool.map((m) => ({
      id: Number(m.id),
      name: m.name,
      units: m.units,
      hours: m.hours ?? null,
      closed: m.closed.map(([s, f]) => [Date.parse(s), Date.parse(f)] as [number, number]),
    })),
  }));
}
