/**
 * The rules of a variant's requirements (issue 39, RESOURCES.md §1), judged inside the variant
 * write's transaction against the pool's resources, locked (`lockPoolResources`): every id names
 * a resource of this shop (another shop's is "names no resource of this shop", exactly as an
 * unknown one: nothing is revealed); `uses` is no more than the units of every resource of the
 * pool; `per: "slot"` (once per departure) needs a variant with times of day. Each message is
 * added at its field's path under `prefix` (`variants[0].` in a product's body).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { FieldErrors } from '../shared/field-errors.ts';
import { lockPoolResources, type PoolResource, storedRequirements } from './requirement-queries.ts';
import type { RequirementInput } from './requirement-schemas.ts';

const unitsOf = (r: PoolResource) => `${r.name}'s ${r.units} unit${r.units === 1 ? '' : 's'}`;

const SLOT_WITHOUT_TIMES =
  'must be "unit" or "booking": "slot" is once per departure, and this variant is booked by days (it has no schedule)';

/** Adds the messages of `requirements` for a variant with (`timed`) or without a schedule. */
export async function checkRequirements(
  tx: Queryable,
  shopId: number,
  requirements: readonly RequirementInput[],
  timed: boolean,
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
    if (r.per === 'slot' && !timed) errors.add(`${at}.per`, SLOT_WITHOUT_TIMES);
  });
}

/**
 * A variant losing its schedule (booked by days again) while its stored requirements stay: one
 * `per: "slot"` among them is a message on `schedule`.
 */
export async function checkKeptRequirements(tx: Queryable, variantId: number, errors: FieldErrors): Promise<void> {
  const at = (await storedRequirements(tx, variantId)).findIndex((r) => r.per === 'slot');
  if (at !== -1)
    errors.add(
      'schedule',
      `cannot be taken away while requirements[${at}] is per "slot" (once per departure): change the requirements in the same request`,
    );
}
