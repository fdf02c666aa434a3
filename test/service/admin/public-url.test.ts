// The admin behind a TLS proxy (issue 18, point 4): the proxy forwards https://… as http://…,
// so the service's own origin and the cookie's Secure flag come from PUBLIC_URL (or, when the
// operator trusts a proxy, X-Forwarded-Proto), not from the request's URL. And the sign-in is
// a same-origin JSON post, like every write with the cookie.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { addStaff, OWNER } from '../../helpers/staff.ts';
import { api, withService } from '../api.ts';

const PUBLIC = 'https://bookings.example.com';
const INTERNAL = 'http://booking.test';

/** Signs in as the shop's owner (made on the first call), posted to `url`. */
async function signIn(
  service: TestService,
  headers: Record<string, string>,
  url = INTERNAL,
  body = JSON.stringify({ email: OWNER.email, password: OWNER.password }),
) {
  const owners = await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff');
  if (owners.rows[0]!.n === 0) await addStaff(service.db, { ...OWNER, role: 'owner' });
  return service.fetch(new Request(`${url}/admin/session`, { method: 'POST', headers, body }));
}

const sessions = async (service: TestService) =>
  (await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_sessions')).rows[0]!.n;
const blackout = { title: 'Proxy', starts_at: '2026-12-20', finishes_at: '2026-12-21' };

describeEachDatabase('the admin behind a TLS proxy', (database) => {
  it('sets Secure on the cookie when the page is https', async () => {
    await withService(database, async (service) => {
      const answer = await signIn(
        service,
        { origin: 'https://booking.test', 'content-type': 'application/json' },
        'https://booking.test',
      );
      expect(answer.status).toBe(204);
      expect(answer.headers.get('set-cookie')).toMatch(/; Secure$/);
    });
  });

  it('with PUBLIC_URL, accepts sign-in and writes from the public https origin, sets Secure, answers it as base_url, and refuses the internal origin', async () => {
    await withService(
      database,
      async (service) => {
        const answer = await signIn(service, { origin: PUBLIC, 'content-type': 'application/json' });
        expect(answer.status).toBe(204);
        expect(answer.headers.get('set-cookie')).toMatch(/; Secure$/);
        const cookie = answer.headers.get('set-cookie')!.split(';')[0]!;
        const write = await api(service).post('/v1/blackouts', blackout, {
          token: null,
          headers: { cookie, origin: PUBLIC },
        });
        expect(write.status).toBe(201);
        expect(
          (await api(service).post('/v1/blackouts', blackout, { token: null, headers: { cookie, origin: INTERNAL } }))
            .status,
        ).toBe(403);
        expect((await api(service).get('/admin/session', { token: null, headers: { cookie } })).body.base_url).toBe(
          PUBLIC,
        );
        expect((await signIn(service, { origin: INTERNAL, 'content-type': 'application/json' })).status).toBe(403);
      },
      { publicUrl: `${PUBLIC}/` },
    );
  });

  it('believes X-Forwarded-Proto only when a proxy is trusted (TRUST_PROXY_HEADER)', async () => {
    const headers = {
      origin: 'https://booking.test',
      'x-forwarded-proto': 'https',
      'content-type': 'application/json',
    };
    await withService(
      database,
      async (service) => {
        const answer = await signIn(service, headers);
        expect(answer.status).toBe(204);
        expect(answer.headers.get('set-cookie')).toMatch(/; Secure$/);
      },
      { trustProxyHeader: 'x-forwarded-for' },
    );
    await withService(database, async (service) => {
      expect((await signIn(service, headers)).status).toBe(403);
      expect(await sessions(service)).toBe(0);
    });
  });

  it('refuses a sign-in without the own Origin (403) or not sent as JSON (415), and opens no session', async () => {
    await withService(database, async (service) => {
      const plain = { 'content-type': 'text/plain' };
      expect((await signIn(service, plain)).status).toBe(403);
      expect((await signIn(service, { 'content-type': 'application/json' })).status).toBe(403);
      expect((await signIn(service, { ...plain, origin: INTERNAL })).status).toBe(415);
      expect(
        (
          await signIn(
            service,
            { 'content-type': 'application/x-www-form-urlencoded', origin: INTERNAL },
            INTERNAL,
            `email=${encodeURIComponent(OWNER.email)}&password=${OWNER.password}`,
          )
        ).status,
      ).toBe(415);
      expect(await sessions(service)).toBe(0);
    });
  });
});
