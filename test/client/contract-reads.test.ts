// The client against the real in-process service: read endpoints and DELETE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  NotFoundError,
  PermissionError,
  type Blackout,
  type Widget,
} from '../../src/client/index.ts';
import { connect, SECRET_HEADERS, type Connected } from './contract-helpers.ts';

let api: Connected;

beforeAll(async () => {
  api = await connect();
});
afterAll(async () => {
  await api.service.close();
});

/** The requests sent by `call`, for asserting exactly what went over the wire. */
async function requestsOf(call: () => Promise<unknown>) {
  const from = api.sent.length;
  await call();
  return api.sent.slice(from);
}

const aBlackout: Record<keyof Blackout, unknown> = {
  id: expect.any(Number),
  title: expect.any(String),
  shopper_reason: expect.toBeOneOf([null, expect.any(String)]),
  starts_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
  finishes_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
  all_day: expect.any(Number),
  scope: expect.stringMatching(/^(overlap|start)$/),
  product_id: expect.toBeOneOf([null, expect.any(Number)]),
  external_product_id: expect.toBeOneOf([null, expect.any(Number)]),
  variant_id: expect.toBeOneOf([null, expect.any(Number)]),
  external_variant_id: expect.toBeOneOf([null, expect.any(Number)]),
  location_id: expect.toBeOneOf([null, expect.any(Number)]),
  resource_id: expect.toBeOneOf([null, expect.any(Number)]),
  vendor: expect.toBeOneOf([null, expect.any(String)]),
  created_at: expect.any(String),
  updated_at: expect.any(String),
};

describe('contract: blackouts', () => {
  it("lists the shop's blackouts ordered by start, as typed records", async () => {
    let blackouts: Blackout[] = [];
    const sent = await requestsOf(async () => (blackouts = await api.client.blackouts.list()));
    expect(sent).toEqual([
      { method: 'GET', url: `${api.service.baseUrl}/v1/blackouts`, headers: SECRET_HEADERS, body: undefined },
    ]);
    expect(blackouts.map((b) => b.title)).toEqual(['Tour guide away', 'Christmas', 'Hull repairs', 'Docklands closed']);
    for (const blackout of blackouts) expect(blackout).toEqual(aBlackout);
    // Christmas is a whole day in Melbourne (UTC+11 in December).
    expect(blackouts[1]).toMatchObject({
      starts_at: '2026-12-24T13:00:00.000Z',
      finishes_at: '2026-12-25T13:00:00.000Z',
      all_day: 1,
      scope: 'overlap',
    });
  });

  it('lists the blackouts that apply to a variant, with the filter in the query', async () => {
    let blackouts: Blackout[] = [];
    const sent = await requestsOf(
      async () => (blackouts = await api.client.blackouts.list({ external_variant_id: 8001, vendor: undefined })),
    );
    expect(sent[0]?.url).toBe(`${api.service.baseUrl}/v1/blackouts?external_variant_id=8001`);
    expect(blackouts.map((b) => b.title)).toEqual(['Christmas', 'Hull repairs', 'Docklands closed']);
  });

  it('iterates every blackout one page at a time without skipping or repeating', async () => {
    const titles: string[] = [];
    const sent = await requestsOf(async () => {
      for await (const blackout of api.client.blackouts.iterate({ per: 1 })) titles.push(blackout.title ?? '');
    });
    expect(titles).toEqual(['Tour guide away', 'Christmas', 'Hull repairs', 'Docklands closed']);
    expect(sent.map((r) => r.url)).toEqual(
      [1, 2, 3, 4].map((page) => `${api.service.baseUrl}/v1/blackouts?per=1&page=${page}`),
    );
  });

  it('retrieves one blackout by id', async () => {
    const [first] = await api.client.blackouts.list({ per: 1 });
    const sent = await requestsOf(async () => expect(await api.client.blackouts.retrieve(first!.id)).toEqual(first));
    expect(sent).toEqual([
      {
        method: 'GET',
        url: `${api.service.baseUrl}/v1/blackouts/${first!.id}`,
        headers: SECRET_HEADERS,
        body: undefined,
      },
    ]);
  });

  it("rejects with NotFoundError for an unknown id and for another shop's blackout", async () => {
    await expect(api.client.blackouts.retrieve(999_999)).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
      code: 'not_found',
    });
    const [alpine] = await api.clientWith({ token: 'sk_test_alpine' }).blackouts.list();
    await expect(api.client.blackouts.retrieve(alpine!.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deletes a blackout, which then is gone', async () => {
    const own = await connect();
    try {
      const [first] = await own.client.blackouts.list({ per: 1 });
      await expect(own.client.blackouts.delete(first!.id)).resolves.toBeUndefined();
      expect(own.sent.at(-1)).toEqual({
        method: 'DELETE',
        url: `${own.service.baseUrl}/v1/blackouts/${first!.id}`,
        headers: SECRET_HEADERS,
        body: undefined,
      });
      await expect(own.client.blackouts.retrieve(first!.id)).rejects.toBeInstanceOf(NotFoundError);
    } finally {
      await own.service.close();
    }
  });
});

