/**
 * A shop's customer records (migration 22) as GET /v1/customers reads them: one page, found by
 * name, email or phone, or one by id; each with how many bookings (not cancelled) name them
 * and when the next one starts and the latest one started, at the `now` given.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import { pagedQuery } from '../db/paged-query.ts';
import type { Page } from '../shared/page.ts';

/** A customers row with its bookings' summary. */
export interface CustomerRow {
  id: number | string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  bookings_count: number;
  next_starts_at: Date | string | null;
  last_starts_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The summary columns of customer `c` at the instant in parameter `now` (e.g. `$2`). */
function summary(now: string): string {
  const theirs = `FROM booking_customers bc JOIN bookings b ON b.id = bc.booking_id
                 WHERE bc.customer_id = c.id AND b.status <> 'cancelled'`;
  return `(SELECT count(*)::int ${theirs}) AS bookings_count,
          (SELECT min(b.starts_at) ${theirs} AND b.starts_at >= ${now}::timestamptz) AS next_starts_at,
          (SELECT max(b.starts_at) ${theirs} AND b.starts_at < ${now}::timestamptz) AS last_starts_at`;
}

const COLUMNS = 'c.id, c.first_name, c.last_name, c.email, c.phone, c.created_at, c.updated_at';

/**
 * One page of the shop's customers by last name, first name and email (case-insensitive), then
 * id; with `q`, only those whose name ("Ada Lovelace"), email or phone holds it.
 */
export async function listCustomers(
  db: Queryable,
  shopId: number,
  q: string | undefined,
  now: number,
  page: Page,
): Promise<{ rows: CustomerRow[]; total: number }> {
  const params: unknown[] = [shopId, new Date(now).toISOString()];
  const where = ['c.shop_id = $1'];
  if (q !== undefined) {
    params.push(`%${q.replace(/[\\%_]/g, '\\$&')}%`);
    where.push(`((c.first_name || ' ' || c.last_name) ILIKE $3 OR c.email ILIKE $3 OR c.phone ILIKE $3)`);
  }
  return pagedQuery<CustomerRow & { id: number }>(
    db,
    {
      matched: `SELECT ${COLUMNS}, lower(c.last_name) AS last_key, lower(c.first_name) AS first_key, lower(c.email) AS email_key
                  FROM customers c WHERE ${where.join(' AND ')}`,
      page: `SELECT c.*, ${summary('$2')} FROM matched c`,
      orderBy: ['last_key', 'first_key', 'email_key', 'id'],
      params,
    },
    page,
  );
}

/** The shop's customer `id` with its summary at `now`, if there is one. */
export async function findCustomer(
  db: Queryable,
  shopId: number,
  id: number,
  now: number,
): Promise<CustomerRow | undefined> {
  const { rows } = await db.query<CustomerRow>(
    `SELECT ${COLUMNS}, ${summary('$3')} FROM customers c WHERE c.shop_id = $1 AND c.id = $2`,
    [shopId, id, new Date(now).toISOString()],
  );
  return rows[0];
}
