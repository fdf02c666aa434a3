// API.md §4 and §6 from an attacker's side: another shop's ids, publishable tokens on secret
// actions, origins not allowed, secret tokens in pages and URLs, near-miss tokens, and token
// values in logs. Every refused request must also leave the data as it was.
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/client/index.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import {
  bearer,
  type Call,
  dumpTables,
  expectClientError,
  HARBOUR_ORIGIN,
  read,
  send,
  TOKEN_VALUES,
  TOKENS,
} from './helpers.ts';

// Spy on the comparison the token check uses, keeping its behaviour.
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  return { ...crypto, default: crypto, timingSafeEqual: vi.fn(crypto.timingSafeEqual) };
});
// This worker's earlier files may have imported the service with the real node:crypto (files
// share modules: vite.config.ts): import it anew, so the spy is what the token check calls.
vi.resetModules();
const { timingSafeEqual } = await import('node:crypto');
const { createTestService } = await import('../../helpers/service.ts');

/** Ids of the Alpine shop's records, for use with Harbour's tokens. */
interface AlpineIds {
  blackout: number;
  reservation: number;
  product: number;
  variant: number;
  location: number | undefined;
}

describeEachDatabase('tenants and tokens', (database) => {
  let service: TestService;
  let alpine: AlpineIds;
  let harbourReservation: number;
  beforeAll(async () => {
    // The token checks below watch every request's token query: no token cache.
    service = await createTestService({ database, tokenCacheMs: 0 });
    const shop = `(SELECT id FROM shops WHERE name = 'Alpine Rentals')`;
    const one = async (sql: string) => (await service.db.query<{ id: number }>(sql)).rows[0]?.id;
    // Each shop holds a cart, so there are reservations of both to find (or not).
    const holdA = await send(service, {
      method: 'POST',
      path: '/v1/reservations',
      headers: bearer(TOKENS.alpineSecret),
      body: { cart_token: 'alpine-cart', items: [{ external_id: 9101, start: '2026-12-10', quantity: 1 }] },
    });
    expect(holdA.status).toBe(201);
    const holdH = await send(service, {
      method: 'POST',
      path: '/v1/reservations',
      headers: bearer(TOKENS.harbourSecret),
      body: { cart_token: 'harbour-cart', items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }] },
    });
    harbourReservation = ((await holdH.json()) as { id: number }).id;
    alpine = {
      blackout: (await one(`SELECT id FROM blackouts WHERE shop_id = ${shop}`))!,
      reservation: ((await holdA.json()) as { id: number }).id,
      product: (await one(`SELECT id FROM products WHERE shop_id = ${shop}`))!,
      variant: (await one(`SELECT id FROM variants WHERE shop_id = ${shop}`))!,
      location: await one(`SELECT id FROM locations WHERE shop_id = ${shop}`),
    };
  });
  afterAll(async () => {
    await service?.close();
  });

  /** Sends each call, expects the same 4xx `code` for all, and the data unchanged afterwards. */
  async function expectRefused(calls: Call[], code: string): Promise<void> {
    const before = await dumpTables(service.db);
    for (const call of calls) {
      expect(await expectClientError(await send(service, call), `${call.method ?? 'GET'} ${call.path}`)).toBe(code);
    }
    expect(await dumpTables(service.db)).toEqual(before);
  }

  describe('another shop', () => {
    it("answers another shop's blackout and reservation ids with the same 404 as an id that does not exist, on every method", async () => {
      const h = bearer(TOKENS.harbourSecret);
      const pairs: Array<[Call, Call]> = [
        [
          { path: `/v1/blackouts/${alpine.blackout}`, headers: h },
          { path: '/v1/blackouts/999999', headers: h },
        ],
        [
          { method: 'PUT', path: `/v1/blackouts/${alpine.blackout}`, headers: h, body: { title: 'mine now' } },
          { method: 'PUT', path: '/v1/blackouts/999999', headers: h, body: { title: 'mine now' } },
        ],
        [
          { method: 'DELETE', path: `/v1/blackouts/${alpine.blackout}`, headers: h },
          { method: 'DELETE', path: '/v1/blackouts/999999', headers: h },
        ],
        [
          { path: `/v1/reservations/${alpine.reservation}`, headers: h },
          { path: '/v1/reservations/999999', headers: h },
        ],
        [
          {
            path: `/v1/reservations/${alpine.reservation}?cart_token=alpine-cart`,
            headers: bearer(TOKENS.harbourPublishable),
          },
          { path: '/v1/reservations/999999?cart_token=alpine-cart', headers: bearer(TOKENS.harbourPublishable) },
        ],
      ];
      const before = await dumpTables(service.db);
      for (const [theirs, none] of pairs) {
        const a = await read(await send(service, theirs));
        const b = await read(await send(service, none));
        expect(a.status, theirs.path).toBe(404);
        expect(b.status, none.path).toBe(404);
        // Same wording, only the id differs: nothing tells "exists elsewhere" from "does not exist".
        const shape = (body: unknown, id: string | number) => JSON.stringify(body).replaceAll(String(id), '{id}');
        expect(shape(a.body, theirs.path.match(/\/(\d+)/)![1]!)).toBe(shape(b.body, '999999'));
      }
      expect(await dumpTables(service.db)).toEqual(before);
    });

    it('shows nothing of another shop through list filters, availability, holds, bookings or blackout targets', async () => {
      const h = bearer(TOKENS.harbourSecret);
      const empty = async (path: string) => {
        const r = await send(service, { path, headers: h });
        expect(r.status, path).toBe(200);
        expect(await r.json(), path).toEqual([]);
      };
      await empty(`/v1/blackouts?product_id=${alpine.product}&start_min=2026-12-24&finish_max=2026-12-26`);
      await empty(`/v1/blackouts?variant_id=${alpine.variant}&start_min=2026-12-24&finish_max=2026-12-26`);
      await empty('/v1/blackouts?external_variant_id=9101&start_min=2026-12-24&finish_max=2026-12-26');
      await empty('/v1/blackouts?vendor=Alpine');
      await empty('/v1/widgets?external_product_id=9001');
      await empty('/v1/reservations?cart_token=alpine-cart');
      await empty(`/v1/reservations?variant_id=${alpine.variant}`);
      await empty('/v1/reservations?external_variant_id=9101');
      // Another shop's variant is no variant of this shop: the same answer as for an id nobody has.
      const availability = async (variant: number) =>
        read(
          await send(service, {
            path: `/v1/availability?external_variant_id=${variant}&start=2026-12-01&finish=2026-12-03`,
            headers: h,
          }),
        );
      const theirs = await availability(9101);
      expect(theirs).toEqual(await availability(99_999_999));
      expect(JSON.stringify(theirs.body)).not.toMatch(/"quantity_available":[1-9]/);
      await expectRefused(
        [
          {
            method: 'POST',
            path: '/v1/reservations',
            headers: h,
            body: { cart_token: 'alpine-cart', items: [{ external_id: 9101, start: '2026-12-10', quantity: 1 }] },
          },
        ],
        'unavailable',
      );
      await expectRefused(
        [
          {
            method: 'POST',
            path: '/v1/bookings',
            headers: h,
            body: {
              starts_at: '2026-12-10 10:00',
              finishes_at: '2026-12-10 11:00',
              items: [{ external_id: 9101, quantity: 1 }],
              customers: [{ email: 'a@example.com' }],
            },
          },
        ],
        'unavailable',
      );
      await expectRefused(
        [
          {
            method: 'POST',
            path: '/v1/blackouts',
            headers: h,
            body: { starts_at: '2026-12-10', finishes_at: '2026-12-11', external_variant_id: 9101 },
          },
          {
            method: 'POST',
            path: '/v1/blackouts',
            headers: h,
            body: { starts_at: '2026-12-10', finishes_at: '2026-12-11', product_id: alpine.product },
          },
          { method: 'PUT', path: '/v1/blackouts/1', headers: h, body: { variant_id: alpine.variant } },
          ...(alpine.location
            ? [
                {
                  method: 'POST',
                  path: '/v1/blackouts',
                  headers: h,
                  body: { starts_at: '2026-12-10', finishes_at: '2026-12-11', location_id: alpine.location },
                },
              ]
            : []),
        ],
        'validation_failed',
      );
    });

    it("holds under the same cart token in two shops as two separate carts: one shop's post never touches the other's", async () => {
      const before = (
        await service.db.query<{ id: number; expires_at: unknown }>(
          'SELECT id, expires_at FROM reservations WHERE id = $1',
          [alpine.reservation],
        )
      ).rows;
      service.clock.advance(60_000);
      const r = await send(service, {
        method: 'POST',
        path: '/v1/reservations',
        headers: bearer(TOKENS.harbourSecret),
        body: { cart_token: 'alpine-cart', items: [{ external_id: 8001, start: '2026-12-10', quantity: 1 }] },
      });
      expect(r.status).toBe(201);
      const created = (await r.json()) as { id: number };
      expect(created.id).not.toBe(alpine.reservation);
      const after = (
        await service.db.query('SELECT id, expires_at FROM reservations WHERE id = $1', [alpine.reservation])
      ).rows;
      expect(after).toEqual(before);
      await send(service, {
        method: 'POST',
        path: '/v1/reservations',
        headers: bearer(TOKENS.harbourSecret),
        body: { cart_token: 'alpine-cart', items: [{ external_id: 8001, start: '2026-12-10', quantity: 0 }] },
      });
    });
  });

  describe('the merchant API (products, variants, widgets, bookings, tokens, holds)', () => {
    /** Ids of Alpine's records the merchant API can name, found or made before each check. */
    async function alpineMerchantIds() {
      const shop = `(SELECT id FROM shops WHERE name = 'Alpine Rentals')`;
      const one = async (sql: string) => (await service.db.query<{ id: number }>(sql)).rows[0]!.id;
      const booked = await send(service, {
        method: 'POST',
        path: '/v1/bookings',
        headers: bearer(TOKENS.alpineSecret),
        body: {
          starts_at: '2026-12-15 10:00',
          finishes_at: '2026-12-15 11:00',
          items: [{ external_id: 9101, quantity: 1 }],
          customers: [{ email: 'a@alpine.example' }],
        },
      });
      expect(booked.status).toBe(201);
      return {
        widget: await one(`SELECT id FROM widgets WHERE shop_id = ${shop}`),
        token: await one(`SELECT id FROM tokens WHERE shop_id = ${shop}`),
        booking: ((await booked.json()) as { id: number }).id,
      };
    }

    it("answers another shop's product, variant, widget, booking, token and hold ids with the same 404 as an id nobody has, on every method, and changes nothing", async () => {
      const ids = await alpineMerchantIds();
      const h = bearer(TOKENS.harbourSecret);
      const calls = (id: {
        product: number;
        variant: number;
        widget: number;
        booking: number;
        token: number;
        reservation: number;
      }): Call[] => [
        { path: `/v1/products/${id.product}`, headers: h },
        { method: 'PUT', path: `/v1/products/${id.product}`, headers: h, body: { title: 'mine now' } },
        { method: 'DELETE', path: `/v1/products/${id.product}`, headers: h },
        {
          method: 'POST',
          path: `/v1/products/${id.product}/variants`,
          headers: h,
          body: { external_id: 99001, title: 'Mine', capacity: 3 },
        },
        { path: `/v1/variants/${id.variant}`, headers: h },
        { method: 'PUT', path: `/v1/variants/${id.variant}`, headers: h, body: { capacity: 99 } },
        { method: 'DELETE', path: `/v1/variants/${id.variant}`, headers: h },
        { path: `/v1/widgets/${id.widget}`, headers: h },
        { method: 'PUT', path: `/v1/widgets/${id.widget}`, headers: h, body: { title: 'mine now' } },
        { method: 'DELETE', path: `/v1/widgets/${id.widget}`, headers: h },
        { path: `/v1/bookings/${id.booking}`, headers: h },
        {
          method: 'PATCH',
          path: `/v1/bookings/${id.booking}`,
          headers: h,
          body: { items: [{ external_id: 8002, quantity: 1 }] },
        },
        { method: 'POST', path: `/v1/bookings/${id.booking}/cancel`, headers: h },
        { method: 'DELETE', path: `/v1/tokens/${id.token}`, headers: h },
        { method: 'DELETE', path: `/v1/reservations/${id.reservation}`, headers: h },
      ];
      const theirs = calls({ ...alpine, ...ids });
      const none = calls({
        product: 999_999,
        variant: 999_999,
        widget: 999_999,
        booking: 999_999,
        token: 999_999,
        reservation: 999_999,
      });
      const before = await dumpTables(service.db);
      for (const [i, call] of theirs.entries()) {
        const a = await read(await send(service, call));
        const b = await read(await send(service, none[i]!));
        const label = `${call.method ?? 'GET'} ${call.path}`;
        expect(a.status, label).toBe(404);
        expect(b.status, label).toBe(404);
        const shape = (body: unknown, path: string) =>
          JSON.stringify(body).replaceAll(path.match(/\/(\d+)/)![1]!, '{id}');
        expect(shape(a.body, call.path), label).toBe(shape(b.body, none[i]!.path));
      }
      expect(await dumpTables(service.db)).toEqual(before);
      // And the lists show none of Alpine's records.
      for (const path of [
        '/v1/products',
        '/v1/bookings',
        '/v1/customers',
        '/v1/tokens',
        '/v1/widgets',
        '/v1/occupancy?start=2026-12-14&finish=2026-12-16',
      ]) {
        const body = JSON.stringify((await read(await send(service, { path, headers: h }))).body);
        expect(body, path).not.toMatch(/Alpine|alpine|"external_id":"?91/);
      }
    });

    it('refuses a publishable token on every merchant read and write (403), whatever the id, and changes nothing', async () => {
      const ids = await alpineMerchantIds();
      const calls: Call[] = [];
      for (const headers of [
        bearer(TOKENS.harbourPublishable),
        bearer(TOKENS.harbourPublishable, { origin: HARBOUR_ORIGIN }),
      ]) {
        calls.push(
          { path: '/v1/products', headers },
          {
            method: 'POST',
            path: '/v1/products',
            headers,
            body: { title: 'Raft', variants: [{ title: 'Raft', capacity: 2 }] },
          },
          { path: `/v1/products/${alpine.product}`, headers },
          { method: 'PUT', path: '/v1/products/1', headers, body: { title: 'changed' } },
          { method: 'DELETE', path: '/v1/products/1', headers },
          { method: 'POST', path: '/v1/products/1/variants', headers, body: { title: 'More', capacity: 1 } },
          { path: '/v1/variants/1', headers },
          { method: 'PUT', path: '/v1/variants/1', headers, body: { capacity: 99 } },
          { method: 'DELETE', path: '/v1/variants/1', headers },
          { method: 'POST', path: '/v1/widgets', headers, body: { title: 'Mine', product_ids: [1] } },
          { method: 'PUT', path: '/v1/widgets/1', headers, body: { title: 'changed' } },
          { method: 'DELETE', path: `/v1/widgets/${ids.widget}`, headers },
          { path: '/v1/bookings', headers },
          { path: `/v1/bookings/${ids.booking}`, headers },
          { method: 'PATCH', path: `/v1/bookings/${ids.booking}`, headers, body: { tags: ['mine'] } },
          { method: 'POST', path: `/v1/bookings/${ids.booking}/cancel`, headers },
          { path: '/v1/customers', headers },
          { path: '/v1/customers/1', headers },
          { path: '/v1/tokens', headers },
          {
            method: 'POST',
            path: '/v1/tokens',
            headers,
            body: { kind: 'publishable', origins: ['https://evil.example'] },
          },
          { method: 'DELETE', path: `/v1/tokens/${ids.token}`, headers },
          { method: 'DELETE', path: '/v1/tokens/1', headers },
          { path: '/v1/occupancy?start=2026-12-14&finish=2026-12-16', headers },
          { path: '/v1/shopify/conflicts', headers },
          { path: '/v1/shop', headers },
          { method: 'PUT', path: '/v1/shop', headers, body: { tz: 'UTC' } },
          { path: '/v1/locations', headers },
          { method: 'POST', path: '/v1/locations', headers, body: { name: 'Mine' } },
          { method: 'DELETE', path: '/v1/locations/1', headers },
          { path: '/v1/messages', headers },
          { method: 'POST', path: '/v1/messages/1/resend', headers },
        );
      }
      await expectRefused(calls, 'forbidden');
    });
  });

  describe('publishable tokens', () => {
    it('are refused (403) on every secret action, whatever the id, and change nothing', async () => {
      const pk = bearer(TOKENS.harbourPublishable);
      const pkFromPage = bearer(TOKENS.harbourPublishable, { origin: HARBOUR_ORIGIN });
      const calls: Call[] = [];
      for (const headers of [pk, pkFromPage]) {
        calls.push(
          {
            method: 'POST',
            path: '/v1/blackouts',
            headers,
            body: { starts_at: '2026-12-10', finishes_at: '2026-12-11' },
          },
          { method: 'PUT', path: '/v1/blackouts/1', headers, body: { title: 'changed' } },
          { method: 'PUT', path: '/v1/blackouts/999999', headers, body: { title: 'changed' } },
          { method: 'DELETE', path: '/v1/blackouts/1', headers },
          { method: 'DELETE', path: '/v1/blackouts/999999', headers },
          { method: 'DELETE', path: `/v1/blackouts/${alpine.blackout}`, headers },
          {
            method: 'POST',
            path: '/v1/bookings',
            headers,
            body: {
              starts_at: '2026-12-10 10:00',
              finishes_at: '2026-12-10 11:00',
              items: [{ external_id: 8003, quantity: 1 }],
            },
          },
          { method: 'POST', path: '/v1/bookings', headers: { ...headers, 'idempotency-key': 'k' }, body: {} },
          { path: '/v1/reservations', headers },
          { path: '/v1/reservations?active=true&per=250', headers },
        );
      }
      // The token in the query, as the widget sends it, is no different.
      calls.push({ path: `/v1/reservations?token=${TOKENS.harbourPublishable}`, headers: { origin: HARBOUR_ORIGIN } });
      calls.push({ method: 'DELETE', path: `/v1/blackouts/1?token=${TOKENS.harbourPublishable}`, headers: {} });
      await expectRefused(calls, 'forbidden');
    });

    it("cannot read a reservation by id without its cart token, nor with another cart's token (404)", async () => {
      const pk = bearer(TOKENS.harbourPublishable);
      await expectRefused(
        [
          { path: `/v1/reservations/${harbourReservation}`, headers: pk },
          { path: `/v1/reservations/${harbourReservation}?cart_token=another-cart`, headers: pk },
          { path: `/v1/reservations/${harbourReservation}?cart_token=harbour-car`, headers: pk },
        ],
        'not_found',
      );
      const own = await send(service, {
        path: `/v1/reservations/${harbourReservation}?cart_token=harbour-cart`,
        headers: pk,
      });
      expect(own.status).toBe(200);
    });
  });

  describe('origins', () => {
    const endpoints: Call[] = [
      { path: '/v1/widgets' },
      { path: '/v1/blackouts' },
      { path: '/v1/blackouts/1' },
      { path: '/v1/reservations?cart_token=harbour-cart' },
      { path: '/v1/availability?external_variant_id=8001&start=2026-12-01&finish=2026-12-02' },
      {
        method: 'POST',
        path: '/v1/reservations',
        body: { cart_token: 'from-evil', items: [{ external_id: 8001, start: '2026-12-11', quantity: 1 }] },
      },
    ];

    it('refuses a publishable token from an origin it does not list (403 the page can read, naming the site; nothing granted or changed), in the header or the query', async () => {
      for (const origin of [
        'https://evil.example',
        'https://alpine.example',
        'null',
        'http://harbour.example',
        'https://harbour.example.evil.example',
        'https://harbour.example:443x',
      ]) {
        const calls = endpoints.flatMap((e) => [
          { ...e, headers: bearer(TOKENS.harbourPublishable, { origin }) },
          {
            ...e,
            path: `${e.path}${e.path.includes('?') ? '&' : '?'}token=${TOKENS.harbourPublishable}`,
            headers: { origin, 'content-type': 'application/json' },
          },
        ]);
        const before = await dumpTables(service.db);
        for (const call of calls) {
          const response = await send(service, call);
          // The refusal is readable by the page (issue 24), and it is all the page gets: no
          // credentials, and the body is the 403's envelope naming the site.
          expect(response.headers.get('access-control-allow-origin'), `${origin} ${call.path}`).toBe(origin);
          expect(response.headers.get('access-control-allow-credentials'), `${origin} ${call.path}`).toBeNull();
          const { body } = await read(response.clone());
          expect(body, `${origin} ${call.path}`).toMatchObject({ details: { origin } });
          expect(await expectClientError(response, `${origin} ${call.method ?? 'GET'} ${call.path}`)).toBe('forbidden');
        }
        expect(await dumpTables(service.db)).toEqual(before);
      }
    });

    it('answers a CORS preflight from an origin no token lists with 403 and no grant, and grants exactly the listed origin', async () => {
      const preflight = (origin: string) =>
        send(service, {
          method: 'OPTIONS',
          path: '/v1/reservations',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization, content-type',
          },
        });
      const evil = await preflight('https://evil.example');
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      expect(await expectClientError(evil, 'preflight from evil')).toBe('forbidden');
      const good = await preflight(HARBOUR_ORIGIN);
      expect(good.status).toBe(204);
      expect(good.headers.get('access-control-allow-origin')).toBe(HARBOUR_ORIGIN);
      expect(good.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('refuses a secret token sent from any browser origin, even an allowed one, and a secret token in the URL (403), changing nothing', async () => {
      const calls: Call[] = [];
      for (const secret of [TOKENS.harbourSecret, TOKENS.alpineSecret]) {
        for (const origin of [HARBOUR_ORIGIN, 'https://alpine.example', 'https://evil.example', 'null']) {
          for (const e of endpoints) calls.push({ ...e, headers: bearer(secret, { origin }) });
          calls.push({ method: 'DELETE', path: '/v1/blackouts/1', headers: bearer(secret, { origin }) });
          calls.push({
            method: 'POST',
            path: '/v1/bookings',
            headers: bearer(secret, { origin }),
            body: {
              starts_at: '2026-12-10 10:00',
              finishes_at: '2026-12-10 11:00',
              items: [{ external_id: 8003, quantity: 1 }],
            },
          });
        }
        for (const e of endpoints)
          calls.push({
            ...e,
            path: `${e.path}${e.path.includes('?') ? '&' : '?'}token=${secret}`,
            headers: { 'content-type': 'application/json' },
          });
        calls.push({ method: 'DELETE', path: `/v1/blackouts/1?token=${secret}`, headers: {} });
      }
      await expectRefused(calls, 'forbidden');
    });
  });

  describe('token checks', () => {
    it('refuses wrong tokens sharing a long prefix with a real one exactly as it refuses a random token (401, same body and challenge)', async () => {
      const reference = await send(service, { path: '/v1/widgets', headers: bearer('sk_live_0123456789abcdef') });
      const expected = {
        status: reference.status,
        body: await reference.text(),
        challenge: reference.headers.get('www-authenticate'),
      };
      expect(expected.status).toBe(401);
      for (const real of TOKEN_VALUES) {
        const nearMisses = [
          real.slice(0, -1),
          `${real}x`,
          `${real.slice(0, -1)}${real.at(-1) === 'r' ? 's' : 'r'}`,
          real.toUpperCase(),
          `${real}${real}`,
          `${real}=`,
          real.replace('_test_', '_live_'),
        ];
        for (const token of nearMisses) {
          const response = await send(service, { path: '/v1/widgets', headers: bearer(token) });
          expect(
            {
              status: response.status,
              body: await response.text(),
              challenge: response.headers.get('www-authenticate'),
            },
            token,
          ).toEqual(expected);
        }
      }
    });

    it('looks a token up by a hash prefix only and compares the full SHA-256 hash with timingSafeEqual; the database never sees the token', async () => {
      const seen: unknown[][] = [];
      const query = service.db.query.bind(service.db);
      service.db.query = ((sql: string, params?: readonly unknown[]) => {
        seen.push([sql, ...(params ?? [])]);
        return query(sql, params);
      }) as typeof service.db.query;
      vi.mocked(timingSafeEqual).mockClear();
      try {
        expect((await send(service, { path: '/v1/widgets', headers: bearer(TOKENS.harbourSecret) })).status).toBe(200);
        expect((await send(service, { path: '/v1/widgets', headers: bearer(`${TOKENS.harbourSecret}x`) })).status).toBe(
          401,
        );
      } finally {
        service.db.query = query;
      }
      // Only the 16-hex-digit lookup reaches SQL; the comparison is on 32-byte digests.
      const text = JSON.stringify(seen);
      for (const token of TOKEN_VALUES) expect(text).not.toContain(token);
      const tokenQueries = seen.filter(([sql]) => /FROM tokens/i.test(String(sql)));
      expect(tokenQueries.length).toBeGreaterThanOrEqual(2);
      for (const [, ...params] of tokenQueries) expect(params).toEqual([expect.stringMatching(/^[0-9a-f]{16}$/)]);
      const calls = vi.mocked(timingSafeEqual).mock.calls;
      expect(calls.length).toBeGreaterThanOrEqual(1);
      for (const [a, b] of calls) {
        expect((a as Buffer).byteLength).toBe(32);
        expect((b as Buffer).byteLength).toBe(32);
      }
      // The stored rows hold hashes, never a token.
      const stored = JSON.stringify((await service.db.query('SELECT * FROM tokens')).rows);
      for (const token of TOKEN_VALUES) expect(stored).not.toContain(token);
    });
  });
});

describe('token values in logs', () => {
  let service: TestService | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await service?.close().catch(() => {});
    service = undefined;
  });

  it('never writes a token to the console or the error log, even when requests fail and the database breaks mid-request', async () => {
    const logged: unknown[] = [];
    // No token cache: every request's lookup must reach the (breaking) database.
    service = await createTestService({ logError: (e) => logged.push(e), tokenCacheMs: 0 });
    for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args));
    }
    const s = service;
    const query = s.db.query.bind(s.db);
    // A driver failure on the token lookup: the error carries the SQL and its parameters, as
    // PGlite's and pg's do, and goes to the log.
    let breakLookup = false;
    s.db.query = ((sql: string, params?: readonly unknown[]) => {
      if (breakLookup && /FROM tokens/i.test(sql))
        return Promise.reject(Object.assign(new Error('connection terminated unexpectedly'), { query: sql, params }));
      return query(sql, params);
    }) as typeof s.db.query;

    const failing: Call[] = [];
    for (const token of TOKEN_VALUES) {
      failing.push(
        { path: '/v1/widgets', headers: bearer(`${token}x`) },
        { path: '/v1/widgets', headers: bearer(token, { origin: 'https://evil.example' }) },
        { path: `/v1/widgets?token=${token}&token=${token}`, headers: {} },
        { path: `/v1/reservations?token=${token}&per=0`, headers: {} },
        { path: `/v1/nowhere?token=${token}`, headers: bearer(token) },
        {
          method: 'POST',
          path: '/v1/bookings',
          headers: bearer(token),
          body: { starts_at: token, items: [{ external_id: token }] },
        },
        { method: 'DELETE', path: `/v1/blackouts/1?token=${token}`, headers: {} },
      );
    }
    for (const call of failing) expect((await send(s, call)).status).toBeGreaterThanOrEqual(400);
    breakLookup = true;
    for (const token of TOKEN_VALUES) {
      expect((await send(s, { path: '/v1/widgets', headers: bearer(token) })).status).toBe(500);
      expect((await send(s, { path: `/v1/widgets?token=${token}`, headers: {} })).status).toBe(500);
    }
    breakLookup = false;
    s.db.query = query;

    expect(logged.length).toBeGreaterThanOrEqual(2 * TOKEN_VALUES.length);
    const text = logged.map((entry) => inspect(entry, { depth: 20, showHidden: true })).join('\n');
    for (const token of TOKEN_VALUES) expect(text).not.toContain(token);
  });

  it("the client's errors and their messages never carry the token, even with the token in the query", async () => {
    const token = TOKENS.harbourPublishable;
    const failing = createClient({
      baseUrl: 'https://bookings.invalid',
      token,
      tokenInQuery: true,
      retry: false,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = await failing.widgets.list().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(inspect(error, { depth: 10 })).not.toContain(token);
    expect(String((error as Error).message)).not.toContain(token);
  });
});
