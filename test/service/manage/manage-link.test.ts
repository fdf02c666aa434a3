// The customer's manage link (issue 31 point 4): the signed link in the customer's messages
// opens the booking; it cancels until the shop's cut-off by the database's clock; a link that is
// forged, altered, expired or another shop's changes nothing and says so.
import { expect, it } from 'vitest';
import { signManageToken } from '../../../src/service/manage/link.ts';
import { storedManageSecret } from '../../../src/service/manage/secret-queries.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { api, TOKENS, withService } from '../api.ts';
import { available, booking, bookWithLink, open, postCancel, setCutoff, statusOf } from './helpers.ts';

describeEachDatabase("The customer's manage link", (database) => {
  it('opens a page with the booking, its time in the shop zone, its place and a Cancel button', async () => {
    await withService(database, async (service) => {
      await setCutoff(service, 48);
      const { id, url } = await bookWithLink(service);
      expect(url.startsWith(`${service.baseUrl}/manage/`)).toBe(true);
      const page = await open(service, url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(page.html).toContain('<html lang="en" dir="ltr">');
      expect(page.html).toContain(`#${id}`);
      expect(page.html).toContain('2 × Kayak hire – Double kayak');
      expect(page.html).toContain('Docklands');
      expect(page.html).toContain('Confirmed');
      expect(page.html).toContain('Australia/Melbourne');
      expect(page.html).toContain('>Cancel booking</button>');
      expect(page.html).not.toContain('<script');
    });
  });

  it('cancels after a confirmation step: the units are free at once, the notice is written and the audit log names the customer', async () => {
    await withService(database, async (service) => {
      await setCutoff(service, 48);
      const { id, url } = await bookWithLink(service);
      expect(await available(service)).toBe(0);
      const confirm = await open(service, `${url}/cancel`);
      expect(confirm.status).toBe(200);
      expect(confirm.html).toContain('Do you want to cancel this booking?');
      expect(confirm.html).toContain('<form method="post"');
      expect(await statusOf(service, id)).toBe('confirmed');

      const done = await postCancel(service, url);
      expect(done.status).toBe(200);
      expect(done.html).toContain('Your booking is cancelled.');
      expect(await statusOf(service, id)).toBe('cancelled');
      expect(await available(service)).toBe(2);
      const { rows: notices } = await service.db.query<{ kind: string }>(
        'SELECT kind FROM outbox_messages WHERE booking_id = $1 ORDER BY id',
        [id],
      );
      expect(notices.map((n) => n.kind)).toContain('customer_cancellation');
      const audit = await api(service).get('/v1/audit');
      expect(audit.body[0]).toMatchObject({
        actor_kind: 'customer',
        actor: 'The customer (manage link)',
        action: `cancelled booking ${id}`,
        target_id: String(id),
      });
      expect(JSON.stringify(audit.body)).not.toContain(url.split('/manage/')[1]!);
      // Opened again, the link shows the booking cancelled and offers nothing more.
      const after = await open(service, url);
      expect(after.html).toContain('Cancelled');
      expect(after.html).not.toContain('Cancel booking');
    });
  });

  it('refuses after the cut-off by the database clock, says until when, and changes nothing', async () => {
    await withService(database, async (service) => {
      await setCutoff(service, 48);
      await api(service).put('/v1/shop', { notify_email: 'desk@harbour.example' });
      const { id, url } = await bookWithLink(service);
      // 10:00 on 10 December in Melbourne is 23:00 UTC on the 9th; 48 h before is 23:00 UTC on the 7th.
      service.clock.set('2026-12-07T23:00:01Z');
      const page = await open(service, url);
      expect(page.html).not.toContain('Cancel booking');
      expect(page.html).toContain('could be cancelled online until');
      expect(page.html).toContain('desk@harbour.example');
      const refused = await postCancel(service, url);
      expect(refused.status).toBe(409);
      expect(await statusOf(service, id)).toBe('confirmed');
      expect(await available(service)).toBe(0);
      service.clock.set('2026-12-07T22:59:59Z');
      expect((await open(service, url)).html).toContain('Cancel booking');
    });
  });

  it('lets no customer cancel online while the shop has no cut-off', async () => {
    await withService(database, async (service) => {
      const { id, url } = await bookWithLink(service);
      expect((await api(service).get('/v1/shop')).body.cancel_cutoff_hours).toBeNull();
      expect((await open(service, url)).html).toContain('cannot be cancelled online');
      expect((await postCancel(service, url)).status).toBe(409);
      expect(await statusOf(service, id)).toBe('confirmed');
    });
  });

  it('answers a forged, altered or expired link with a clear page and changes nothing', async () => {
    await withService(database, async (service) => {
      await setCutoff(service, 48);
      const { id, url } = await bookWithLink(service);
      const token = url.split('/manage/')[1]!;
      const [shop, bookingId, expiry, signature] = token.split('.') as [string, string, string, string];
      const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
      const altered = [
        `${shop}.${bookingId}.${expiry}.${flipped}`,
        `${shop}.${Number(bookingId) + 1}.${expiry}.${signature}`,
        `${shop}.${bookingId}.${Number(expiry) + 86_400}.${signature}`,
        `${shop}.${bookingId}.${expiry}.${signManageToken({ shopId: Number(shop), bookingId: id, expiresAt: Number(expiry) }, 'a-secret-of-our-own-making-32-chars!!')}`.replace(
          /^(.*)\.(\d+\.\d+\.\d+\.)/,
          '$2',
        ),
        'not-a-token',
      ];
      for (const forged of altered) {
        const page = await open(service, `${service.baseUrl}/manage/${forged}`);
        expect(page.status, forged).toBe(404);
        expect(page.html).toContain('This link is not valid');
        expect((await postCancel(service, `${service.baseUrl}/manage/${forged}`)).status).toBe(404);
      }
      expect(await statusOf(service, id)).toBe('confirmed');
      // A week after the booking finished, the link has expired.
      service.clock.set(new Date(Number(expiry) * 1000 + 1000).toISOString());
      const expired = await open(service, url);
      expect(expired.status).toBe(410);
      expect(expired.html).toContain('This link has expired; contact the shop.');
      expect((await postCancel(service, url)).status).toBe(410);
      expect(await statusOf(service, id)).toBe('confirmed');
    });
  });

  it("opens no other shop's booking, even with a signature made with the service's own key", async () => {
    await withService(database, async (service) => {
      const { url } = await bookWithLink(service);
      const [shop, , expiry] = url.split('/manage/')[1]!.split('.') as [string, string, string];
      const other = await api(service).post(
        '/v1/bookings',
        {
          starts_at: '2026-12-10 00:00',
          finishes_at: '2026-12-11 00:00',
          items: [{ external_id: 9101, quantity: 1 }],
          customers: [{ first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' }],
        },
        { token: TOKENS.otherSecret },
      );
      expect(other.status, JSON.stringify(other.body)).toBe(201);
      const secret = await storedManageSecret(service.db);
      const signed = signManageToken(
        { shopId: Number(shop), bookingId: other.body.id, expiresAt: Number(expiry) },
        secret,
      );
      const page = await open(service, `${service.baseUrl}/manage/${signed}`);
      expect(page.status).toBe(404);
      expect(page.html).toContain('This link is not valid');
      expect((await postCancel(service, `${service.baseUrl}/manage/${signed}`)).status).toBe(404);
      const { rows } = await service.db.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [
        other.body.id,
      ]);
      expect(rows[0]!.status).toBe('confirmed');
    });
  });

  it('refuses a cancellation posted from another site', async () => {
    await withService(database, async (service) => {
      await setCutoff(service, 48);
      const { id, url } = await bookWithLink(service);
      expect((await postCancel(service, url, 'https://evil.example')).status).toBe(403);
      const crossSite = await open(service, `${url}/cancel`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
      expect(await statusOf(service, id)).toBe('confirmed');
    });
  });

  it('marks a Shopify order booking for refund and tells the merchant which order to refund', async () => {
    await withService(database, async (service) => {
      await setCutoff(service, 48);
      await api(service).put('/v1/shop', { notify_email: 'desk@harbour.example' });
      const { id, url } = await bookWithLink(service, booking('2026-12-12'));
      await service.db.query(
        `UPDATE bookings SET tags = '["shopify"]', fields = '[{"name": "Shopify order", "value": "#1001"}]' WHERE id = $1`,
        [id],
      );
      expect((await postCancel(service, url)).status).toBe(200);
      const { rows } = await service.db.query<{ refund_due: boolean }>(
        'SELECT refund_due FROM bookings WHERE id = $1',
        [id],
      );
      expect(rows[0]!.refund_due).toBe(true);
      const notice = (await api(service).get('/v1/messages')).body.find(
        (m: { kind: string; booking_id: number }) => m.kind === 'merchant_cancellation' && m.booking_id === id,
      );
      expect(notice.text).toContain('refund the order #1001 in Shopify');
      expect(notice.html).toContain('refund the order #1001 in Shopify');
      expect(notice.text).not.toContain('/manage/');
    });
  });

  it('shows the refund due on the booking until the merchant marks it refunded, once; a booking with none due is refused and unchanged', async () => {
    await withService(database, async (service) => {
      await setCutoff(service, 48);
      const a = api(service);
      const { id, url } = await bookWithLink(service, booking('2026-12-12'));
      const { id: plain } = await bookWithLink(service, booking('2026-12-13'));
      await service.db.query(`UPDATE bookings SET tags = '["shopify"]' WHERE id = $1`, [id]);
      expect((await a.get(`/v1/bookings/${id}`)).body).toMatchObject({
        refund_due: false,
        cancelled_by_customer_at: null,
        refunded_at: null,
      });
      expect((await postCancel(service, url)).status).toBe(200);
      const now = new Date(service.clock.now()).toISOString();
      expect((await a.get(`/v1/bookings/${id}`)).body).toMatchObject({
        status: 'cancelled',
        refund_due: true,
        cancelled_by_customer_at: now,
        refunded_at: null,
      });
      // Not the shopper's to mark, nor another shop's.
      expect((await a.post(`/v1/bookings/${id}/refunded`, undefined, { token: TOKENS.publishable })).status).toBe(403);
      expect((await a.post(`/v1/bookings/${id}/refunded`, undefined, { token: TOKENS.otherSecret })).status).toBe(404);
      expect((await a.get(`/v1/bookings/${id}`)).body.refund_due).toBe(true);

      service.clock.advance(60_000);
      const marked = await a.post(`/v1/bookings/${id}/refunded`, undefined);
      expect(marked.status).toBe(200);
      const at = new Date(service.clock.now()).toISOString();
      expect(marked.body).toMatchObject({ refund_due: false, refunded_at: at, cancelled_by_customer_at: now });
      // Again: as it is, the first mark's time kept.
      service.clock.advance(60_000);
      expect((await a.post(`/v1/bookings/${id}/refunded`, undefined)).body).toMatchObject({ refunded_at: at });
      expect((await a.get('/v1/audit')).body[1]).toMatchObject({ action: `marked booking ${id} refunded` });

      const refused = await a.post(`/v1/bookings/${plain}/refunded`, undefined);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('has no refund due');
      expect((await a.get(`/v1/bookings/${plain}`)).body).toMatchObject({ refund_due: false, refunded_at: null });
    });
  });
});
