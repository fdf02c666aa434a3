/**
 * The rules of the location endpoints (issue 18; secret tokens and admin sessions): a location
 * has a name, unique in its shop (422 else); a delete is refused (409 `in_use`, with the counts)
 * while a product, a blackout or a resource names it, as a product's is while anything depends on it.
 * The body's shape is checked at the route (routes.ts: only `name`, and a read-only `id` sent back).
 * @module
 */
import type { Database } from '../db/types.ts';
import type { LocationRecord } from '../../shared/merchant-records.ts';
import { InUseError, NotFoundError } from '../shared/errors.ts';
import { FieldErrors } from '../shared/field-errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import {
  deleteLocation,
  insertLocation,
  locationNameTaken,
  locationUsers,
  lockLocation,
  renameLocation,
} from './queries.ts';

function taken(): never {
  const errors = new FieldErrors();
  errors.add('name', "is another location's name");
  errors.throwIfAny();
  throw new Error('unreachable');
}

/** Creates a location of the caller's shop. */
export async function createLocation(
  db: Database,
  auth: Pick<AuthContext, 'shopId'>,
  input: { name: string },
): Promise<LocationRecord> {
  return db.transaction(async (tx) => {
    if (await locationNameTaken(tx, auth.shopId, input.name, null)) taken();
    return insertLocation(tx, auth.shopId, input.name);
  });
}

/** Renames the shop's location `id`; 404, or 422 for a name another location has. */
export async function changeLocation(
  db: Database,
  auth: Pick<AuthContext, 'shopId'>,
  id: number,
  input: { name: string },
): Promise<LocationRecord> {
  return db.transaction(async (tx) => {
    if (!(await lockLocation(tx, auth.shopId, id))) throw new NotFoundError('location', id);
    if (await locationNameTaken(tx, auth.shopId, input.name, id)) taken();
    await renameLocation(tx, auth.shopId, id, input.name);
    return { id, name: input.name };
  });
}

/** Deletes the shop's location `id`; 404, or 409 `in_use` while products, blackouts or resources name it. */
export async function removeLocation(db: Database, auth: Pick<AuthContext, 'shopId'>, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockLocation(tx, auth.shopId, id))) throw new NotFoundError('location', id);
    const users = await locationUsers(tx, id);
    if (users.products > 0 || users.blackouts > 0 || users.resources > 0) {
      const parts = [
        users.products > 0 && `${users.products} product(s)`,
        users.blackouts > 0 && `${users.blackouts} blackout(s)`,
        users.resources > 0 && `${users.resources} resource(s)`,
      ].filter(Boolean);
      throw new InUseError(
        `The location ${id} cannot be deleted: ${parts.join(' and ')} name it. Move or delete them first.`,
        users,
      );
    }
    await deleteLocation(tx, auth.shopId, id);
  });
}
