/**
 * What shared resources leave a day or a slot (GET /v1/availability and /v1/slots), judged by the
 * database as a hold of it alone would be (`resource_item_limits`, migration 35), so a day or
 * slot shown free can be held: the pools narrowed by the same rules as a hold's
 * (`reservations/hold-resources.ts`), and for a `shopper` pool, which members are free.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { InvalidError } from '../shared/errors.ts';
import { pickProblem, requirementRows } from './requirement-rows.ts';
import type { Demand, VariantRules } from './types.ts';
import { itemLimits } from './resource-limit-queries.ts';

/** Per period asked: the units its requirements leave (undefined: no limit), and a shopper pool's free members. */
export interface ResourceLimit {
  limit: number | undefined;
  /** The members of its `shopper` pools free for one unit, by name; undefined without such a pool. */
  free: Array<{ id: number; name: string }> | undefined;
}

/** A `resource_id=` that is not a member of the variant's `shopper` pools: the read's 422. */
export function checkPick(variant: Pick<VariantRules, 'requirements'>, pick: string | undefined): void {
  if (pick === undefined || !variant.requirements) return;
  const problem = pickProblem(variant.requirements, pick, false);
  if (problem) throw new InvalidError({ resource_id: [problem] });
}

/**
 * The limits of `periods` of `variant` (whole days when `allDay`) at the database's `now`, the
 * cart's own reservation (`except`) left out; one query for them all, none without requirements.
 */
export async function resourceLimits(
  q: Queryable,
  variant: Pick<VariantRules, 'variantId' | 'productId' | 'schedule' | 'requirements'>,
  periods: ReadonlyArray<Demand['period']>,
  options: { allDay: boolean; tz: string; now: number; except: number | undefined; pick: string | undefined },
): Promise<ResourceLimit[] | undefined> {
  if (!variant.requirements || periods.length === 0) return undefined;
  // Only these fields of the variant are read by the rows.
  const demands: Demand[] = periods.map((period) => ({ variant: variant as VariantRules, period, quantity: 1 }));
  const rows = requirementRows(
    demands,
    demands.map(() => options.pick),
    demands.map(() => options.allDay),
    options.tz,
  );
  const { limits, free } = await itemLimits(q, rows, periods.length, options.now, options.except);
  const names = new Map(variant.requirements.flatMap((r) => r.pool.map((m) => [m.id, m.name] as const)));
  const shopper = variant.requirements.some((r) => r.choice === 'shopper');
  return periods.map((_, i) => ({
    limit: limits[i] ?? undefined,
    free: shopper
      ? (free[String(i + 1)] ?? []).map((id) => ({ id: Number(id), name: names.get(Number(id)) ?? '' }))
      : undefined,
  }));
}
