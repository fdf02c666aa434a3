/**
 * Requests to the in-process service as a caller sends them, for the reservation, booking and
 * availability suites.
 */
import type { TestService } from '../../helpers/service.ts';

/** Bearer secret token of the fixture's Melbourne shop. */
export const SECRET = 'sk_test_harbour';
/** Publishable token of the same shop, allowed from https://harbour.example. */
export const PUBLISHABLE = 'pk_test_harbour';

/** What a call answers: status, parsed JSON body (or null) and headers. */
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Options of one call. */
export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
}

/** Calls `method path` with an optional JSON body. */
export async function call<T = any>(
  service: TestService,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token ?? SECRET}`, ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await service.fetch(
    new Request(`${service.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** POST /v1/reservations. */
export function hold(service: TestService, body: unknown, options?: CallOptions) {
  return call(service, 'POST', '/v1/reservations', body, options);
}

/** A customer for bookings whose test is not about customers (a booking needs one: issue 15). */
export const CUSTOMER = { first_name: 'Test', last_name: 'Customer', email: 'customer@example.com' };

/**
 * POST /v1/bookings. An object body without a `customers` key gets `[CUSTOMER]`; a test about
 * customers sends the key (`customers: undefined` sends none at all).
 */
export function book(service: TestService, body: unknown, options?: CallOptions) {
  const withCustomer =
    body !== null && typeof body === 'object' && !Array.isArray(body) && !('customers' in body)
      ? { ...body, customers: [CUSTOMER] }
      : body;
  return call(service, 'POST', '/v1/bookings', withCustomer, options);
}

/** GET a path. */
export function get(service: TestService, path: string, options?: CallOptions) {
  return call(service, 'GET', path, undefined, options);
}

/** Units held (unexpired at `now`) plus booked per variant external id and shop-local day, straight from the database. */
export async function unitsPerDay(service: TestService, externalId: number, now: number): Promise<Map<string, number>> {
  const { rows } = await service.db.query<{ day: string; units: number }>(
    `WITH used AS (
       SELECT ri.variant_id, ri.start_day, ri.finish_day, ri.quantity FROM reservation_items ri
         JOIN reservations r ON r.id = ri.reservation_id WHERE r.expires_at > $2::timestamptz
       UNION ALL
       SELECT bi.variant_id, b.start_day, b.finish_day, bi.quantity FROM booking_items bi
         JOIN bookings b ON b.id = bi.booking_id WHERE b.status <> 'cancelled')
     SELECT d::date::text AS day, sum(u.quantity)::int AS units
       FROM used u JOIN variants v ON v.id = u.variant_id,
            generate_series(u.start_day, u.finish_day - 1, interval '1 day') AS d
      WHERE v.external_id = $1 GROUP BY d ORDER BY d`,
    [externalId, new Date(now).toISOString()],
  );
  return new Map(rows.map((r) => [r.day, r.units]));
}
