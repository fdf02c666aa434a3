/**
 * Creating and changing blackouts (POST and PUT /v1/blackouts, an extension of API.md §3), as
 * rules without HTTP: the body comes checked by its schema (`schemas.ts`, its messages in a
 * `FieldErrors`); its times are placed in the shop's zone and its targets checked against the
 * shop's catalogue, all in one transaction with the write; one `InvalidError` names every bad
 * field, the schema's and these together.
 *
 * Decisions where the spec is silent:
 * - `product_id` and `external_product_id` (and the variant pair) name one column; giving both
 *   is allowed when they name the same thing. `null` clears a target on PUT.
 * - A blackout whose targets cannot all match one variant (a variant of another product, a
 *   product at another location) would apply to nothing: it is 422.
 * - `all_day` not given: 1 when both boundaries were written as days; on PUT, a boundary not
 *   given counts as a day when the blackout was all-day. `all_day: 1` given needs both
 *   boundaries at the start of a day in the shop's zone.
 * - `updated_at` moves (to the service clock) only when a PUT changes something.
 * - A resource's blackout (`resource_id`, issue 39) names the resource alone: with a product, a
 *   variant or a location too it is 422 (a PUT that gives a resource clears none of them itself;
 *   it sends them null with it).
 * @module
 */
import type { Database, Queryable } from '../db/types.ts';
import type { Blackout } from '../../shared/records.ts';
import { plainDateInZone, startOfDayInZone } from '../../shared/zones.ts';
import { NotFoundError } from '../shared/errors.ts';
import type { FieldErrors } from '../shared/field-errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import { type BlackoutInput, type BoundaryInput, blackoutInputOf, type CheckedBody } from './input.ts';
import { findBlackout } from './queries.ts';
import type { TargetField } from './types.ts';
import {
  type BlackoutColumns,
  findTargetId,
  insertBlackout,
  locationOfProduct,
  lockBlackoutColumns,
  productOfVariant,
  updateBlackoutColumns,
} from './write-queries.ts';

type Kind = 'product' | 'variant' | 'location' | 'resource';

// Each stored target column and the body fields that name it.
const TARGETS: ReadonlyArray<{
  kind: Kind;
  column: 'product_id' | 'variant_id' | 'location_id' | 'resource_id';
  fields: TargetField[];
}> = [
  { kind: 'product', column: 'product_id', fields: ['product_id', 'external_product_id'] },
  { kind: 'variant', column: 'variant_id', fields: ['variant_id', 'external_variant_id'] },
  { kind: 'location', column: 'location_id', fields: ['location_id'] },
  { kind: 'resource', column: 'resource_id', fields: ['resource_id'] },
];

/** The stored ids the body's target fields name (undefined: not given); unknown ones are errors. */
async function resolveTargets(
  tx: Queryable,
  shopId: number,
  input: BlackoutInput,
  errors: FieldErrors,
): Promise<Partial<Record<Kind, number | null>>> {
  const resolved: Partial<Record<Kind, number | null>> = {};
  for (const target of TARGETS) {
    let named: { field: TargetField; id: number | null } | undefined;
    for (const field of target.fields) {
      const value = input.targets[field];
      if (value === undefined) continue;
      let id: number | null = null;
      if (value !== null) {
        const found = await findTargetId(tx, shopId, field, value);
        if (found === undefined) {
          errors.add(field, `names no ${target.kind} of this shop`);
          continue;
        }
        id = found;
      }
      if (named && named.id !== id) errors.add(field, `names another ${target.kind} than ${named.field}`);
      named = { field, id };
    }
    if (named) resolved[target.kind] = named.id;
  }
  return resolved;
}

/** The body field to blame for a conflict about `kind`: the one sent, else its own-id name. */
function fieldFor(input: BlackoutInput, kind: Kind): string {
  const sent = TARGETS.find((t) => t.kind === kind)!.fields.find((field) => input.targets[field] !== undefined);
  return sent ?? `${kind}_id`;
}

/** Records a 422 when the targets could never all match one variant. */
async function checkTargetsAgree(
  tx: Queryable,
  columns: BlackoutColumns,
  input: BlackoutInput,
  errors: FieldErrors,
): Promise<void> {
  const blame = (a: Kind, b: Kind) => {
    const sentA = fieldFor(input, a);
    return input.targets[sentA as TargetField] !== undefined ? sentA : fieldFor(input, b);
  };
  if (columns.resource_id !== null) {
    const named = (['product', 'variant', 'location'] as const).filter((kind) => columns[`${kind}_id`] !== null);
    if (named.length > 0) {
      // A resource's blackout closes only what needs the resource: it names nothing else.
      const why = "a resource's blackout closes what needs the resource and names nothing else";
      if (input.targets.resource_id !== undefined)
        errors.add(
          'resource_id',
          `cannot be given with a ${named.join(' or ')}: ${why} (send ${named.map((k) => `${k}_id`).join(', ')} null)`,
        );
      else
        errors.add(
          fieldFor(input, named[0]!),
          `cannot be given while the blackout names a resource: ${why} (send resource_id null)`,
        );
      return;
    }
  }
  const variantProduct = columns.variant_id === null ? null : await productOfVariant(tx, columns.variant_id);
  if (columns.variant_id !== null && columns.product_id !== null && variantProduct !== columns.product_id) {
    errors.add(blame('variant', 'product'), 'names a variant of another product than the blackout names');
  }
  const product = columns.product_id ?? variantProduct ?? null;
  if (
    columns.location_id !== null &&
    product !== null &&
    (await locationOfProduct(tx, product)) !== columns.location_id
  ) {
    errors.add(
      blame(columns.variant_id !== null ? 'variant' : 'product', 'location'),
      'names a product at another location than the blackout names',
    );
  }
}

