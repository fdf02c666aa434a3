import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api, catalogIds, TOKENS } from '../api.ts';

// The test fixture's four blackouts plus one for a product and one for the other location, so
// every target kind appears. In start order (Melbourne is UTC+11 in summer):
//   Tour guide away    2026-12-01..03  product 7002 (Bay Tours, St Kilda), scope "start"
//   Christmas          2026-12-25..26  the whole shop
//   Hull repairs       2027-01-10..13  variant 8001 (of 7001, Harbour, Docklands)
//   Docklands closed   2027-02-01..02  location Docklands
//   Kayak maintenance  2027-03-01..02  product 7001
//   St Kilda festival  2027-03-05..08  location St Kilda
//   Double kayak refit 2027-03-05..06  variant 8002: starts with the festival, made after it
const fixture = structuredClone(testFixture);
fixture.shops[0]!.blackouts.push(
  {
    title: 'Kayak maintenance',
    starts_at: '2027-03-01',
    finishes_at: '2027-03-02',
    external_product_id: 7001,
  } as never,
  { title: 'St Kilda festival', starts_at: '2027-03-05', finishes_at: '2027-03-08', location: 'St Kilda' } as never,
  {
    title: 'Double kayak refit',
    starts_at: '2027-03-05',
    finishes_at: '2027-03-06',
    external_variant_id: 8002,
  } as never,
);

