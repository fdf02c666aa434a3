import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { TEST_NOW } from '../../helpers/fixture.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api, catalogIds, storedBlackouts, TOKENS, withService } from '../api.ts';

describeEachDatabase('POST /v1/blackouts', (database) => {
  it('creates a blackout from shop-local days: 201, Location, the record with all_day 1 and the product found by platform id', async () => {
    await withService(database, async (service) => {
      const ids = await catalogIds(service);
      const { status, body, headers } = await api(service).post('/v1/blackouts', {
        title: 'Staff day',
        starts_at: '2026-12-20',
        finishes_at: '2026-12-22',
        external_product_id: 7001,
      });
      expect(status).toBe(201);
      expect(headers.get('location')).toBe(`/v1/blackouts/${body.id}`);
      expect(body).toEqual({
        id: expect.any(Number),
        title: 'Staff day',
        shopper_reason: null,
        starts_at: '2026-12-19T13:00:00.000Z',
        finishes_at: '2026-12-21T13:00:00.000Z',
        all_day: 1,
        scope: 'overlap',
        product_id: ids.kayak,
        external_product_id: 7001,
        variant_id: null,
        external_variant_id: null,
        location_id: null,
        resource_id: null,
        vendor: 'Harbour',
        created_at: TEST_NOW,
        updated_at: TEST_NOW,
      });
      expect((await api(service).get(`/v1/blackouts/${body.id}`)).body).toEqual(body);
      const list = await api(service).get('/v1/blackouts?external_variant_id=8002');
      expect(list.body.map((b: { title: string }) => b.title)).toEqual(['Staff day', 'Christmas', 'Docklands closed']);
    });
  });

  it('takes shop-local "YYYY-MM-DD HH:MM" and UTC timestamps (then all_day 0), and targets by own ids', async () => {
    await withService(database, async (service) => {
      const ids = await catalogIds(service);
      const local = await api(service).post('/v1/blackouts', {
        starts_at: '2026-12-20 09:30',
        finishes_at: '2026-12-20 17:00',
        variant_id: ids.adult,
        scope: 'start',
      });
      expect(local.status).toBe(201);
      expect(local.body).toMatchObject({
        title: null,
        starts_at: '2026-12-19T22:30:00.000Z',
        finishes_at: '2026-12-20T06:00:00.000Z',
        all_day: 0,
        scope: 'start',
        variant_id: ids.adult,
        external_variant_id: 8003,
        vendor: 'Bay Tours',
      });
      const utc = await api(service).post('/v1/blackouts', {
        title: 'Docks',
        starts_at: '2026-12-20T20:00:00Z',
        finishes_at: '2026-12-21T09:30+11:00',
        location_id: ids.docklands,
      });
      expect(utc.status).toBe(201);
      expect(utc.body).toMatchObject({
        starts_at: '2026-12-20T20:00:00.000Z',
        finishes_at: '2026-12-20T22:30:00.000Z',
        all_day: 0,
        location_id: ids.docklands,
        vendor: null,
      });
      const byProduct = await api(service).post('/v1/blackouts', {
        starts_at: '2027-01-01',
        finishes_at: '2027-01-02',
        product_id: String(ids.tour),
        external_product_id: '7002',
      });
      expect(byProduct.status).toBe(201);
      expect(byProduct.body).toMatchObject({ product_id: ids.tour, external_product_id: 7002, all_day: 1 });
    });
  });

  it("computes days in the shop's zone, also on a day whose midnight daylight saving skips", async () => {
    const fixture = {
      shops: [{ name: 'Andes Bikes', tz: 'America/Santiago', tokens: [{ kind: 'secret', token: 'sk_test_andes' }] }],
    };
    await withService(
      database,
      async (service) => {
        const token = 'sk_test_andes';
        // 6 September 2026 starts at 01:00 in Santiago (clocks jump from 00:00): a 23-hour day.
        const { status, body } = await api(service).post(
          '/v1/blackouts',
          { starts_at: '2026-09-06', finishes_at: '2026-09-07' },
          { token },
        );
        expect(status).toBe(201);
        expect(body).toMatchObject({
          starts_at: '2026-09-06T04:00:00.000Z',
          finishes_at: '2026-09-07T03:00:00.000Z',
          all_day: 1,
        });
        const skipped = await api(service).post(
          '/v1/blackouts',
          { starts_at: '2026-09-06 00:30', finishes_at: '2026-09-06 05:00' },
          { token },
        );
        expect(skipped.status).toBe(422);
        expect(skipped.body.details.fields).toEqual({
          starts_at: ['does not exist in America/Santiago (skipped by a daylight-saving change)'],
        });
        // The schema's, the zone's and the database's messages in one 422, in the body's order.
        const all = await api(service).post(
          '/v1/blackouts',
          { colour: 'red', location_id: 0, product_id: 999_999, title: '', starts_at: '2026-09-06 00:30' },
          { token },
        );
        expect(all.status).toBe(422);
        expect(all.body.details.fields).toEqual({
          colour: ['is not a blackout field'],
          title: ['must be 1 to 255 characters without control characters, or null'],
          starts_at: ['does not exist in America/Santiago (skipped by a daylight-saving change)'],
          finishes_at: ['is required'],
          product_id: ['names no product of this shop'],
          location_id: ['must be a positive whole number or null'],
        });
        expect(all.body.message).toBe('6 fields are invalid: colour, title, starts_at, finishes_at, product_id, ….');
        // The times' own rules are judged beside a target the shop does not have.
        const crossed = await api(service).post(
          '/v1/blackouts',
          { starts_at: '2026-09-10 09:00', finishes_at: '2026-09-09 09:00', all_day: 1, product_id: 999_999 },
          { token },
        );
        expect(crossed.status).toBe(422);
        expect(crossed.body.details.fields).toEqual({
          finishes_at: ['must be after starts_at'],
          all_day: ['must be 0 unless starts_at and finishes_at are starts of days in America/Santiago'],
          product_id: ['names no product of this shop'],
        });
      },
      { fixture },
    );
  });

  it('sets all_day as asked, and trims the title', async () => {
    await withService(database, async (service) => {
      const explicit = await api(service).post('/v1/blackouts', {
        title: '  Closed  ',
        starts_at: '2026-12-20',
        finishes_at: '2026-12-21',
        all_day: 0,
      });
      expect(explicit.body).toMatchObject({ title: 'Closed', all_day: 0 });
      const midnight = await api(service).post('/v1/blackouts', {
        starts_at: '2026-12-20 00:00',
        finishes_at: '2026-12-22T13:00:00Z',
        all_day: true,
      });
      expect(midnight.status).toBe(201);
      expect(midnight.body).toMatchObject({
        all_day: 1,
        starts_at: '2026-12-19T13:00:00.000Z',
        finishes_at: '2026-12-22T13:00:00.000Z',
      });
    });
  });

  let service: TestService;
  let before: unknown[];
  beforeAll(async () => {
    service = await createTestService({ database });
    before = await storedBlackouts(service);
  });
  afterAll(async () => {
    // Every refusal below left the stored blackouts as they were.
    expect(await storedBlackouts(service)).toEqual(before);
    await service.close();
  });

  it('refuses a publishable token with 403', async () => {
    const { status, body } = await api(service).post(
      '/v1/blackouts',
      { starts_at: '2026-12-20', finishes_at: '2026-12-21' },
      { token: TOKENS.publishable },
    );
    expect(status).toBe(403);
    expect(body.error).toBe('forbidden');
  });

  it('names every bad field in one 422', async () => {
    const { status, body } = await api(service).post('/v1/blackouts', {
      title: 5,
      starts_at: 'tomorrow',
      all_day: 2,
      scope: 'all',
      product_id: 'x',
      external_variant_id: -1,
      location_id: 1.5,
      colour: 'red',
    });
    expect(status).toBe(422);
    expect(body.error).toBe('validation_failed');
    expect(body.message).toBe('9 fields are invalid: colour, title, starts_at, finishes_at, all_day, ….');
    expect(body.details.fields).toEqual({
      title: ['must be 1 to 255 characters without control characters, or null'],
      colour: ['is not a blackout field'],
      starts_at: ['must be a timestamp, "YYYY-MM-DD HH:MM" or "YYYY-MM-DD"'],
      finishes_at: ['is required'],
      all_day: ['must be 0 or 1'],
      scope: ['must be "overlap" or "start"'],
      product_id: ['must be a positive whole number or null'],
      external_variant_id: ['must be a positive whole number or null'],
      location_id: ['must be a positive whole number or null'],
    });
  });

  it("names each target the shop does not have, including another shop's", async () => {
    const ids = await catalogIds(service);
    const { status, body } = await api(service).post('/v1/blackouts', {
      starts_at: '2026-12-20',
      finishes_at: '2026-12-21',
      external_product_id: 9001,
      variant_id: ids.skis,
      location_id: 999_999,
    });
    expect(status).toBe(422);
    expect(body.details.fields).toEqual({
      external_product_id: ['names no product of this shop'],
      variant_id: ['names no variant of this shop'],
      location_id: ['names no location of this shop'],
    });
  });

  it('refuses targets that could never apply together: two different products, a variant of another product, a product elsewhere', async () => {
    const ids = await catalogIds(service);
    const day = { starts_at: '2026-12-20', finishes_at: '2026-12-21' };
    const fields = async (body: object) =>
      (await api(service).post('/v1/blackouts', { ...day, ...body })).body.details?.fields;
    expect(await fields({ product_id: ids.kayak, external_product_id: 7002 })).toEqual({
      external_product_id: ['names another product than product_id'],
    });
    expect(await fields({ external_product_id: 7002, external_variant_id: 8001 })).toEqual({
      external_variant_id: ['names a variant of another product than the blackout names'],
    });
    expect(await fields({ external_product_id: 7002, location_id: ids.docklands })).toEqual({
      external_product_id: ['names a product at another location than the blackout names'],
    });
    expect(await fields({ external_variant_id: 8003, location_id: ids.docklands })).toEqual({
      external_variant_id: ['names a product at another location than the blackout names'],
    });
  });

  it('refuses a finish at or before the start, naming finishes_at', async () => {
    for (const finishes_at of ['2026-12-20', '2026-12-19T13:00:00Z', '2026-12-19']) {
      const { status, body } = await api(service).post('/v1/blackouts', { starts_at: '2026-12-20', finishes_at });
      expect(status).toBe(422);
      expect(body.details.fields).toEqual({ finishes_at: ['must be after starts_at'] });
    }
  });

  it('refuses all_day 1 for times that are not starts of days in the shop zone', async () => {
    const { status, body } = await api(service).post('/v1/blackouts', {
      starts_at: '2026-12-20 09:00',
      finishes_at: '2026-12-21',
      all_day: 1,
    });
    expect(status).toBe(422);
    expect(body.details.fields).toEqual({
      all_day: ['must be 0 unless starts_at and finishes_at are starts of days in Australia/Melbourne'],
    });
  });

  it.each([
    ['an empty title', ''],
    ['a blank title', '   '],
    ['a title with a control character', 'Closed\u0007'],
    ['a title with a newline', 'Closed\nfor good'],
    ['a title with a bidi override', 'Open \u202Esoon'],
    ['a title of 256 characters', 'x'.repeat(256)],
    ['a title with a lone surrogate', 'Closed \ud800'],
  ])('refuses %s', async (_what, title) => {
    const { status, body } = await api(service).post('/v1/blackouts', {
      title,
      starts_at: '2026-12-20',
      finishes_at: '2026-12-21',
    });
    expect(status).toBe(422);
    expect(Object.keys(body.details.fields)).toEqual(['title']);
  });

  it.each([
    ['an array', []],
    ['a string', 'blackout'],
    ['null', null],
  ])('refuses a body that is %s with 422', async (_what, value) => {
    const { status, body } = await api(service).post('/v1/blackouts', JSON.stringify(value));
    expect(status).toBe(422);
    expect(body.details.fields).toEqual({ body: ['must be a JSON object'] });
  });

  it('refuses times before 1970 or after 9999, and impossible dates', async () => {
    const { body } = await api(service).post('/v1/blackouts', { starts_at: '1969-12-31', finishes_at: '2026-02-30' });
    expect(body.details.fields).toEqual({
      starts_at: ['must be between the years 1970 and 9999'],
      finishes_at: ['must be a timestamp, "YYYY-MM-DD HH:MM" or "YYYY-MM-DD"'],
    });
    // The years 0-99 once reached zone arithmetic that cannot place them: a 500.
    const ancient = await api(service).post('/v1/blackouts', {
      starts_at: '0050-01-01',
      finishes_at: '0050-01-02 10:00',
    });
    expect(ancient.status).toBe(422);
    expect(ancient.body.details.fields).toEqual({
      starts_at: ['must be between the years 1970 and 9999'],
      finishes_at: ['must be between the years 1970 and 9999'],
    });
  });

  it('names an unknown field such as constructor without tripping over it', async () => {
    const { status, body } = await api(service).post(
      '/v1/blackouts',
      '{"starts_at":"2026-12-20","finishes_at":"2026-12-21","constructor":1,"__proto__":{"x":1}}',
    );
    expect(status).toBe(422);
    // Built with JSON.parse: in an object literal, __proto__ would set the prototype instead.
    expect(body.details.fields).toEqual(
      JSON.parse('{"constructor":["is not a blackout field"],"__proto__":["is not a blackout field"]}'),
    );
  });
});
