// GET and PUT /v1/shop (issue 18): the shop's name, zone, locale and Shopify settings, changed
// through the API with no file to edit; validation as strict as every other write.
import { expect, it } from 'vitest';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, TOKENS, withService } from '../api.ts';

const HARBOUR = {
  name: 'Harbour Kayaks',
  tz: 'Australia/Melbourne',
  locale: 'en',
  notify_email: null,
  cancel_cutoff_hours: null,
  reminder_hours: null,
  shopify: {
    domain: 'harbour-test.myshopify.com',
    api_secret_set: true,
    previous_secret_expires_at: null,
    book_on: 'orders/create',
  },
};

async function storedShops(service: TestService) {
  return (
    await service.db.query(
      'SELECT s.*, x.domain, x.api_secret FROM shops s LEFT JOIN shopify_shops x ON x.shop_id = s.id ORDER BY s.id',
    )
  ).rows;
}

describeEachDatabase('GET and PUT /v1/shop', (database) => {
  it("shows the caller's shop, never its API secret, to a secret token; a publishable token gets 403", async () => {
    await withService(database, async (service) => {
      const answer = await api(service).get('/v1/shop');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ id: expect.any(Number), ...HARBOUR });
      expect(answer.text).not.toContain('hush');
      const alpine = await api(service).get('/v1/shop', { token: TOKENS.otherSecret });
      expect(alpine.body).toMatchObject({
        name: 'Alpine Rentals',
        tz: 'Europe/Berlin',
        locale: 'de',
        shopify: { domain: null, api_secret_set: false },
      });
      expect((await api(service).get('/v1/shop', { token: TOKENS.publishable })).status).toBe(403);
      expect((await api(service).put('/v1/shop', { name: 'X' }, { token: TOKENS.publishable })).status).toBe(403);
    });
  });

  it('changes only the fields given and answers the shop as stored (zone and locale in their canonical spelling)', async () => {
    await withService(database, async (service) => {
      const put = await api(service).put('/v1/shop', {
        name: '  Harbour Kayaks & Co  ',
        tz: 'europe/berlin',
        locale: 'de-ch',
      });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({
        name: 'Harbour Kayaks & Co',
        tz: 'Europe/Berlin',
        locale: 'de-CH',
        shopify: HARBOUR.shopify,
      });
      expect((await api(service).get('/v1/shop')).body).toEqual(put.body);
      const again = await api(service).put('/v1/shop', {});
      expect(again.body).toEqual(put.body);
      // What GET answered may be sent back as it is.
      expect((await api(service).put('/v1/shop', put.body)).status).toBe(200);
    });
  });

  it('judges days in the new zone from the next request of every app, cached tokens included; stored instants stay', async () => {
    await withService(database, async (service) => {
      // A second app on the same database stands for another process with its own token cache.
      const other = createApp({ db: service.db, clock: service.clock, rateLimit: false });
      const viaOther = { ...service, fetch: (request: Request) => other.fetch(request) };
      const before = await api(viaOther).get('/v1/widgets', { token: TOKENS.publishable });
      expect(before.body[0].tz).toBe('Australia/Melbourne');
      const blackouts = (await service.db.query('SELECT starts_at FROM blackouts ORDER BY id')).rows;
      expect((await api(service).put('/v1/shop', { tz: 'America/New_York', locale: 'fr' })).status).toBe(200);
      const after = await api(viaOther).get('/v1/widgets', { token: TOKENS.publishable });
      expect(after.body[0]).toMatchObject({ tz: 'America/New_York', locale: 'fr' });
      expect((await service.db.query('SELECT starts_at FROM blackouts ORDER BY id')).rows).toEqual(blackouts);
    });
  });

  it('refuses unknown fields, wrong types, unknown zones and bad language tags with 422 naming each field, and changes nothing', async () => {
    await withService(database, async (service) => {
      const before = await storedShops(service);
      const bad = await api(service).put('/v1/shop', {
        name: '',
        tz: 'Mars/Olympus',
        locale: 'english please',
        colour: 'red',
        shopify: { domain: 'shop.example.com', key: 1 },
      });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.details.fields).sort()).toEqual([
        'colour',
        'locale',
        'name',
        'shopify.domain',
        'shopify.key',
        'tz',
      ]);
      const cases: Array<[unknown, string[]]> = [
        [[], ['body']],
        ['"text"', ['body']],
        ['null', ['body']],
        [{ name: 5 }, ['name']],
        [{ tz: 7 }, ['tz']],
        [{ locale: null }, ['locale']],
        [{ shopify: 'x' }, ['shopify']],
        [{ shopify: { api_secret: 'has space' } }, ['shopify.api_secret']],
        [{ shopify: { domain: null, api_secret: 's' } }, ['shopify.api_secret']],
        [{ name: 'ok', tz: '+02:00' }, ['tz']],
      ];
      for (const [body, fields] of cases) {
        const answer = await api(service).put('/v1/shop', body);
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(answer.body.details.fields), JSON.stringify(body)).toEqual(fields);
      }
      expect(await storedShops(service)).toEqual(before);
    });
  });

  it("refuses another shop's name or myshopify domain with 422 on that field", async () => {
    await withService(database, async (service) => {
      const before = await storedShops(service);
      const name = await api(service).put('/v1/shop', { name: 'Alpine Rentals', tz: 'UTC' });
      expect(name.status).toBe(422);
      expect(name.body.details.fields).toEqual({ name: ["is another shop's name"] });
      const domain = await api(service).put(
        '/v1/shop',
        { shopify: { domain: 'harbour-test.myshopify.com', api_secret: 's3cret' } },
        { token: TOKENS.otherSecret },
      );
      expect(domain.status).toBe(422);
      expect(domain.body.details.fields).toEqual({ 'shopify.domain': ["is another shop's"] });
      expect(await storedShops(service)).toEqual(before);
    });
  });

  it('connects a shop to Shopify with domain and secret together, changes either alone later, and disconnects with null', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const alpine = { token: TOKENS.otherSecret };
      const half = await a.put('/v1/shop', { shopify: { domain: 'alpine.myshopify.com' } }, alpine);
      expect(half.status).toBe(422);
      expect(half.body.details.fields).toHaveProperty(['shopify.api_secret']);
      const connected = await a.put(
        '/v1/shop',
        { shopify: { domain: 'Alpine.myshopify.com', api_secret: 'shpss_first' } },
        alpine,
      );
      expect(connected.body.shopify).toEqual({
        domain: 'alpine.myshopify.com',
        api_secret_set: true,
        previous_secret_expires_at: null,
        book_on: 'orders/create',
      });
      expect(connected.text).not.toContain('shpss_first');
      await a.put('/v1/shop', { shopify: { api_secret: 'shpss_second' } }, alpine);
      const stored = async () =>
        (await service.db.query(`SELECT domain, api_secret FROM shopify_shops WHERE domain LIKE 'alpine%'`)).rows;
      expect(await stored()).toEqual([{ domain: 'alpine.myshopify.com', api_secret: 'shpss_second' }]);
      const removed = await a.put('/v1/shop', { shopify: { api_secret: null } }, alpine);
      expect(removed.body.shopify).toEqual({
        domain: null,
        api_secret_set: false,
        previous_secret_expires_at: null,
        book_on: null,
      });
      expect(await stored()).toEqual([]);
      expect((await a.put('/v1/shop', { shopify: null })).body.shopify).toEqual({
        domain: null,
        api_secret_set: false,
        previous_secret_expires_at: null,
        book_on: null,
      });
    });
  });
});