describeEachDatabase('GET /v1/blackouts', (database) => {
  let service: TestService;
  let ids: Awaited<ReturnType<typeof catalogIds>>;
  beforeAll(async () => {
    service = await createTestService({ database, fixture });
    ids = await catalogIds(service);
  });
  afterAll(() => service.close());

  const titles = async (query = '', token: string = TOKENS.secret) => {
    const { status, body } = await api(service).get(`/v1/blackouts${query ? `?${query}` : ''}`, { token });
    expect(status, JSON.stringify(body)).toBe(200);
    return (body as { title: string }[]).map((b) => b.title);
  };

  it("lists the shop's blackouts ordered by start, then by id (not by finish or title), all of them by default", async () => {
    expect(await titles()).toEqual([
      'Tour guide away',
      'Christmas',
      'Hull repairs',
      'Docklands closed',
      'Kayak maintenance',
      'St Kilda festival',
      'Double kayak refit',
    ]);
  });

  it("never lists another shop's blackouts", async () => {
    expect(await titles('', TOKENS.otherSecret)).toEqual(['Inventory']);
  });

  it("lists only the blackouts that apply to a variant: its own, its product's, its location's and shop-wide ones", async () => {
    expect(await titles('external_variant_id=8001')).toEqual([
      'Christmas',
      'Hull repairs',
      'Docklands closed',
      'Kayak maintenance',
    ]);
    expect(await titles('external_variant_id=8002')).toEqual([
      'Christmas',
      'Docklands closed',
      'Kayak maintenance',
      'Double kayak refit',
    ]);
    expect(await titles('external_variant_id=8003')).toEqual(['Tour guide away', 'Christmas', 'St Kilda festival']);
    expect(await titles(`variant_id=${ids.single}`)).toEqual([
      'Christmas',
      'Hull repairs',
      'Docklands closed',
      'Kayak maintenance',
    ]);
  });

  it("lists only the blackouts that apply to a product: its own, its variants', its location's and shop-wide ones", async () => {
    expect(await titles('external_product_id=7001')).toEqual([
      'Christmas',
      'Hull repairs',
      'Docklands closed',
      'Kayak maintenance',
      'Double kayak refit',
    ]);
    expect(await titles('external_product_id=7002')).toEqual(['Tour guide away', 'Christmas', 'St Kilda festival']);
    expect(await titles(`product_id=${ids.tour}`)).toEqual(['Tour guide away', 'Christmas', 'St Kilda festival']);
  });

  it('lists only the blackouts that apply to something at a location: its own, those of its products and variants, and shop-wide ones', async () => {
    expect(await titles(`location_id=${ids.docklands}`)).toEqual([
      'Christmas',
      'Hull repairs',
      'Docklands closed',
      'Kayak maintenance',
      'Double kayak refit',
    ]);
    expect(await titles(`location_id=${ids.stKilda}`)).toEqual(['Tour guide away', 'Christmas', 'St Kilda festival']);
  });

  it("lists only the blackouts that apply to a vendor's products", async () => {
    expect(await titles('vendor=Harbour')).toEqual([
      'Christmas',
      'Hull repairs',
      'Docklands closed',
      'Kayak maintenance',
      'Double kayak refit',
    ]);
    expect(await titles('vendor=Bay%20Tours')).toEqual(['Tour guide away', 'Christmas', 'St Kilda festival']);
    expect(await titles('vendor=harbour')).toEqual([]);
  });

  it("lists nothing for a target the shop does not have, including another shop's", async () => {
    expect(await titles('external_variant_id=9101')).toEqual([]);
    expect(await titles(`variant_id=${ids.skis}`)).toEqual([]);
    expect(await titles(`product_id=${ids.ski}`)).toEqual([]);
    expect(await titles('external_product_id=123456789012345')).toEqual([]);
    expect(await titles('location_id=999999')).toEqual([]);
    expect(await titles('vendor=Alpine')).toEqual([]);
  });

  it('takes start_min and finish_max as days in the shop zone: from the start of start_min, up to the start of finish_max', async () => {
    // 2026-12-25 starts at 2026-12-24T13:00Z in Melbourne: Christmas starts exactly then.
    expect(await titles('start_min=2026-12-25')).toEqual([
      'Christmas',
      'Hull repairs',
      'Docklands closed',
      'Kayak maintenance',
      'St Kilda festival',
      'Double kayak refit',
    ]);
    expect(await titles('start_min=2026-12-26')).toEqual([
      'Hull repairs',
      'Docklands closed',
      'Kayak maintenance',
      'St Kilda festival',
      'Double kayak refit',
    ]);
    // Christmas finishes at the start of 26 December.
    expect(await titles('finish_max=2026-12-26')).toEqual(['Tour guide away', 'Christmas']);
    expect(await titles('finish_max=2026-12-25')).toEqual(['Tour guide away']);
  });

  it('takes start_min and finish_max as timestamps, inclusive, in any offset', async () => {
    expect(await titles('start_min=2026-12-24T13:00:00.000Z')).toContain('Christmas');
    expect(await titles('start_min=2026-12-24T13:00:00.001Z')).not.toContain('Christmas');
    expect(await titles(`start_min=${encodeURIComponent('2026-12-25T00:00+11:00')}`)).toContain('Christmas');
    expect(await titles('finish_max=2026-12-25T13:00:00Z')).toEqual(['Tour guide away', 'Christmas']);
    expect(await titles('finish_max=2026-12-25T12:59:59Z')).toEqual(['Tour guide away']);
  });

  it('applies every filter given together', async () => {
    expect(await titles('external_variant_id=8001&start_min=2027-01-01&finish_max=2027-03-01')).toEqual([
      'Hull repairs',
      'Docklands closed',
    ]);
    expect(await titles(`external_product_id=7001&location_id=${ids.stKilda}`)).toEqual(['Christmas']);
    expect(await titles('start_min=2027-01-01&finish_max=2026-12-01')).toEqual([]);
  });

  it("answers a publishable token, with the token in the header or the query, without the merchant's titles", async () => {
    expect(await titles('external_variant_id=8003')).toEqual(['Tour guide away', 'Christmas', 'St Kilda festival']);
    // Issue 27: the same blackouts, but a shopper's browser never reads the merchant's titles.
    const shopper = await api(service).get('/v1/blackouts?external_variant_id=8003', { token: TOKENS.publishable });
    expect(
      shopper.body.map((b: { title: null; shopper_reason: string | null }) => [b.title, b.shopper_reason]),
    ).toEqual([
      [null, null],
      [null, 'Christmas Day'],
      [null, null],
    ]);
    const { status, body } = await api(service).get(`/v1/blackouts/?token=${TOKENS.publishable}&vendor=Harbour`, {
      token: null,
    });
    expect(status).toBe(200);
    expect(body).toHaveLength(5);
  });

  it('pages with per and page, keeping the filters in the Link header, and counts all matches in X-Total-Count', async () => {
    const { body, headers } = await api(service).get('/v1/blackouts?vendor=Harbour&per=2&page=2');
    expect(body.map((b: { title: string }) => b.title)).toEqual(['Docklands closed', 'Kayak maintenance']);
    expect(headers.get('x-total-count')).toBe('5');
    const url = (page: number) => `<${service.baseUrl}/v1/blackouts?vendor=Harbour&per=2&page=${page}>`;
    expect(headers.get('link')).toBe(
      `${url(1)}; rel="first", ${url(1)}; rel="prev", ${url(3)}; rel="next", ${url(3)}; rel="last"`,
    );

    const middle = await api(service).get('/v1/blackouts?per=2&page=2');
    const all = (page: number) => `<${service.baseUrl}/v1/blackouts?per=2&page=${page}>`;
    expect(middle.headers.get('link')).toBe(
      `${all(1)}; rel="first", ${all(1)}; rel="prev", ${all(3)}; rel="next", ${all(4)}; rel="last"`,
    );
    expect(middle.headers.get('x-total-count')).toBe('7');
  });

  it('answers a page past the last with an empty array and the true total', async () => {
    const { status, body, headers } = await api(service).get('/v1/blackouts?per=250&page=9');
    expect(status).toBe(200);
    expect(body).toEqual([]);
    expect(headers.get('x-total-count')).toBe('7');
    expect(headers.get('link')).toContain('rel="last"');
  });

  it('uses page 1 and 250 per page by default', async () => {
    const { headers } = await api(service).get('/v1/blackouts');
    const url = `<${service.baseUrl}/v1/blackouts?page=1&per=250>`;
    expect(headers.get('link')).toBe(`${url}; rel="first", ${url}; rel="last"`);
  });

  it('refuses bad filter values with one 422 naming every bad parameter', async () => {
    const { status, body } = await api(service).get(
      '/v1/blackouts?start_min=2026-13-01&finish_max=tomorrow&product_id=0&external_product_id=-5&variant_id=1.5&external_variant_id=x&location_id=&vendor=&per=251&page=0',
    );
    expect(status).toBe(422);
    expect(body).toMatchObject({ error: 'validation_failed', message: expect.any(String) });
    expect(Object.keys(body.details.fields).sort()).toEqual(
      [
        'external_product_id',
        'external_variant_id',
        'finish_max',
        'location_id',
        'page',
        'per',
        'product_id',
        'start_min',
        'variant_id',
        'vendor',
      ].sort(),
    );
    // Issue 15: the shop-local "YYYY-MM-DD HH:MM" of the writes is accepted too, and the message says so.
    expect(body.details.fields.start_min).toEqual([
      'must be a timestamp like 2026-12-24T13:00:00Z, a local "YYYY-MM-DD HH:MM" or a date YYYY-MM-DD',
    ]);
  });

  it('refuses a parameter given twice, naming it', async () => {
    const { status, body } = await api(service).get('/v1/blackouts?vendor=Harbour&vendor=Bay%20Tours');
    expect(status).toBe(422);
    expect(body.details.fields).toEqual({ vendor: ['must be given once'] });
    expect(body.message).toBe('vendor must be given once.');
  });

  it('ignores query parameters it does not know', async () => {
    expect(await titles('colour=red&external_variant_id=8002')).toEqual([
      'Christmas',
      'Docklands closed',
      'Kayak maintenance',
      'Double kayak refit',
    ]);
  });
});
