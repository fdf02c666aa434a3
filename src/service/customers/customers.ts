/**
 * GET /v1/customers and GET /v1/customers/{id} (issue 30, point 3: "customers listed with their
 * bookings"): the shop's customer records, which bookings keep (bookings/customer-queries.ts),
 * each with a summary of their bookings at the database's "now"; one customer with every
 * booking that names them.
 * @module
 */
import { databaseNow } from '../db/now.ts';
import type { Database } from '../db/types.ts';
import type { CustomerRecord, CustomerWithBookings } from '../../shared/merchant-records.ts';
import { toIsoUtc } from '../../shared/zones.ts';
import { pageOfBookings } from '../bookings/manage.ts';
import { NotFoundError } from '../shared/errors.ts';
import type { Page } from '../shared/page.ts';
import type { AuthContext } from '../tokens/types.ts';
import { type CustomerRow, findCustomer, listCustomers } from './queries.ts';

type Shop = Pick<AuthContext, 'shopId' | 'tz'>;

/** The most bookings GET /v1/customers/{id} lists (GET /v1/bookings?customer_id= pages through any number). */
export const CUSTOMER_BOOKINGS_MAX = 1000;

const instantOrNull = (value: Date | string | null) => (value === null ? null : toIsoUtc(new Date(value)));

/** The record of `row`. */
function customerRecord(row: CustomerRow): CustomerRecord {
  return {
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    bookings_count: Number(row.bookings_count),
    next_starts_at: instantOrNull(row.next_starts_at),
    last_starts_at: instantOrNull(row.last_starts_at),
    created_at: toIsoUtc(new Date(row.created_at)),
    updated_at: toIsoUtc(new Date(row.updated_at)),
  };
}

/** One page of the shop's customers (those `q` finds, when given) and the total. */
export async function pageOfCustomers(
  db: Database,
  auth: Shop,
  q: string | undefined,
  page: Page,
  sqlNow: number | null,
): Promise<{ records: CustomerRecord[]; total: number }> {
  const { rows, total } = await listCustomers(db, auth.shopId, q, await databaseNow(db, sqlNow), page);
  return { records: rows.map(customerRecord), total };
}

/** The shop's customer `id` with their bookings by start (cancelled ones too), or 404. */
export async function getCustomer(
  db: Database,
  auth: Shop,
  id: number,
  sqlNow: number | null,
): Promise<CustomerWithBookings> {
  const row = await findCustomer(db, auth.shopId, id, await databaseNow(db, sqlNow));
  if (!row) throw new NotFoundError('customer', id);
  const { records } = await pageOfBookings(
    db,
    auth,
    { customerId: id },
    { page: 1, per: CUSTOMER_BOOKINGS_MAX, offset: 0 },
  );
  return { ...customerRecord(row), bookings: records };
}
