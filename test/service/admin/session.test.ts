import { expect, it } from 'vitest';
import { newSignInCode } from '../../../src/service/admin/sessions.ts';
import { secretTokenOfShop } from '../../../src/service/admin/queries.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { addStaff, cookieOf, OWNER } from '../../helpers/staff.ts';
import { api, TOKENS, withService } from '../api.ts';

const ORIGIN = 'http://booking.test';

/** Signs in as the owner (made on the first call) with the password, from `origin`. */
async function signIn(service: TestService, password: string = OWNER.password, origin: string | undefined = ORIGIN) {
  const owners = await service.db.query<{ n: number }>("SELECT count(*)::int AS n FROM staff WHERE role = 'owner'");
  if (owners.rows[0]!.n === 0) await addStaff(service.db, { ...OWNER, role: 'owner' });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (origin) headers.origin = origin;
  return service.fetch(
    new Request(`${ORIGIN}/admin/session`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: OWNER.email, password }),
    }),
  );
}

describeEachDatabase('Admin sign-in (session cookie)', (database) => {
  it('exchanges an email address and password for an HttpOnly, SameSite=Strict cookie, and the API accepts it', async () => {
    await withService(database, async (service) => {
      const answer = await signIn(service);
      expect(answer.status).toBe(204);
      const setCookie = answer.headers.get('set-cookie')!;
      expect(setCookie).toMatch(/^bw_admin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
      const cookie = cookieOf(answer);
      const bookings = await api(service).get('/v1/bookings', { token: null, headers: { cookie } });
      expect(bookings.status).toBe(200);
      const who = await api(service).get('/admin/session', { token: null, headers: { cookie } });
      expect(who.body).toEqual({
        shop: { name: 'Harbour Kayaks', tz: 'Australia/Melbourne', locale: 'en' },
        base_url: ORIGIN,
        staff: { id: 1, name: OWNER.name, email: OWNER.email, role: 'owner' },
      });
      const stored = await service.db.query('SELECT * FROM admin_sessions');
      expect(JSON.stringify(stored.rows)).not.toContain(cookie.split('=')[1]);
    });
  });

  it('refuses a secret token (API only), a wrong password and a sign-in posted from another site, and opens no session', async () => {
    await withService(database, async (service) => {
      expect((await signIn(service, 'not-the-password')).status).toBe(401);
      expect((await signIn(service, OWNER.password, 'https://evil.example')).status).toBe(403);
      const withToken = await api(service).post(
        '/admin/session',
        { token: TOKENS.secret },
        { token: null, headers: { origin: ORIGIN } },
      );
      expect(withToken.status).toBe(422);
      expect(withToken.body.details.fields.token[0]).toMatch(/for the API only/);
      expect((await service.db.query('SELECT count(*)::int AS n FROM admin_sessions')).rows[0]).toEqual({ n: 0 });
    });
  });

  it('limits sign-in attempts from one address before any database work: past its burst, 429 with Retry-After', async () => {
    const limits = { now: () => 0, unauthenticated: { perSecond: 1, burst: 3 } };
    await withService(
      database,
      async (service) => {
        const attempt = (address: string) =>
          service.fetch(
            new Request(`${ORIGIN}/admin/session`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: ORIGIN },
              body: JSON.stringify({ email: 'guess@example.com', password: 'guess-guess' }),
            }),
            { clientAddress: address },
          );
        const statuses = [];
        for (let i = 0; i < 5; i++) statuses.push((await attempt('10.1.1.1')).status);
        expect(statuses).toEqual([401, 401, 401, 429, 429]);
        const refused = await attempt('10.1.1.1');
        expect(refused.headers.get('retry-after')).toBe('1');
        // Another address is not held back by the first one's attempts.
        expect((await attempt('10.1.1.2')).status).toBe(401);
      },
      { rateLimit: limits },
    );
  });

  it('limits what a session does as a secret token is limited: past the burst, 429 for reads and writes alike', async () => {
    await withService(
      database,
      async (service) => {
        const cookie = cookieOf(await signIn(service));
        const statuses = [];
        for (let i = 0; i < 2; i++)
          statuses.push((await api(service).get('/v1/products', { token: null, headers: { cookie } })).status);
        statuses.push(
          (
            await api(service).post(
              '/v1/locations',
              { name: 'Pier 9' },
              { token: null, headers: { cookie, origin: ORIGIN } },
            )
          ).status,
        );
        expect(statuses).toEqual([200, 200, 429]);
        expect(
          (await service.db.query("SELECT count(*)::int AS n FROM locations WHERE name = 'Pier 9'")).rows[0],
        ).toEqual({ n: 0 });
      },
      { rateLimit: { now: () => 0, perSecond: 1, burst: 2 } },
    );
  });

  it('refuses a write with the cookie from another origin or with no Origin (CSRF), and reads from another origin', async () => {
    await withService(database, async (service) => {
      const cookie = cookieOf(await signIn(service));
      const blackout = { title: 'Forged', starts_at: '2026-12-20', finishes_at: '2026-12-21' };
      const forged = await api(service).post('/v1/blackouts', blackout, {
        token: null,
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(forged.status).toBe(403);
      expect((await api(service).post('/v1/blackouts', blackout, { token: null, headers: { cookie } })).status).toBe(
        403,
      );
      expect(
        (await api(service).get('/v1/bookings', { token: null, headers: { cookie, origin: 'https://evil.example' } }))
          .status,
      ).toBe(403);
      expect(
        (await service.db.query(`SELECT count(*)::int AS n FROM blackouts WHERE title = 'Forged'`)).rows[0],
      ).toEqual({ n: 0 });
      const own = await api(service).post('/v1/blackouts', blackout, {
        token: null,
        headers: { cookie, origin: ORIGIN },
      });
      expect(own.status).toBe(201);
    });
  });

  it('ends the session on sign-out and on expiry after 12 hours; revoking a token leaves people signed in', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const cookie = cookieOf(await signIn(service));
      const out = await service.fetch(
        new Request(`${ORIGIN}/admin/session`, { method: 'DELETE', headers: { cookie, origin: ORIGIN } }),
      );
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
      expect((await a.get('/v1/bookings', { token: null, headers: { cookie } })).status).toBe(401);

      const later = cookieOf(await signIn(service));
      service.clock.advance(12 * 60 * 60 * 1000 + 1000);
      expect((await a.get('/v1/bookings', { token: null, headers: { cookie: later } })).status).toBe(401);

      const third = cookieOf(await signIn(service));
      const made = (await a.post('/v1/tokens', { kind: 'secret' })).body;
      await a.delete(`/v1/tokens/${made.id}`);
      expect((await a.get('/v1/bookings', { token: null, headers: { cookie: third } })).status).toBe(200);
    });
  });

  it("signs in once through a one-time link as the shop's owner (made on first use), which then says in a page that it is used", async () => {
    await withService(database, async (service) => {
      const code = await newSignInCode(
        service.db,
        (await secretTokenOfShop(service.db, 'Harbour Kayaks'))!,
        service.clock.sqlNow?.() ?? null,
      );
      const first = await service.fetch(new Request(`${ORIGIN}/admin/sign-in/${code}`));
      expect(first.status).toBe(303);
      // A new owner has no address nor password yet: the link leads to their account.
      expect(first.headers.get('location')).toBe('/admin/#/staff');
      expect(
        (await api(service).get('/v1/bookings', { token: null, headers: { cookie: cookieOf(first) } })).status,
      ).toBe(200);
      const who = await api(service).get('/admin/session', { token: null, headers: { cookie: cookieOf(first) } });
      expect(who.body.staff).toMatchObject({ name: 'Owner', email: null, role: 'owner' });
      const used = await service.fetch(new Request(`${ORIGIN}/admin/sign-in/${code}`));
      expect(used.status).toBe(410);
      expect(used.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await used.text();
      expect(page).toContain('This sign-in link has been used or has expired');
      expect(page).toContain('npm start');
      expect(page).toContain('<style>');
      expect(used.headers.get('content-security-policy')).toMatch(/style-src 'sha256-/);
      // Once the owner exists, the next link signs in as the same owner.
      const again = await newSignInCode(service.db, 1, service.clock.sqlNow?.() ?? null);
      const second = await service.fetch(new Request(`${ORIGIN}/admin/sign-in/${again}`));
      const whoAgain = await api(service).get('/admin/session', { token: null, headers: { cookie: cookieOf(second) } });
      expect(whoAgain.body.staff.id).toBe(who.body.staff.id);
      expect((await service.db.query('SELECT count(*)::int AS n FROM staff')).rows[0]).toEqual({ n: 1 });
      const late = await newSignInCode(service.db, 1, service.clock.sqlNow?.() ?? null);
      service.clock.advance(11 * 60_000);
      expect((await service.fetch(new Request(`${ORIGIN}/admin/sign-in/${late}`))).status).toBe(410);
    });
  });
});
