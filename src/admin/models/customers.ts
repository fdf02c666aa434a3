/**
 * The shop's customers (issue 30 point 3): a searched page of them with how many bookings each
 * has and the next one, and one customer with their bookings. Read through the client's generic
 * request until it has `customers.list`/`retrieve`: then each call here is one line.
 * @module
 */
import type { Booking } from '../../client/index.ts';
import { nextPage } from '../../client/internal.ts';
import { client } from '../api.ts';
import { session } from './session.ts';

/** A customer as GET /v1/customers lists them. */
export interface CustomerRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  bookings_count: number;
  /** The start of their next booking, or null when none is coming. */
  next_starts_at: string | null;
  last_starts_at: string | null;
}

/** A customer with their bookings (GET /v1/customers/{id}). */
export interface CustomerWithBookings extends CustomerRecord {
  bookings: Booking[];
}

/** Customers on a page. */
export const CUSTOMERS_PER = 25;

/** A page of customers and where it sits among them. */
export interface CustomersPage {
  customers: CustomerRecord[];
  page: number;
  total: number;
  next: boolean;
  prev: boolean;
}

/** What the Customers screen asks for: a search (name, email or phone) and the page. */
export interface CustomersQuery {
  q: string;
  page: number;
}

/** The page `query` names; `signal` aborts it. */
export async function loadCustomersPage(query: CustomersQuery, signal: AbortSignal): Promise<CustomersPage> {
  const { data, response } = await client.request<CustomerRecord[]>({
    method: 'GET',
    path: '/v1/customers',
    query: { ...(query.q.trim() && { q: query.q.trim() }), page: query.page, per: CUSTOMERS_PER },
    signal,
  });
  const counted = response.headers.get('X-Total-Count');
  const total =
    counted !== null && /^\d+$/.test(counted) ? Number(counted) : (query.page - 1) * CUSTOMERS_PER + data.length;
  return {
    customers: data,
    page: query.page,
    total,
    next: nextPage(response, query.page, CUSTOMERS_PER, data.length) !== undefined,
    prev: query.page > 1,
  };
}

/** One customer with their bookings. */
export async function loadCustomer(id: number, signal: AbortSignal): Promise<CustomerWithBookings> {
  const { data } = await client.request<CustomerWithBookings>({ method: 'GET', path: `/v1/customers/${id}`, signal });
  return data;
}

/** "Ada Lovelace", or their email when they gave no name. */
export function customerName(c: { first_name: string; last_name: string; email: string }): string {
  return `${c.first_name} ${c.last_name}`.trim() || c.email;
}

/**
 * When a booking starts, as the list says it: "Dec 15, 2026" for a booking of whole days (it
 * starts at midnight in the shop's zone), "Dec 5, 2026, 9:00 AM" for a time of day.
 */
export function startWords(iso: string): string {
  const tz = session.value?.shop.tz ?? 'UTC';
  const locale = session.value?.shop.locale ?? 'en';
  const at = new Date(iso);
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const midnight = clock.format(at) === '00:00';
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(midnight ? {} : { timeStyle: 'short' }),
    timeZone: tz,
  }).format(at);
}
