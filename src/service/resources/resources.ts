/**
 * The rules of /v1/resources (issue 39, RESOURCES.md §1 and §3; secret tokens and admin
 * sessions), each in one transaction: a name unique in the shop (422 else, as a location's);
 * a location and a staff account of the shop (422 else, another shop's never revealed); `units`
 * never below what a variant's requirement `uses` of it (422 naming the variant); a delete
 * refused (409 `in_use`) while a variant's requirement names the resource or a booking ahead
 * holds its units, naming them. The body's shape is checked at the route (`schemas.ts`).
 * @module
 */
import type { Database } from '../db/types.ts';
import type { ResourceRecord } from '../../shared/resource-records.ts';
import { InUseError, NotFoundError } from '../shared/errors.ts';
import { FieldErrors } from '../shared/field-errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import type { Queryable } from '../db/types.ts';
import {
  bookingsAhead,
  deleteResource,
  findResource,
  insertResource,
  lockResource,
  type RequiringVariant,
  type ResourceColumns,
  requiringVariants,
  resourceNameTaken,
  shopOwns,
  updateResource,
} from './queries.ts';
import type { ResourceInput } from './schemas.ts';

type Shop = Pick<AuthContext, 'shopId'>;

/** "Sunset tour – Adult": a variant as the merchant reads it. */
export const variantName = (v: { product_title: string; variant_title: string }) =>
  `${v.product_title} – ${v.variant_title}`;

/** "A, B, C and 2 more": the first few names of a list. */
function someOf(names: string[], first = 3): string {
  const shown = names.slice(0, first);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '');
}

/** Adds the messages of a name another resource has, and of a location or staff account the shop lacks. */
async function checkColumns(
  tx: Queryable,
  shopId: number,
  columns: ResourceColumns,
  id: number | null,
  errors: FieldErrors,
): Promise<void> {
  if (await resourceNameTaken(tx, shopId, columns.name, id)) errors.add('name', "is another resource's name");
  const owns = await shopOwns(tx, shopId, columns.location_id, columns.staff_account_id);
  if (!owns.location) errors.add('location_id', 'names no location of this shop');
  if (!owns.staff) errors.add('staff_account_id', 'names no staff account of this shop');
}

/** Creates a resource of the caller's shop; 422 naming every field at fault. */
export async function createResource(db: Database, auth: Shop, input: ResourceInput): Promise<ResourceRecord> {
  return db.transaction(async (tx) => {
    const columns: ResourceColumns = {
      name: input.name!,
      kind: input.kind ?? 'other',
      units: input.units!,
      hours: input.hours ?? null,
      location_id: input.locationId ?? null,
      staff_account_id: input.staffAccountId ?? null,
    };
    const errors = new FieldErrors();
    await checkColumns(tx, auth.shopId, columns, null, errors);
    errors.throwIfAny();
    const id = await insertResource(tx, auth.shopId, columns);
    return (await findResource(tx, auth.shopId, id))!;
  });
}

/** The message of units fewer than the variants' requirements take of the resource. */
function unitsShort(units: number, variants: RequiringVariant[]): string | undefined {
  const over = variants.filter((v) => v.uses > units);
  if (over.length === 0) return undefined;
  const most = over[0]!.uses;
  return `must be at least ${most}: ${someOf(over.map((v) => `${variantName(v)} uses ${v.uses}`))} of it (change their requirements first)`;
}

/** Changes the given fields of the shop's resource `id`; 404, or 422 naming every field at fault. */
export async function changeResource(
  db: Database,
  auth: Shop,
  id: number,
  input: ResourceInput,
): Promise<ResourceRecord> {
  return db.transaction(async (tx) => {
    const stored = await lockResource(tx, auth.shopId, id);
    if (!stored) throw new NotFoundError('resource', id);
    const columns: ResourceColumns = {
      name: input.name ?? stored.name,
      kind: input.kind ?? stored.kind,
      units: input.units ?? stored.units,
      hours: input.hours !== undefined ? input.hours : stored.hours,
      location_id: input.locationId !== undefined ? input.locationId : stored.location_id,
      staff_account_id: input.staffAccountId !== undefined ? input.staffAccountId : stored.staff_account_id,
    };
    const errors = new FieldErrors();
    await checkColumns(tx, auth.shopId, columns, id, errors);
    if (columns.units < stored.units) {
      const short = unitsShort(columns.units, await requiringVariants(tx, id));
      if (short) errors.add('units', short);
    }
    errors.throwIfAny();
    await updateResource(tx, auth.shopId, id, columns);
    return (await findResource(tx, auth.shopId, id))!;
  });
}

/**
 * Deletes the shop's resource `id` with its blackouts, calendar imports and past allocations;
 * 404, or 409 `in_use` while a variant's requirement names it or a pending or confirmed
 * booking not yet over holds its units (`details.variant_ids`, `details.booking_ids`: the first five).
 */
export async function removeResource(db: Database, auth: Shop, id: number, sqlNow: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const resource = await lockResource(tx, auth.shopId, id);
    if (!resource) throw new NotFoundError('resource', id);
    const variants = await requiringVariants(tx, id);
    const bookings = await bookingsAhead(tx, id, sqlNow);
    if (variants.length > 0 || bookings.count > 0) {
      const reasons = [
        variants.length > 0 &&
          `${variants.length === 1 ? 'the variant' : `${variants.length} variants`} ${someOf(variants.map(variantName))} require${variants.length === 1 ? 's' : ''} it`,
        bookings.count > 0 &&
          `${bookings.count} booking${bookings.count === 1 ? '' : 's'} ahead hold${bookings.count === 1 ? 's' : ''} its units (${bookings.ids
            .map((b) => `#${b}`)
            .join(', ')}${bookings.count > bookings.ids.length ? ', …' : ''})`,
      ].filter(Boolean);
      const todo = [
        variants.length > 0 && "take it out of those variants' requirements",
        bookings.count > 0 && 'move or cancel those bookings',
      ].filter(Boolean);
      throw new InUseError(
        `The resource ${id} (${resource.name}) cannot be deleted: ${reasons.join(', and ')}. First ${todo.join(', and ')}.`,
        { variants: variants.length, coming_bookings: bookings.count },
        { variant_ids: variants.slice(0, 5).map((v) => v.variant_id), booking_ids: bookings.ids },
      );
    }
    await deleteResource(tx, auth.shopId, id);
  });
}