/** True when `instant` is the start of its day in `tz`. */
function isStartOfDay(instant: Date, tz: string): boolean {
  return startOfDayInZone(plainDateInZone(instant, tz), tz).getTime() === instant.getTime();
}

/** The columns a write leaves: `input` over `stored` (or the defaults on create). */
function mergeColumns(
  input: BlackoutInput,
  targets: Partial<Record<Kind, number | null>>,
  stored: BlackoutColumns | undefined,
): BlackoutColumns {
  const boundaryIsDay = (given: BoundaryInput | undefined) => (given ? given.isDay : stored?.all_day === 1);
  const timesGiven = input.starts_at !== undefined || input.finishes_at !== undefined;
  const derivedAllDay =
    !stored || timesGiven
      ? boundaryIsDay(input.starts_at) && boundaryIsDay(input.finishes_at)
        ? 1
        : 0
      : stored.all_day;
  return {
    title: input.title !== undefined ? input.title : (stored?.title ?? null),
    shopper_reason: input.shopper_reason !== undefined ? input.shopper_reason : (stored?.shopper_reason ?? null),
    // On create both boundaries passed the check before this is called.
    starts_at: input.starts_at?.instant ?? stored!.starts_at,
    finishes_at: input.finishes_at?.instant ?? stored!.finishes_at,
    all_day: input.all_day ?? derivedAllDay,
    scope: input.scope ?? stored?.scope ?? 'overlap',
    product_id: targets.product !== undefined ? targets.product : (stored?.product_id ?? null),
    variant_id: targets.variant !== undefined ? targets.variant : (stored?.variant_id ?? null),
    location_id: targets.location !== undefined ? targets.location : (stored?.location_id ?? null),
    resource_id: targets.resource !== undefined ? targets.resource : (stored?.resource_id ?? null),
  };
}

/** Resolves a checked body to the columns to store, or throws one 422 naming every bad field. */
async function checkedColumns(
  tx: Queryable,
  auth: { shopId: number; tz: string },
  { body, errors }: CheckedBody,
  stored: BlackoutColumns | undefined,
): Promise<BlackoutColumns> {
  const input = blackoutInputOf(body, errors, auth.tz);
  const targets = await resolveTargets(tx, auth.shopId, input, errors);
  // The times' rules need only the times (given or stored), not the targets: they are judged
  // even when a target failed, so one 422 names every bad field.
  const startsAt = input.starts_at?.instant ?? stored?.starts_at;
  const finishesAt = input.finishes_at?.instant ?? stored?.finishes_at;
  if (startsAt && finishesAt && !errors.has('starts_at') && !errors.has('finishes_at')) {
    if (finishesAt.getTime() <= startsAt.getTime()) errors.add('finishes_at', 'must be after starts_at');
    if (input.all_day === 1 && !(isStartOfDay(startsAt, auth.tz) && isStartOfDay(finishesAt, auth.tz)))
      errors.add('all_day', `must be 0 unless starts_at and finishes_at are starts of days in ${auth.tz}`);
  }
  errors.throwIfAny();
  const columns = mergeColumns(input, targets, stored);
  await checkTargetsAgree(tx, columns, input, errors);
  errors.throwIfAny();
  // A variant's blackout stored without a product shows the variant's product (the check above
  // made sure any product named agrees): naming it again on the same variant changes nothing, so
  // a record PUT back as it was read leaves updated_at.
  if (stored && stored.product_id === null && columns.variant_id !== null && columns.variant_id === stored.variant_id)
    columns.product_id = null;
  return columns;
}

function sameColumns(a: BlackoutColumns, b: BlackoutColumns): boolean {
  return (Object.keys(a) as (keyof BlackoutColumns)[]).every((key) => {
    const x = a[key];
    const y = b[key];
    return x instanceof Date && y instanceof Date ? x.getTime() === y.getTime() : x === y;
  });
}

/**
 * Creates a blackout from `request` (a POST body and its schema's messages), made at `now()`
 * (epoch ms: the app's clock, in production the database's as this process reads it; a
 * timestamp shown to the merchant, decided by nothing), and resolves to its record.
 */
export async function createBlackout(
  db: Database,
  auth: Pick<AuthContext, 'shopId' | 'tz'>,
  request: CheckedBody,
  now: () => number,
): Promise<Blackout> {
  return db.transaction(async (tx) => {
    const columns = await checkedColumns(tx, auth, request, undefined);
    const id = await insertBlackout(tx, auth.shopId, columns, new Date(now()));
    return (await findBlackout(tx, auth.shopId, id))!;
  });
}

/**
 * Changes blackout `id` by `request` (a partial PUT body and its schema's messages) and
 * resolves to its record; `updated_at` moves (to `now()`) only when something changed.
 * Throws `NotFoundError` when the shop has no such blackout.
 */
export async function updateBlackout(
  db: Database,
  auth: Pick<AuthContext, 'shopId' | 'tz'>,
  id: number,
  request: CheckedBody,
  now: () => number,
): Promise<Blackout> {
  return db.transaction(async (tx) => {
    const stored = await lockBlackoutColumns(tx, auth.shopId, id);
    if (!stored) throw new NotFoundError('blackout', id);
    const columns = await checkedColumns(tx, auth, request, stored);
    if (!sameColumns(columns, stored)) await updateBlackoutColumns(tx, auth.shopId, id, columns, new Date(now()));
    return (await findBlackout(tx, auth.shopId, id))!;
  });
}
