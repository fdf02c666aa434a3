/**
 * The rules of a variant's requirements (issue 39, RESOURCES.md §1), judged inside the variant
 * write's transaction against the pool's resources, locked (`lockPoolResources`): every id names
 * a resource of this shop (another shop's is "names no resource of this shop", exactly as an
 * unknown one: nothing is revealed); `uses` is no more than the units of every resource of the
 * pool. `per: "slot"` is once per departure: a time of day's, or for a variant booked by days
 * (a sunset tour sold by date) its day's. Each message is added at its field's path under
 * `prefix` (`variants[0].` in a product's body).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { FieldErrors } from '../shared/field-errors.ts';
import { lockPoolResources, type PoolResource } from './requirement-queries.ts';
import type { RequirementInput } from './requirement-schemas.ts';

const unitsOf = (r: PoolResource) => `${r.name}'s ${r.units} unit${r.units === 1 ? '' : 's'}`;

/** Adds the messages of `requirements`. */
export async function checkRequirements(
  tx: Queryable,
  shopId: number,
  requirements: readonly RequirementInput[],
  prefix: string,
  errors: FieldErrors,
): Promise<void> {
  const found = await lockPoolResources(
    tx,
    shopId,
    requirements.flatMap((r) => r.resources),
  );
  requirements.forEach((r, i) => {
    const at = `${prefix}requirements[${i}]`;
    const short: PoolResource[] = [];
    r.resources.forEach((id, j) => {
      const resource = found.get(id);
      if (!resource) errors.add(`${at}.resources[${j}]`, 'names no resource of this shop');
      else if (resource.units < r.uses) short.push(resource);
    });
    if (short.length > 0) errors.add(`${at}.uses`, `is ${r.uses}, more than ${short.map(unitsOf).join(' and ')}`);
  });
}
