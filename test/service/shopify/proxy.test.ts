import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { withService } from '../api.ts';
import { proxied } from './payloads.ts';

describeEachDatabase('Shopify app proxy: no token in the page', (database) => {
  it('serves a signed request as the /v1 request it names with the shop’s publishable scopes', async () => {
    await withService(database, async (service) => {
      const widgets = await service.fetch(proxied(service, '/v1/widgets?external_product_id=7001'));
      expect(widgets.status).toBe(200);
      expect((await widgets.json()).map((w: { title: string }) => w.title)).toEqual(['Kayak hire']);
      const hold = await service.fetch(
        proxied(service, '/v1/reservations', {
          method: 'POST',
          body: { cart_token: 'c-proxy', items: [{ external_id: 8001, start: '2026-12-10', quantity: 1 }] },
        }),
      );
      expect(hold.status).toBe(201);
      // Publishable scopes: no merchant reads, and a publishable token's bounds apply.
      expect((await service.fetch(proxied(service, '/v1/bookings'))).status).toBe(403);
      const hoard = await service.fetch(
        proxied(service, '/v1/reservations', {
          method: 'POST',
          body: { cart_token: 'c-proxy', items: [{ external_id: 8003, start: '2026-12-10', quantity: 7 }] },
        }),
      );
      expect(hoard.status).toBe(422);
    });
  });

  it('refuses a wrong signature, another shop, a timestamp 91 s old or 91 s ahead, and a tampered query with 401, and changes nothing', async () => {
    await withService(database, async (service) => {
      const post = {
        method: 'POST',
        body: { cart_token: 'c-bad', items: [{ external_id: 8001, start: '2026-12-10', quantity: 1 }] },
      };
      const now = Math.floor(service.clock.now() / 1000);
      const tampered = proxied(service, '/v1/reservations', post);
      const url = new URL(tampered.url);
      url.searchParams.set('shop', 'harbour-test2.myshopify.com');
      for (const request of [
        proxied(service, '/v1/reservations', { ...post, secret: 'not-hush' }),
        proxied(service, '/v1/reservations', { ...post, timestamp: now - 91 }),
        proxied(service, '/v1/reservations', { ...post, timestamp: now + 91 }),
        new Request(url, { method: 'POST', headers: tampered.headers, body: JSON.stringify(post.body) }),
      ]) {
        const answer = await service.fetch(request);
        expect(answer.status).toBe(401);
        expect((await answer.json()).error).toBe('unauthorized');
      }
      expect((await service.db.query('SELECT count(*)::int AS n FROM reservations')).rows[0]).toEqual({ n: 0 });
    });
  });

  it('refuses a chunked body (no Content-Length) over 64 KiB with 413 as soon as it passes the limit, without reading the rest', async () => {
    await withService(database, async (service) => {
      const chunk = new Uint8Array(16 * 1024).fill(0x20);
      let pulled = 0;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 16 * 1024 * 1024) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const signed = proxied(service, '/v1/reservations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      expect(signed.headers.has('content-length')).toBe(false);
      const answer = await service.fetch(
        new Request(signed.url, {
          method: 'POST',
          headers: signed.headers,
          body: endless,
          duplex: 'half',
        } as RequestInit),
      );
      expect(answer.status).toBe(413);
      expect((await answer.json()).error).toBe('payload_too_large');
      expect(pulled).toBeLessThan(256 * 1024);
      expect((await service.db.query('SELECT count(*)::int AS n FROM reservations')).rows[0]).toEqual({ n: 0 });
    });
  });

  it('never lets a token or cookie sent along widen the scopes', async () => {
    await withService(database, async (service) => {
      const answer = await service.fetch(
        proxied(service, '/v1/bookings', { headers: { authorization: 'Bearer sk_test_harbour' } }),
      );
      expect(answer.status).toBe(403);
    });
  });
});
