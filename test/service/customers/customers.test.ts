// Customer records (issue 30, point 3: "customers listed with their bookings"): bookings made
// and changed keep one record per shop and email; GET /v1/customers finds them by name, email
// or phone with a summary of their bookings; GET /v1/customers/{id} lists those bookings;
// GET /v1/bookings filters by customer, location and Shopify order.
import type { z } from '@hono/zod-openapi';
import { expect, expectTypeOf, it } from 'vitest';
import type { CustomerRecordSchema, CustomerWithBookingsSchema } from '../../../src/service/customers/schemas.ts';
import type { CustomerRecord, CustomerWithBookings } from '../../../src/shared/merchant-records.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, catalogIds, TOKENS, withService } from '../api.ts';

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
const grace = { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phone: '+61 3 9000 1234' };

async function book(service: TestService, day: string, customers: unknown[], extra: Record<string, unknown> = {}) {
  const made = await api(service).post('/v1/bookings', {
    starts_at: `${day} 09:00`,
    finishes_at: `${day} 17:00`,
    items: [{ external_id: 8003, quantity: 1 }],
    customers,
    ...extra,
  });
  expect(made.status).toBe(201);
  return made.body;
}

const ids = (list: { id: number }[]) => list.map((r) => r.id);

it('customer records are the shared record types', () => {
  expectTypeOf<z.output<typeof CustomerRecordSchema>>().toEqualTypeOf<CustomerRecord>();
  expectTypeOf<z.output<typeof CustomerWithBookingsSchema>>().toEqualTypeOf<CustomerWithBookings>();
});