describe('contract: widgets', () => {
  it("lists the shop's widgets with their resolved settings", async () => {
    let widgets: Widget[] = [];
    const sent = await requestsOf(async () => (widgets = await api.client.widgets.list()));
    expect(sent).toEqual([
      { method: 'GET', url: `${api.service.baseUrl}/v1/widgets`, headers: SECRET_HEADERS, body: undefined },
    ]);
    expect(widgets.map((w) => [w.title, w.type, w.tz])).toEqual([
      ['Kayak hire', 'range', 'Australia/Melbourne'],
      ['Sunset tour', 'date', 'Australia/Melbourne'],
    ]);
    expect(widgets[0]?.settings).toEqual({
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
    });
  });

  it('lists the widgets placed on one platform product', async () => {
    const widgets = await api.client.widgets.list({ external_product_id: 7002 });
    expect(widgets.map((w) => w.title)).toEqual(['Sunset tour']);
    expect(widgets[0]?.external_product_ids).toEqual([7002]);
  });

  it('iterates every widget page by page', async () => {
    const titles: string[] = [];
    for await (const widget of api.client.widgets.iterate({ per: 1 })) titles.push(widget.title);
    expect(titles).toEqual(['Kayak hire', 'Sunset tour']);
  });
});

describe('contract: reservations (reads)', () => {
  it('lists reservations with the filters written in the query', async () => {
    const sent = await requestsOf(async () =>
      expect(await api.client.reservations.list({ active: true, cart_token: 'nobody' })).toEqual([]),
    );
    expect(sent[0]?.url).toBe(`${api.service.baseUrl}/v1/reservations?active=true&cart_token=nobody`);
  });

  it('rejects with NotFoundError for an unknown reservation', async () => {
    await expect(api.client.reservations.retrieve(999_999, { cart_token: 'nobody' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(api.sent.at(-1)?.url).toBe(`${api.service.baseUrl}/v1/reservations/999999?cart_token=nobody`);
  });
});

describe('contract: tokens', () => {
  it('with a publishable token in the query, reads widgets with a CORS-simple GET', async () => {
    const browser = api.clientWith({ token: 'pk_test_harbour', tokenInQuery: true });
    const sent = await requestsOf(async () => expect(await browser.widgets.list()).toHaveLength(2));
    expect(sent).toEqual([
      {
        method: 'GET',
        url: `${api.service.baseUrl}/v1/widgets?token=pk_test_harbour`,
        headers: { accept: 'application/json' },
        body: undefined,
      },
    ]);
  });

  it('refuses a publishable token listing reservations without a cart token', async () => {
    await expect(api.clientWith({ token: 'pk_test_harbour' }).reservations.list()).rejects.toBeInstanceOf(
      PermissionError,
    );
  });

  it('refuses a secret token sent in the URL', async () => {
    await expect(api.clientWith({ tokenInQuery: true }).widgets.list()).rejects.toBeInstanceOf(PermissionError);
  });

  it('rejects an unknown token with AuthenticationError', async () => {
    await expect(api.clientWith({ token: 'sk_nope' }).widgets.list()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(api.clientWith({ token: undefined }).widgets.list()).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
  });
});
