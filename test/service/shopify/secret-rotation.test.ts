/**
 * Rotating the Shopify app's client secret without an outage: Shopify goes on signing with the
 * old secret for a while, so for an hour after a change (the database's clock) webhooks and
 * app-proxy requests signed with either secret are served; then only the new one.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { TEST_NOW } from '../../helpers/fixture.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, withService } from '../api.ts';
import { API_SECRET, orderPayload, proxied, webhook } from './payloads.ts';

const HOUR = 60 * 60_000;

/** The statuses of an empty order's webhook and an app-proxy read, each signed with `secret`. */
const statuses = async (service: TestService, secret: string) => [
  (await service.fetch(webhook('orders/create', orderPayload({ lines: [] }), { secret }))).status,
  (await service.fetch(proxied(service, '/v1/widgets?external_product_id=7001', { secret }))).status,
];
const rotate = async (service: TestService, secret: string) => {
  const answer = await api(service).put('/v1/shop', { shopify: { api_secret: secret } });
  expect(answer.status).toBe(200);
  return answer.body.shopify as { previous_secret_expires_at: string | null };
};

describeEachDatabase('Shopify: rotating the app’s client secret', (database) => {
  it('serves webhooks and app-proxy requests signed with the old or the new secret for an hour after the change, then the new one only', async () => {
    await withService(database, async (service) => {
      expect(await rotate(service, 'shpss_rotated')).toMatchObject({
        api_secret_set: true,
        previous_secret_expires_at: new Date(Date.parse(TEST_NOW) + HOUR).toISOString(),
      });
      expect(await statuses(service, API_SECRET)).toEqual([200, 200]);
      expect(await statuses(service, 'shpss_rotated')).toEqual([200, 200]);
      expect(await statuses(service, 'shpss_never')).toEqual([401, 401]);
      service.clock.advance(HOUR - 1000);
      expect(await statuses(service, API_SECRET)).toEqual([200, 200]);
      service.clock.advance(1000);
      expect(await statuses(service, API_SECRET)).toEqual([401, 401]);
      expect(await statuses(service, 'shpss_rotated')).toEqual([200, 200]);
      expect((await api(service).get('/v1/shop')).body.shopify.previous_secret_expires_at).toBeNull();
    });
  });

  it('keeps only the secret replaced last, keeps its hour when the same secret or the domain alone is sent again, and forgets it on disconnecting', async () => {
    await withService(database, async (service) => {
      await rotate(service, 'shpss_second');
      service.clock.advance(10 * 60_000);
      const until = (await rotate(service, 'shpss_third')).previous_secret_expires_at;
      expect(until).toBe(new Date(Date.parse(TEST_NOW) + 10 * 60_000 + HOUR).toISOString());
      expect(await statuses(service, API_SECRET)).toEqual([401, 401]);
      expect(await statuses(service, 'shpss_second')).toEqual([200, 200]);
      service.clock.advance(5 * 60_000);
      expect((await rotate(service, 'shpss_third')).previous_secret_expires_at).toBe(until);
      const moved = await api(service).put('/v1/shop', { shopify: { domain: 'harbour-test.myshopify.com' } });
      expect(moved.body.shopify.previous_secret_expires_at).toBe(until);
      await api(service).put('/v1/shop', { shopify: null });
      await api(service).put('/v1/shop', {
        shopify: { domain: 'harbour-test.myshopify.com', api_secret: 'shpss_fourth' },
      });
      expect(await statuses(service, 'shpss_third')).toEqual([401, 401]);
      expect(await statuses(service, 'shpss_fourth')).toEqual([200, 200]);
      expect((await api(service).get('/v1/shop')).body.shopify.previous_secret_expires_at).toBeNull();
    });
  });
});
