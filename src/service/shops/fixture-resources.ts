/**
 * The fixture's resources and requirements (API.md §5, issue 39): a shop's `resources`, upserted
 * by name, and a variant's `requirements`, naming resources by name, judged by the API's rules
 * (`catalog/requirements.ts`: units enough, `per: "slot"` with times of day) and written as the
 * API writes them. A fixture without either touches none of their tables, so it loads into a
 * database of an earlier release as before.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { VariantRequirement } from '../../shared/resource-records.ts';
import { writeRequirements } from '../catalog/requirement-queries.ts';
import { checkRequirements } from '../catalog/requirements.ts';
import { FieldErrors } from '../shared/field-errors.ts';
import { FixtureError, type FixtureRequirement, type FixtureResource, fixtureHours } from './fixture-schema.ts';
import { upsertResource } from './resource-queries.ts';

/** Loads the shop's resources; resolves to their ids by name. */
export async function loadResources(
  tx: Queryable,
  shopId: number,
  resources: readonly FixtureResource[],
  locationId: (name: string | undefined, where: string) => number | null,
  where: string,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [i, r] of resources.entries()) {
    const at = `${where}, resources[${i}]`;
    const name = r.name.trim();
    ids.set(
      name,
      await upsertResource(tx, shopId, {
        name,
        kind: r.kind ?? 'other',
        units: r.units,
        hours: fixtureHours(r.hours, `${at}.hours`),
        locationId: locationId(r.location, at),
      }),
    );
  }
  return ids;
}

/**
 * Makes the variant's requirements the fixture's (named resources resolved by `ids`); a rule
 * broken is a `FixtureError` naming the place, as the API's 422 would name the field.
 */
export async function loadRequirements(
  tx: Queryable,
  shopId: number,
  variantId: number,
  requirements: readonly FixtureRequirement[],
  ids: ReadonlyMap<string, number>,
  where: string,
): Promise<void> {
  const list: VariantRequirement[] = requirements.map((r, i) => ({
    resources: r.resources.map((name, j) => {
      const id = ids.get(name);
      if (id === undefined)
        throw new FixtureError(`${where}.requirements[${i}].resources[${j}]: unknown resource ${name}`);
      return id;
    }),
    uses: r.uses ?? 1,
    per: r.per ?? 'unit',
    choice: r.choice ?? 'any',
  }));
  const errors = new FieldErrors();
  await checkRequirements(tx, shopId, list, '', errors);
  const [field, messages] = Object.entries(errors.fields)[0] ?? [];
  if (field) throw new FixtureError(`${where}.${field} ${messages![0]}`);
  await writeRequirements(tx, shopId, variantId, list);
}
