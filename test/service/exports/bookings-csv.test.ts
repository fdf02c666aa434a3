/**
 * GET /v1/exports/bookings.csv (API.md §4.14): the file a merchant opens in a spreadsheet.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, catalogIds, TOKENS, withService } from '../api.ts';
import { parseCsv } from './parse-csv.ts';
import { signedInAs } from '../../helpers/staff.ts';

const ORIGIN = 'http://booking.test';
const ZONE = 'Australia/Melbourne';

const booking = (over: Record<string, unknown> = {}) => ({
  starts_at: '2026-12-10 10:00',
  finishes_at: '2026-12-10 12:00',
  items: [{ external_id: 8002, quantity: 2 }],
  customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }],
  ...over,
});

async function book(service: TestService, over: Record<string, unknown> = {}): Promise<number> {
  const made = await api(service).post('/v1/bookings', booking(over));
  expect(made.status).toBe(201);
  return made.body.id;
}

/** The export's lines as records of cells, the header first, after checking the BOM. */
async function exported(service: TestService, query = '', token: string | null = TOKENS.secret) {
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  const response = await service.fetch(new Request(`${ORIGIN}/v1/exports/bookings.csv${query}`, { headers }));
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // The byte order mark (EF BB BF), which a decoder drops.
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3));
  const answer = { headers: response.headers, text };
  const [header, ...lines] = parseCsv(text);
  const records = lines.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]])));
  return { answer, header: header!, records };
}