describeEachDatabase('GET /v1/customers', (database) => {
  it('keeps one customer per email, named by their latest booking, with a summary of their bookings', async () => {
    await withService(database, async (service) => {
      // The test clock stands at 22 November 2026: one booking has started, two are coming.
      const past = await book(service, '2026-11-20', [ada]);
      const cancelled = await book(service, '2026-12-05', [ada]);
      await api(service).post(`/v1/bookings/${cancelled.id}/cancel`, undefined);
      const next = await book(service, '2026-12-10', [{ ...ada, email: 'ADA@example.com', first_name: 'Augusta' }]);
      const later = await book(service, '2026-12-12', [grace, { email: 'ada@example.com' }]);
      expect([past.customer_id, next.customer_id]).toEqual([past.customer_id, past.customer_id]);

      const list = await api(service).get('/v1/customers');
      expect(list.status).toBe(200);
      expect(list.headers.get('x-total-count')).toBe('2');
      expect(list.body).toEqual([
        {
          id: later.customer_id,
          first_name: 'Grace',
          last_name: 'Hopper',
          email: 'grace@example.com',
          phone: '+61 3 9000 1234',
          bookings_count: 1,
          next_starts_at: later.starts_at,
          last_starts_at: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
        {
          id: past.customer_id,
          // A later booking naming only the email keeps the names on record.
          first_name: 'Augusta',
          last_name: 'Lovelace',
          email: 'ada@example.com',
          phone: null,
          bookings_count: 3,
          next_starts_at: next.starts_at,
          last_starts_at: past.starts_at,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ]);

      const one = await api(service).get(`/v1/customers/${past.customer_id}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ ...list.body[1], bookings: expect.any(Array) });
      expect(ids(one.body.bookings)).toEqual([past.id, cancelled.id, next.id, later.id]);
      expect(one.body.bookings[1].status).toBe('cancelled');
      expect(ids((await api(service).get(`/v1/bookings?customer_id=${past.customer_id}`)).body)).toEqual(
        ids(one.body.bookings),
      );
    });
  });

  it('finds customers by name, email or phone, a page at a time', async () => {
    await withService(database, async (service) => {
      await book(service, '2026-12-10', [ada]);
      await book(service, '2026-12-11', [grace]);
      await book(service, '2026-12-12', [{ first_name: 'Alan', last_name: 'Turing', email: 'alan@example.org' }]);
      const find = async (q: string) =>
        (await api(service).get(`/v1/customers?q=${encodeURIComponent(q)}`)).body.map(
          (c: { last_name: string }) => c.last_name,
        );
      expect(await find('ada love')).toEqual(['Lovelace']);
      expect(await find('EXAMPLE.COM')).toEqual(['Hopper', 'Lovelace']);
      expect(await find('9000')).toEqual(['Hopper']);
      expect(await find('%')).toEqual([]);
      const page = await api(service).get('/v1/customers?per=1&page=2');
      expect(page.headers.get('x-total-count')).toBe('3');
      expect(page.body.map((c: { last_name: string }) => c.last_name)).toEqual(['Lovelace']);
      expect(page.headers.get('link')).toContain('rel="next"');
      const bad = await api(service).get('/v1/customers?per=0&page=x');
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.details.fields).sort()).toEqual(['page', 'per']);
    });
  });

  it('renames and relinks a customer when a booking changes its customers', async () => {
    await withService(database, async (service) => {
      const made = await book(service, '2026-12-10', [ada]);
      const changed = await api(service).call('PATCH', `/v1/bookings/${made.id}`, {
        body: { customers: [grace, { ...ada, phone: '(03) 9000-5678' }] },
      });
      expect(changed.status).toBe(200);
      const list = (await api(service).get('/v1/customers')).body;
      expect(
        list.map((c: { email: string; phone: string | null; bookings_count: number }) => [
          c.email,
          c.phone,
          c.bookings_count,
        ]),
      ).toEqual([
        ['grace@example.com', '+61 3 9000 1234', 1],
        ['ada@example.com', '(03) 9000-5678', 1],
      ]);
      expect(changed.body.customer_id).toBe(list[0].id);
    });
  });

  it("keeps customers to their shop and to secret tokens: another shop's token sees none, a publishable one 403", async () => {
    await withService(database, async (service) => {
      const made = await book(service, '2026-12-10', [ada]);
      expect((await api(service).get('/v1/customers', { token: TOKENS.otherSecret })).body).toEqual([]);
      expect((await api(service).get(`/v1/customers/${made.customer_id}`, { token: TOKENS.otherSecret })).status).toBe(
        404,
      );
      expect((await api(service).get('/v1/customers', { token: TOKENS.publishable })).status).toBe(403);
      expect((await api(service).get(`/v1/customers/${made.customer_id}`, { token: TOKENS.publishable })).status).toBe(
        403,
      );
      expect((await api(service).get('/v1/customers/999999')).status).toBe(404);
      expect((await api(service).get('/v1/customers/abc')).status).toBe(404);
      // The same email in another shop is that shop's own customer.
      const theirs = await api(service).post(
        '/v1/bookings',
        {
          starts_at: '2026-12-10 09:00',
          finishes_at: '2026-12-10 17:00',
          items: [{ external_id: 9101, quantity: 1 }],
          customers: [ada],
        },
        { token: TOKENS.otherSecret },
      );
      expect(theirs.body.customer_id).not.toBe(made.customer_id);
      expect((await api(service).get(`/v1/bookings?customer_id=${theirs.body.customer_id}`)).body).toEqual([]);
    });
  });
});

describeEachDatabase('GET /v1/bookings: customer, location and Shopify order filters', (database) => {
  it('filters by location_id and finds a Shopify order by its name or number', async () => {
    await withService(database, async (service) => {
      const { docklands, stKilda } = await catalogIds(service);
      const tour = await book(service, '2026-12-10', [ada], {
        fields: [{ name: 'Shopify order', value: '#1001' }],
      });
      const kayak = (
        await api(service).post('/v1/bookings', {
          starts_at: '2026-12-10 09:00',
          finishes_at: '2026-12-10 17:00',
          items: [{ external_id: 8001, quantity: 1 }],
          customers: [grace],
        })
      ).body;
      expect(ids((await api(service).get(`/v1/bookings?location_id=${stKilda}`)).body)).toEqual([tour.id]);
      expect(ids((await api(service).get(`/v1/bookings?location_id=${docklands}`)).body)).toEqual([kayak.id]);
      for (const q of ['1001', '%231001'])
        expect(ids((await api(service).get(`/v1/bookings?q=${q}`)).body), q).toEqual([tour.id]);
      expect((await api(service).get('/v1/bookings?q=100')).body).toEqual([]);
      const bad = await api(service).get('/v1/bookings?customer_id=x&location_id=0');
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.details.fields).sort()).toEqual(['customer_id', 'location_id']);
    });
  });
});
