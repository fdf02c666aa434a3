/**
 * The rule of a new calendar import (POST /v1/variants/{id}/calendar-imports): the variant is
 * the shop's (404 else), a resource it names is the shop's (422 else, another shop's never
 * revealed), and the variant does not import the address already (409).
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { ConflictError, InvalidError, NotFoundError } from '../shared/errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import { type ImportRow, insertImport, shopHasResource, shopHasVariant } from './queries.ts';

/** Adds an import of `body.url` to the shop's variant, due at once; a resource's calendar with `resource_id`. */
export async function createImport(
  db: Queryable,
  auth: Pick<AuthContext, 'shopId'>,
  variantId: number,
  body: { url: string; resource_id?: number | null | undefined },
): Promise<ImportRow> {
  if (!(await shopHasVariant(db, auth.shopId, variantId))) throw new NotFoundError('variant', variantId);
  const resourceId = body.resource_id ?? null;
  if (resourceId !== null && !(await shopHasResource(db, auth.shopId, resourceId)))
    throw new InvalidError({ resource_id: ['names no resource of this shop'] });
  const row = await insertImport(db, auth.shopId, variantId, body.url, resourceId);
  if (!row) throw new ConflictError('The variant imports this address already; nothing was changed.', []);
  return row;
}
