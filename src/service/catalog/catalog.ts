/**
 * The catalogue's rules: create, change and delete products and variants of one shop, each in
 * one transaction. An external id is unique per shop (422 naming the field when taken); a
 * location must be the shop's; a delete is refused (409 `in_use`) while anything depends on the
 * variants (live holds, bookings coming or past: bookings are records the merchant keeps, and
 * deleting a variant would take their items with it; lower its capacity to 0 and take it off
 * its widgets instead). Every write gives the shop a new data version (migration 3's triggers),
 * so the cached blackout lists of every process see it on their next request.
 * @module
 */
import type { Database, Queryable } from '../db/types.ts';
import { InUseError, InvalidError, NotFoundError } from '../shared/errors.ts';
import { FieldErrors } from '../shared/field-errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import { writeRequirements } from './requirement-queries.ts';
import { checkRequirements } from './requirements.ts';
import type { ProductInput, VariantInput } from './schemas.ts';
import {
  dependentsOf,
  deleteProductRow,
  deleteVariantRow,
  externalIdTaken,
  findProduct,
  findVariant,
  insertProduct,
  insertVariant,
  locationExists,
  lockProduct,
  lockVariant,
  lockVariantsOf,
  type ProductRecord,
  updateProduct,
  updateVariant,
  type VariantRecord,
  variantSchedule,
} from './queries.ts';

type Shop = Pick<AuthContext, 'shopId'>;

const TAKEN = 'is already used by another product of this shop';
const VARIANT_TAKEN = 'is already used by another variant of this shop';

async function checkLocation(q: Queryable, shopId: number, locationId: number | null | undefined): Promise<void> {
  if (locationId === undefined || locationId === null) return;
  if (!(await locationExists(q, shopId, locationId)))
    throw new InvalidError({ location_id: ['names no location of this shop'] });
}

/** Creates a product with its variants (all or nothing); resolves to its record. */
export async function createProduct(db: Database, auth: Shop, input: ProductInput): Promise<ProductRecord> {
  return db.transaction(async (tx) => {
    await checkLocation(tx, auth.shopId, input.locationId);
    const id = await insertProduct(tx, auth.shopId, {
      externalId: input.externalId!,
      title: input.title!,
      vendor: input.vendor ?? null,
      locationId: input.locationId ?? null,
    });
    if (id === undefined) throw new InvalidError({ external_id: [TAKEN] });
    const errors = new FieldErrors();
    for (const [i, v] of (input.variants ?? []).entries()) {
      const variantId = await insertVariant(tx, auth.shopId, id, {
        externalId: v.externalId!,
        title: v.title!,
        capacity: v.capacity!,
        schedule: v.schedule ?? null,
      });
      if (variantId === undefined) errors.add(`variants[${i}].external_id`, VARIANT_TAKEN);
      if (!v.requirements) continue;
      await checkRequirements(tx, auth.shopId, v.requirements, `variants[${i}].`, errors);
      // Written only while all is well: a refusal rolls everything back anyway.
      if (errors.empty) await writeRequirements(tx, auth.shopId, variantId!, v.requirements);
    }
    errors.throwIfAny();
    return (await findProduct(tx, auth.shopId, id))!;
  });
}

/** Changes a product's given fields; 404 when it is not the shop's. */
export async function changeProduct(db: Database, auth: Shop, id: number, input: ProductInput): Promise<ProductRecord> {
  return db.transaction(async (tx) => {
    if (!(await lockProduct(tx, auth.shopId, id))) throw new NotFoundError('product', id);
    if (input.externalId !== undefined && (await externalIdTaken(tx, 'products', auth.shopId, input.externalId, id)))
      throw new InvalidError({ external_id: [TAKEN] });
    await checkLocation(tx, auth.shopId, input.locationId);
    await updateProduct(tx, auth.shopId, id, input);
    return (await findProduct(tx, auth.shopId, id))!;
  });
}

