/**
 * The statements of a cancellation by the customer (the manage link): whether the shop's
 * cut-off still allows it by the database's clock, and the marks it leaves on the booking.
 * @module
 */
import { nowParam, nowSql } from '../db/now.ts';
import type { Queryable } from '../db/types.ts';

/** Whether the booking starts more than `cutoffHours` after now (the database's clock, or `sqlNow`). */
export async function beforeCutoff(
  tx: Queryable,
  shopId: number,
  id: number,
  cutoffHours: number,
  sqlNow: number | null,
): Promise<boolean> {
  const { rows } = await tx.query<{ open: boolean }>(
    `SELECT starts_at - make_interval(hours => $3::int) > ${nowSql('$4')} AS open
       FROM bookings WHERE shop_id = $1 AND id = $2`,
    [shopId, id, cutoffHours, nowParam(sqlNow)],
  );
  return rows[0]?.open === true;
}

/** Marks the booking cancelled by its customer; a Shopify order's booking is to be refunded. */
export async function markCancelledByCustomer(
  tx: Queryable,
  shopId: number,
  id: number,
  sqlNow: number | null,
): Promise<void> {
  await tx.query(
    `UPDATE bookings SET cancelled_by_customer_at = ${nowSql('$3')},
                         refund_due = (jsonb_typeof(tags) = 'array' AND tags ? 'shopify')
      WHERE shop_id = $1 AND id = $2`,
    [shopId, id, nowParam(sqlNow)],
  );
}

/**
 * Marks the refund of a customer's cancellation made, by the database's clock (or `sqlNow`):
 * when it was marked, or undefined when it had none due (nothing changed).
 */
export async function markRefunded(
  tx: Queryable,
  shopId: number,
  id: number,
  sqlNow: number | null,
): Promise<Date | string | undefined> {
  const { rows } = await tx.query<{ refunded_at: Date | string }>(
    `UPDATE bookings SET refund_due = false, refunded_at = ${nowSql('$3')}
      WHERE shop_id = $1 AND id = $2 AND refund_due RETURNING refunded_at`,
    [shopId, id, nowParam(sqlNow)],
  );
  return rows[0]?.refunded_at;
}
