import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '../../../src/service/fixture.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api, catalogIds, TOKENS } from '../api.ts';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachDatabase('GET /v1/widgets', (database) => {
  let service: TestService;
  let ids: Awaited<ReturnType<typeof catalogIds>>;
  beforeAll(async () => {
    service = await createTestService({ database });
    ids = await catalogIds(service);
  });
  afterAll(() => service.close());

  it("lists the shop's widgets by id with the shop's zone and locale, their products and settings over the defaults", async () => {
    const { status, body, headers } = await api(service).get('/v1/widgets');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body).toEqual([
      {
        id: expect.any(Number),
        title: 'Kayak hire',
        type: 'range',
        tz: 'Australia/Melbourne',
        locale: 'en',
        product_ids: [ids.kayak],
        external_product_ids: [7001],
        settings: {
          lead_days: 1,
          horizon_days: 365,
          min_days: 1,
          max_days: 7,
          count: 'days',
          first_day_of_week: null,
          quantity_min: 1,
          quantity_max: 10,
          hold_minutes: 15,
          pricing: 'day',
          max_slots: 1,
        },
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
      },
      {
        id: expect.any(Number),
        title: 'Sunset tour',
        type: 'date',
        tz: 'Australia/Melbourne',
        locale: 'en',
        product_ids: [ids.tour],
        external_product_ids: [7002],
        settings: {
          lead_days: 0,
          horizon_days: 365,
          min_days: 1,
          max_days: 1,
          count: 'days',
          first_day_of_week: null,
          quantity_min: 1,
          quantity_max: 6,
          hold_minutes: 15,
          pricing: 'booking',
          max_slots: 1,
        },
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
      },
    ]);
    expect(body[0].id).toBeLessThan(body[1].id);
  });

  it('shows another shop only its own widgets, in its own zone and locale', async () => {
    const { body } = await api(service).get('/v1/widgets', { token: TOKENS.otherSecret });
    expect(
      body.map((w: { title: string; tz: string; locale: string; external_product_ids: number[] }) => [
        w.title,
        w.tz,
        w.locale,
        w.external_product_ids,
      ]),
    ).toEqual([['Ski rental', 'Europe/Berlin', 'de', [9001]]]);
  });

  it('lists only the widgets placed on one platform product with external_product_id', async () => {
    const titles = async (query: string) =>
      (await api(service).get(`/v1/widgets?${query}`)).body.map((w: { title: string }) => w.title);
    expect(await titles('external_product_id=7002')).toEqual(['Sunset tour']);
    expect(await titles('external_product_id=7001')).toEqual(['Kayak hire']);
    // Another shop's product and an unknown one match nothing.
    expect(await titles('external_product_id=9001')).toEqual([]);
    expect(await titles('external_product_id=123456789012')).toEqual([]);
  });

  it('answers a publishable token too, in the header or as the token query parameter', async () => {
    expect((await api(service).get('/v1/widgets', { token: TOKENS.publishable })).body).toHaveLength(2);
    const inQuery = await api(service).get(`/v1/widgets?token=${TOKENS.publishable}`, { token: null });
    expect(inQuery.status).toBe(200);
    expect(inQuery.body).toHaveLength(2);
  });

  it('accepts a trailing slash', async () => {
    const { status, body } = await api(service).get('/v1/widgets/');
    expect(status).toBe(200);
    expect(body).toHaveLength(2);
  });

  it('pages with per and page, and tells the total and the other pages in X-Total-Count and Link', async () => {
    const { body, headers } = await api(service).get('/v1/widgets?per=1&page=2');
    expect(body.map((w: { title: string }) => w.title)).toEqual(['Sunset tour']);
    expect(headers.get('x-total-count')).toBe('2');
    const url = (page: number) => `<${service.baseUrl}/v1/widgets?per=1&page=${page}>`;
    expect(headers.get('link')).toBe(`${url(1)}; rel="first", ${url(1)}; rel="prev", ${url(2)}; rel="last"`);
  });

  it('refuses bad query values with one 422 naming each parameter', async () => {
    const { status, body } = await api(service).get('/v1/widgets?external_product_id=abc&per=0&page=-1');
    expect(status).toBe(422);
    expect(body.error).toBe('validation_failed');
    expect(Object.keys(body.details.fields).sort()).toEqual(['external_product_id', 'page', 'per']);
  });
});

describe('GET /v1/widgets: locale', () => {
  it("gives a widget its own locale when it has one, else the shop's", async () => {
    const fixture = structuredClone(testFixture) as Fixture;
    fixture.shops[0]!.widgets![1]!.locale = 'de-CH';
    const service = await createTestService({ fixture });
    try {
      const { body } = await api(service).get('/v1/widgets');
      expect(body.map((w: { title: string; locale: string }) => [w.title, w.locale])).toEqual([
        ['Kayak hire', 'en'],
        ['Sunset tour', 'de-CH'],
      ]);
    } finally {
      await service.close();
    }
  });
});
