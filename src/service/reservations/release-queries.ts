/**
 * Releasing a hold at once (DELETE /v1/reservations/{id}, an extension): the reservation and
 * its items go, so their units are free for the next hold of any process.
 * @module
 */
import type { Queryable } from '../db/types.ts';

/**
 * Deletes the shop's reservation `id` (only the cart's, when `cartToken` is given); false
 * when there was none to delete.
 */
export async function deleteReservation(
  db: Queryable,
  shopId: number,
  id: number,
  cartToken: string | undefined,
): Promise<boolean> {
  const params: unknown[] = [shopId, id];
  if (cartToken !== undefined) params.push(cartToken);
  const { rows } = await db.query(
    `DELETE FROM reservations WHERE shop_id = $1 AND id = $2 ${cartToken !== undefined ? 'AND cart_token = $3' : ''} RETURNING id`,
    params,
  );
  return rows.length > 0;
}
