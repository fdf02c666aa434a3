import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, serverDate } from '../../src/client/index.ts';
import { createRequester, listWidgets } from '../../src/client/internal.ts';
import { json, scriptedFetch } from './fake-fetch.ts';

const BASE = 'https://bookings.test';

function clientWith(options: { token?: string; tokenInQuery?: boolean } = {}, answer = json(200, [])) {
  const { fetch, sent } = scriptedFetch(answer);
  return { client: createClient({ baseUrl: BASE, token: 'sk_test_harbour', fetch, ...options }), sent };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requests: headers', () => {
  it('sends the token as a Bearer header and asks for JSON, with no Content-Type on a GET', async () => {
    const { client, sent } = clientWith();
    await client.blackouts.list();
    expect(sent[0]?.headers).toEqual({ accept: 'application/json', authorization: 'Bearer sk_test_harbour' });
  });

  it('sends a JSON body with Content-Type: application/json', async () => {
    const { client, sent } = clientWith({}, json(201, { id: 1 }));
    const params = { cart_token: 'c1', items: [{ external_id: '8001', start: '2026-12-01', quantity: '2' }] };
    await client.reservations.create(params);
    expect(sent[0]).toEqual({
      method: 'POST',
      url: `${BASE}/v1/reservations`,
      headers: {
        accept: 'application/json',
        authorization: 'Bearer sk_test_harbour',
        'content-type': 'application/json',
      },
      body: params,
    });
  });

  it('sends no Authorization header when no token is given', async () => {
    const { client, sent } = clientWith({ token: '' });
    await client.widgets.list();
    expect(sent[0]?.headers).toEqual({ accept: 'application/json' });
  });

  it('with tokenInQuery, sends GETs with the token in the URL and only CORS-safelisted headers', async () => {
    const { client, sent } = clientWith({ token: 'pk_test_harbour', tokenInQuery: true });
    await client.widgets.list({ external_product_id: 7001 });
    expect(sent[0]?.url).toBe(`${BASE}/v1/widgets?external_product_id=7001&token=pk_test_harbour`);
    expect(sent[0]?.headers).toEqual({ accept: 'application/json' });
  });

  it('with tokenInQuery, still sends writes with the Bearer header and no token in the URL', async () => {
    const { client, sent } = clientWith({ token: 'pk_test_harbour', tokenInQuery: true }, json(201, {}));
    await client.reservations.create({ cart_token: 'c1', items: [] });
    expect(sent[0]?.url).toBe(`${BASE}/v1/reservations`);
    expect(sent[0]?.headers.authorization).toBe('Bearer pk_test_harbour');
  });
});

describe('requests: URLs', () => {
  it('writes booleans as true/false and leaves out undefined filters', async () => {
    const { client, sent } = clientWith();
    await client.reservations.list({ active: true, cart_token: undefined, page: 2, per: 10 });
    await client.reservations.list({ active: false });
    expect(sent.map((r) => r.url)).toEqual([
      `${BASE}/v1/reservations?active=true&page=2&per=10`,
      `${BASE}/v1/reservations?active=false`,
    ]);
  });

  it('escapes ids and query values', async () => {
    const { client, sent } = clientWith({}, json(200, {}));
    await client.blackouts.retrieve('12/../../widgets');
    await client.reservations.retrieve(5, { cart_token: 'a&b=c d' });
    expect(sent.map((r) => r.url)).toEqual([
      `${BASE}/v1/blackouts/12%2F..%2F..%2Fwidgets`,
      `${BASE}/v1/reservations/5?cart_token=a%26b%3Dc+d`,
    ]);
  });

  it("accepts a base URL with a trailing slash, a path prefix, or none (the page's own origin)", async () => {
    const { fetch, sent } = scriptedFetch(json(200, []));
    await createClient({ baseUrl: `${BASE}/`, fetch }).widgets.list();
    await createClient({ baseUrl: `${BASE}/api//`, fetch }).widgets.list();
    await createClient({ baseUrl: '', token: null, fetch }).widgets.list();
    expect(sent.map((r) => r.url)).toEqual([`${BASE}/v1/widgets`, `${BASE}/api/v1/widgets`, '/v1/widgets']);
    expect(sent[2]?.headers).toEqual({ accept: 'application/json' });
  });

  it('passes the availability query as given', async () => {
    const { client, sent } = clientWith();
    await client.availability.list({ external_variant_id: '8001', start: '2026-12-01', finish: '2027-01-01' });
    expect(sent[0]?.url).toBe(`${BASE}/v1/availability?external_variant_id=8001&start=2026-12-01&finish=2027-01-01`);
  });
});

describe('requests: responses', () => {
  it("gives the response with the data on request, to read the server's Date", async () => {
    const date = 'Sun, 22 Nov 2026 01:00:00 GMT';
    const { client } = clientWith({}, json(201, { id: 4, expires_at: '2026-11-22T01:15:00.000Z' }, { Date: date }));
    const { data, response } = await client.reservations.create({ cart_token: 'c1', items: [] }).withResponse();
    expect(data).toEqual({ id: 4, expires_at: '2026-11-22T01:15:00.000Z' });
    expect(response.status).toBe(201);
    expect(serverDate(response)).toBe(Date.parse('2026-11-22T01:00:00.000Z'));
  });

  it('reads no server date from a response without a usable Date header', () => {
    expect(serverDate(new Response(null))).toBeUndefined();
    expect(serverDate(new Response(null, { headers: { Date: 'yesterday' } }))).toBeUndefined();
  });

  it('resolves a 204 delete to undefined', async () => {
    const { client, sent } = clientWith({}, () => new Response(null, { status: 204 }));
    await expect(client.blackouts.delete(3)).resolves.toBeUndefined();
    expect(sent[0]).toMatchObject({ method: 'DELETE', url: `${BASE}/v1/blackouts/3` });
  });

  it('sends any request through the same rules with client.request', async () => {
    const { client, sent } = clientWith({}, json(200, { ok: true }));
    const { data } = await client.request<{ ok: boolean }>({
      method: 'GET',
      path: '/v1/health',
      query: { deep: true },
    });
    expect(data).toEqual({ ok: true });
    expect(sent[0]).toMatchObject({
      url: `${BASE}/v1/health?deep=true`,
      headers: { authorization: 'Bearer sk_test_harbour' },
    });
  });

  it('calls the global fetch when none is given, looking it up at call time', async () => {
    const fake = scriptedFetch(json(200, [{ id: 1 }]));
    const requester = createRequester({ baseUrl: BASE });
    vi.stubGlobal('fetch', fake.fetch);
    await expect(listWidgets(requester)).resolves.toEqual([{ id: 1 }]);
    expect(fake.sent).toHaveLength(1);
  });
});