/** Adds a variant to a product; 404 when the product is not the shop's. */
export async function createVariant(
  db: Database,
  auth: Shop,
  productId: number,
  input: VariantInput,
): Promise<VariantRecord> {
  return db.transaction(async (tx) => {
    if (!(await lockProduct(tx, auth.shopId, productId))) throw new NotFoundError('product', productId);
    const id = await insertVariant(tx, auth.shopId, productId, {
      externalId: input.externalId!,
      title: input.title!,
      capacity: input.capacity!,
      schedule: input.schedule ?? null,
    });
    if (id === undefined) throw new InvalidError({ external_id: [VARIANT_TAKEN] });
    if (input.requirements) {
      const errors = new FieldErrors();
      await checkRequirements(tx, auth.shopId, input.requirements, '', errors);
      errors.throwIfAny();
      await writeRequirements(tx, auth.shopId, id, input.requirements);
    }
    return (await findVariant(tx, auth.shopId, id))!;
  });
}

/**
 * Changes a variant's given fields. A lower capacity is allowed even below what is held or
 * booked: nothing already confirmed is taken away, and the days show no units left until
 * enough are released. So is a new schedule, or none (`schedule: null`, booked by days again):
 * holds and bookings keep their times, and GET /v1/variants/{id}/misfits lists those that no
 * longer fit. `booking: "slots"` without a schedule is refused unless the variant has one.
 */
export async function changeVariant(db: Database, auth: Shop, id: number, input: VariantInput): Promise<VariantRecord> {
  return db.transaction(async (tx) => {
    // The same lock a hold takes on the variant: a capacity change and a hold never interleave.
    if (!(await lockVariant(tx, auth.shopId, id))) throw new NotFoundError('variant', id);
    const errors = new FieldErrors();
    if (input.externalId !== undefined && (await externalIdTaken(tx, 'variants', auth.shopId, input.externalId, id)))
      errors.add('external_id', VARIANT_TAKEN);
    // The schedule the variant will have: the one given, or its own.
    const schedule = input.schedule !== undefined ? input.schedule : await variantSchedule(tx, auth.shopId, id);
    if (input.slotsWithoutSchedule && schedule === null)
      errors.add('schedule', 'is required when booking is "slots": this variant has none yet');
    if (input.requirements) await checkRequirements(tx, auth.shopId, input.requirements, '', errors);
    errors.throwIfAny();
    await updateVariant(tx, auth.shopId, id, input);
    if (input.requirements) await writeRequirements(tx, auth.shopId, id, input.requirements);
    return (await findVariant(tx, auth.shopId, id))!;
  });
}

function refuse(
  what: string,
  id: number,
  dependents: { holds: number; coming_bookings: number; past_bookings: number },
): void {
  const parts = [
    dependents.holds > 0 && `${dependents.holds} live hold item(s)`,
    dependents.coming_bookings > 0 && `${dependents.coming_bookings} coming booking(s)`,
    dependents.past_bookings > 0 && `${dependents.past_bookings} past or cancelled booking(s)`,
  ].filter(Boolean);
  if (parts.length === 0) return;
  throw new InUseError(
    `The ${what} ${id} cannot be deleted: ${parts.join(', ')} refer to it. Set its capacity to 0 and take it off its widgets instead.`,
    dependents,
  );
}

/** Deletes a product and its variants when nothing depends on them; 404, or 409 `in_use`. */
export async function removeProduct(db: Database, auth: Shop, id: number, sqlNow: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockProduct(tx, auth.shopId, id))) throw new NotFoundError('product', id);
    const variantIds = await lockVariantsOf(tx, auth.shopId, id);
    refuse('product', id, await dependentsOf(tx, variantIds, sqlNow));
    await deleteProductRow(tx, auth.shopId, id);
  });
}

/** Deletes a variant when nothing depends on it; 404, or 409 `in_use`. */
export async function removeVariant(db: Database, auth: Shop, id: number, sqlNow: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockVariant(tx, auth.shopId, id))) throw new NotFoundError('variant', id);
    refuse('variant', id, await dependentsOf(tx, [id], sqlNow));
    await deleteVariantRow(tx, auth.shopId, id);
  });
}