describeEachDatabase('GET /v1/exports/bookings.csv', (database) => {
  it('answers a UTF-8 CSV with a BOM, named for its days, times on the shop’s wall clock with its zone in the header', async () => {
    await withService(database, async (service) => {
      const id = await book(service, { tags: ['vip', 'phone'] });
      // A customer's phone (stored with the booking's customers) has its column.
      await service.db.query(
        `UPDATE bookings SET customers = '[{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.com","phone":"0400 000 000"}]' WHERE id = $1`,
        [id],
      );
      const { answer, header, records } = await exported(service, '?start_min=2026-12-01&finish_max=2026-12-31');
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(answer.headers.get('content-disposition')).toBe(
        'attachment; filename="bookings-2026-12-01-2026-12-31.csv"',
      );
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.text).toContain('\r\n');
      expect(header).toEqual([
        'Booking',
        'Status',
        'Product',
        'Variant',
        'Quantity',
        `Start (${ZONE})`,
        `Finish (${ZONE})`,
        'Customer',
        'Email',
        'Phone',
        'Tags',
        'Order',
        `Created (${ZONE})`,
        'Other answers',
      ]);
      expect(records).toEqual([
        {
          Booking: String(id),
          Status: 'confirmed',
          Product: 'Kayak hire',
          Variant: 'Double kayak',
          Quantity: '2',
          [`Start (${ZONE})`]: '2026-12-10 10:00',
          [`Finish (${ZONE})`]: '2026-12-10 12:00',
          Customer: 'Ada Lovelace',
          Email: 'ada@example.com',
          Phone: '0400 000 000',
          Tags: 'vip; phone',
          Order: '',
          // TEST_NOW is 12:00 on 22 November in Melbourne.
          [`Created (${ZONE})`]: '2026-11-22 12:00:00',
          'Other answers': '',
        },
      ]);
    });
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and writes would-be formulas with a leading apostrophe', async () => {
    await withService(database, async (service) => {
      await book(service, {
        customers: [
          { first_name: '=HYPERLINK("http://evil.example")', last_name: 'Smith, Jr', email: 'ada@example.com' },
        ],
        tags: ['+61 400', '-5', '@SUM(A1)', 'say "hi"'],
        fields: [{ name: 'Notes', value: 'line one\nline two' }],
      });
      const { answer, records } = await exported(service);
      expect(records[0]).toMatchObject({
        Customer: `'=HYPERLINK("http://evil.example") Smith, Jr`,
        Tags: `'+61 400; -5; @SUM(A1); say "hi"`,
        'Other answers': 'Notes: line one\nline two',
      });
      // As written: the quoted fields, with their quotes doubled.
      expect(answer.text).toContain(`"'=HYPERLINK(""http://evil.example"") Smith, Jr"`);
      expect(answer.text).toContain('"Notes: line one\nline two"');
      // Each cell is judged alone: a tag list that starts with a plain word is left as it is.
      await book(service, { starts_at: '2026-12-11 10:00', finishes_at: '2026-12-11 12:00', tags: ['@home'] });
      expect((await exported(service)).records[1]!.Tags).toBe(`'@home`);
    });
  });

  it('gives each question of the exported products a column with its answers, per-unit ones in unit order, and the order’s name its own', async () => {
    await withService(database, async (service) => {
      const { kayak } = await catalogIds(service);
      const questions = await api(service).put(`/v1/products/${kayak}/questions`, {
        questions: [
          { kind: 'short_text', label: "Rider's name", per: 'unit' },
          { kind: 'choice', label: 'Paddle size', options: ['Short', 'Long'] },
        ],
      });
      expect(questions.status).toBe(200);
      await book(service, {
        fields: [
          { name: 'Shopify order', value: '#1001' },
          { name: "Rider's name #2", value: 'Grace' },
          { name: "Rider's name #1", value: 'Ada' },
          { name: 'Paddle size', value: 'Long' },
          { name: 'Allergies', value: 'none' },
        ],
      });
      const { header, records } = await exported(service);
      expect(header.slice(-3)).toEqual(["Rider's name", 'Paddle size', 'Other answers']);
      expect(records[0]).toMatchObject({
        Order: '#1001',
        "Rider's name": 'Ada; Grace',
        'Paddle size': 'Long',
        'Other answers': 'Allergies: none',
      });
      // The sunset tour asks nothing: its export has no question columns.
      await book(service, { items: [{ external_id: 8003, quantity: 1 }] });
      expect((await exported(service, '?external_product_id=7002')).header.slice(-2)).toEqual([
        `Created (${ZONE})`,
        'Other answers',
      ]);
    });
  });

  it('exports the bookings overlapping the days asked (both included, in the shop’s zone), of a product, a variant or a status', async () => {
    await withService(database, async (service) => {
      const one = [{ external_id: 8002, quantity: 1 }];
      const before = await book(service, {
        items: one,
        starts_at: '2026-11-30 10:00',
        finishes_at: '2026-12-01 00:00',
      });
      const first = await book(service, { items: one, starts_at: '2026-12-01 00:00', finishes_at: '2026-12-01 02:00' });
      const last = await book(service, { items: one, starts_at: '2026-12-31 23:00', finishes_at: '2027-01-01 01:00' });
      const after = await book(service, { items: one, starts_at: '2027-01-01 00:00', finishes_at: '2027-01-01 02:00' });
      const both = await book(service, {
        starts_at: '2026-12-05 10:00',
        finishes_at: '2026-12-05 12:00',
        items: [
          { external_id: 8001, quantity: 1 },
          { external_id: 8003, quantity: 3 },
        ],
      });
      await api(service).post(`/v1/bookings/${first}/cancel`, undefined);
      const ids = async (query: string) => (await exported(service, query)).records.map((r) => Number(r.Booking));
      expect(await ids('')).toEqual([before, first, both, both, last, after]);
      expect(await ids('?start_min=2026-12-01&finish_max=2026-12-31')).toEqual([first, both, both, last]);
      expect(await ids('?start_min=2026-12-01&finish_max=2026-12-31&status=confirmed')).toEqual([both, both, last]);
      // A product's or a variant's export lists only its items of a booking of several.
      const tour = (await exported(service, '?external_product_id=7002')).records;
      expect(tour.map((r) => [Number(r.Booking), r.Product, r.Quantity])).toEqual([[both, 'Sunset tour', '3']]);
      expect((await exported(service, '?external_variant_id=8001')).records.map((r) => r.Variant)).toEqual([
        'Single kayak',
      ]);
      const open = await exported(service, '?finish_max=2026-11-30');
      expect(open.answer.headers.get('content-disposition')).toBe('attachment; filename="bookings-all-2026-11-30.csv"');
      expect(open.records.map((r) => Number(r.Booking))).toEqual([before]);
    });
  });

  it('keeps to the caller’s shop and to secret tokens and the admin’s session; a publishable token is refused', async () => {
    await withService(database, async (service) => {
      await book(service);
      const other = await exported(service, '', TOKENS.otherSecret);
      expect(other.records).toEqual([]);
      expect(other.header[5]).toBe('Start (Europe/Berlin)');
      const refused = await api(service).get('/v1/exports/bookings.csv', { token: TOKENS.publishable });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('forbidden');
      expect((await api(service).get('/v1/exports/bookings.csv', { token: null })).status).toBe(401);
      const { cookie } = await signedInAs(service);
      const bySession = await api(service).get('/v1/exports/bookings.csv', { token: null, headers: { cookie } });
      expect(bySession.status).toBe(200);
      expect(parseCsv(bySession.text)).toHaveLength(2);
    });
  });

  it('refuses bad days, a period ending before it starts and an unknown status with a 422 naming each field', async () => {
    await withService(database, async (service) => {
      const bad = await api(service).get(
        '/v1/exports/bookings.csv?start_min=2026-13-01&status=paid&external_product_id=x',
      );
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.details.fields).sort()).toEqual(['external_product_id', 'start_min', 'status']);
      expect(bad.body.details.fields.start_min[0]).toMatch(/YYYY-MM-DD/);
      const backwards = await api(service).get('/v1/exports/bookings.csv?start_min=2026-12-10&finish_max=2026-12-09');
      expect(backwards.status).toBe(422);
      expect(backwards.body.details.fields).toEqual({ finish_max: ['must be on or after start_min'] });
    });
  });

  it('streams a big shop’s 5,000 bookings a page at a time, each once, in order', async () => {
    await withService(database, async (service) => {
      const { double } = await catalogIds(service);
      // Half an hour apart from 1 December, in one statement (the API would take minutes).
      await service.db.query(
        `WITH made AS (
           INSERT INTO bookings (shop_id, status, starts_at, finishes_at, start_day, finish_day, customers, created_at)
           SELECT 1, 'confirmed', t, t + interval '20 minutes', (t AT TIME ZONE 'Australia/Melbourne')::date,
                  (t AT TIME ZONE 'Australia/Melbourne')::date,
                  jsonb_build_array(jsonb_build_object('first_name', 'Guest', 'last_name', n::text, 'email', 'g' || n || '@example.com')),
                  now()
             FROM generate_series(1, 5000) n, LATERAL (SELECT timestamptz '2026-11-30T13:00:00Z' + n * interval '30 minutes' AS t) s
           RETURNING id)
         INSERT INTO booking_items (booking_id, variant_id, quantity, position) SELECT id, $1, 1, 0 FROM made`,
        [double],
      );
      const response = await service.fetch(
        new Request(`${ORIGIN}/v1/exports/bookings.csv`, { headers: { authorization: `Bearer ${TOKENS.secret}` } }),
      );
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let chunks = 0;
      let text = '';
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        chunks++;
        text += decoder.decode(read.value, { stream: true });
      }
      expect(chunks).toBeGreaterThan(5);
      const [header, ...records] = parseCsv(text);
      expect(header![0]).toBe('Booking');
      expect(records).toHaveLength(5000);
      expect(new Set(records.map((r) => r[0])).size).toBe(5000);
      expect(records.map((r) => Number(r[7]!.split(' ')[1]))).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
    });
  }, 60_000);
});
