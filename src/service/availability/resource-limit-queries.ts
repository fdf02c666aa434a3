/**
 * `resource_item_limits` (migration 35): what each requirement row's pool leaves its item, judged
 * as a hold of it alone would be, for the reads (`resource-limits.ts`).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import type { RequirementRow } from './types.ts';

/** Per item (`items` of them): its limit (null: none), and its `shopper` pools' free members by item number. */
export async function itemLimits(
  q: Queryable,
  rows: readonly RequirementRow[],
  items: number,
  now: number,
  exceptReservation: number | undefined,
): Promise<{ limits: Array<number | null>; free: Record<string, Array<number | string>> }> {
  const { rows: answer } = await q.query<{
    limits: Array<number | null>;
    free: Record<string, Array<number | string>>;
  }>(
    'SELECT limits, free FROM resource_item_limits($1::jsonb, $2, $3::timestamptz, $4)',
    [JSON.stringify(rows), items, toIsoUtc(now), exceptReservation ?? null],
    { prepare: true },
  );
  return answer[0]!;
}
