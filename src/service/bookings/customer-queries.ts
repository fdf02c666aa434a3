/**
 * A booking's customers as records (migration 22): each person a booking names is the shop's
 * customer with that email (case-insensitive), created on first sight and renamed by each
 * later booking that names them (a name, or phone, left out keeps the one on record); the
 * booking is linked to them in the order it names them. Part of the booking's transaction,
 * after the variants' locks: two bookings naming the same new customer meet at the unique
 * index, the second waiting for the first and then updating its row, so one row results.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { Customer } from '../../shared/records.ts';
import { toIsoUtc } from '../../shared/zones.ts';

/**
 * Upserts the shop's customer record of each person in `customers` who has an email; their
 * ids, in the order of `customers` (a repeated email has its id again).
 */
export async function upsertCustomers(
  tx: Queryable,
  shopId: number,
  customers: readonly Customer[],
  now: number,
): Promise<number[]> {
  // One row per email (the last mention names them), sorted, so two transactions upserting the
  // same customers lock their rows in one order and never wait on each other in a cycle.
  const byEmail = new Map<string, Customer>();
  for (const c of customers) if (c.email !== '') byEmail.set(c.email.toLowerCase(), c);
  const people = [...byEmail.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
  if (people.length === 0) return [];
  const { rows } = await tx.query<{ id: number | string; email: string }>(
    `INSERT INTO customers AS c (shop_id, email, first_name, last_name, phone, created_at, updated_at)
     SELECT $1, t.email, t.first_name, t.last_name, t.phone, $6::timestamptz, $6::timestamptz
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS t (email, first_name, last_name, phone, n)
      ORDER BY t.n
     ON CONFLICT (shop_id, (lower(email))) DO UPDATE
        SET email = EXCLUDED.email,
            first_name = CASE WHEN EXCLUDED.first_name <> '' THEN EXCLUDED.first_name ELSE c.first_name END,
            last_name = CASE WHEN EXCLUDED.last_name <> '' THEN EXCLUDED.last_name ELSE c.last_name END,
            phone = coalesce(EXCLUDED.phone, c.phone),
            updated_at = EXCLUDED.updated_at
     RETURNING c.id, c.email`,
    [
      shopId,
      people.map((c) => c.email),
      people.map((c) => c.first_name),
      people.map((c) => c.last_name),
      people.map((c) => c.phone ?? null),
      toIsoUtc(now),
    ],
  );
  const ids = new Map(rows.map((r) => [r.email.toLowerCase(), Number(r.id)]));
  return customers.flatMap((c) => ids.get(c.email.toLowerCase()) ?? []);
}

/** Links booking `bookingId` to exactly these customers, the first at position 0. */
export async function linkCustomers(tx: Queryable, bookingId: number, customerIds: readonly number[]): Promise<void> {
  await tx.query('DELETE FROM booking_customers WHERE booking_id = $1', [bookingId]);
  if (customerIds.length === 0) return;
  await tx.query(
    `INSERT INTO booking_customers (booking_id, customer_id, position)
     SELECT $1, t.customer_id, min(t.n)::integer - 1
       FROM unnest($2::bigint[]) WITH ORDINALITY AS t (customer_id, n)
      GROUP BY t.customer_id`,
    [bookingId, [...customerIds]],
  );
}
