import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { addStaff, cookieOf, OWNER, postSignIn, signedInAs } from '../../helpers/staff.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, TOKENS, withService } from '../api.ts';

/** Calls as the page does: the cookie, and the page's own Origin on writes. */
function asPage(service: TestService, cookie: string) {
  const headers = { cookie, origin: service.baseUrl };
  const a = api(service);
  return {
    get: (path: string) => a.get(path, { token: null, headers }),
    post: (path: string, body: unknown) => a.post(path, body, { token: null, headers }),
    put: (path: string, body: unknown) => a.put(path, body, { token: null, headers }),
    patch: (path: string, body: unknown) => a.call('PATCH', path, { token: null, headers, body }),
    delete: (path: string) => a.delete(path, { token: null, headers }),
  };
}

const SAM = { email: 'sam@harbour.test', password: 'sam-paddles-daily', name: 'Sam Staff' };

/** The sign-in body of an account: its address and password only (any other field is a 422). */
const signInOf = ({ email, password }: { email: string; password: string }) => ({ email, password });

/** The owner invites `email`; resolves to the code in the link. */
async function invite(service: TestService, ownerCookie: string, email: string, role = 'staff') {
  const answer = await asPage(service, ownerCookie).post('/admin/staff/invitations', { email, role });
  expect(answer.status).toBe(201);
  return String(answer.body.url).split('#/join/')[1]!;
}

function acceptInvitation(service: TestService, code: string, body: unknown) {
  return service.fetch(
    new Request(`${service.baseUrl}/admin/invitations/${code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: service.baseUrl },
      body: JSON.stringify(body),
    }),
  );
}

describeEachDatabase('Staff accounts', (database) => {
  it('an invitation opens a page to choose a name and password, signs the new person in, and works only once', async () => {
    await withService(database, async (service) => {
      const owner = await signedInAs(service);
      const code = await invite(service, owner.cookie, SAM.email);
      const stored = await service.db.query('SELECT code_hash FROM staff_invitations');
      expect(JSON.stringify(stored.rows)).not.toContain(code);
      const read = await api(service).get(`/admin/invitations/${code}`, { token: null });
      expect(read.body).toEqual({ shop: { name: 'Harbour Kayaks' }, email: SAM.email, role: 'staff' });

      const bad = await acceptInvitation(service, code, { name: '', password: 'short' });
      expect(bad.status).toBe(422);
      expect(Object.keys((await bad.json()).details.fields).sort()).toEqual(['name', 'password']);

      const accepted = await acceptInvitation(service, code, { name: SAM.name, password: SAM.password });
      expect(accepted.status).toBe(204);
      const who = await asPage(service, cookieOf(accepted)).get('/admin/session');
      expect(who.body.staff).toMatchObject({ name: SAM.name, email: SAM.email, role: 'staff' });
      expect((await acceptInvitation(service, code, { name: 'Mallory', password: 'another-password' })).status).toBe(
        410,
      );
      expect((await api(service).get(`/admin/invitations/${code}`, { token: null })).status).toBe(410);
      expect((await postSignIn(service, { email: SAM.email, password: SAM.password })).status).toBe(204);
      expect((await postSignIn(service, { email: SAM.email, password: 'wrong-password-1' })).status).toBe(401);
    });
  });

  it('an invitation expires after 7 days; an address that has an account cannot be invited; bad input is a 422', async () => {
    await withService(database, async (service) => {
      const owner = await signedInAs(service);
      const page = asPage(service, owner.cookie);
      const taken = await page.post('/admin/staff/invitations', { email: OWNER.email });
      expect(taken.status).toBe(422);
      expect(taken.body.details.fields.email).toEqual(['already has an account']);
      const bad = await page.post('/admin/staff/invitations', { email: 'not an address', role: 'boss' });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.details.fields)).toEqual(['email', 'role']);
      const code = await invite(service, owner.cookie, SAM.email);
      service.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
      expect((await acceptInvitation(service, code, { name: SAM.name, password: SAM.password })).status).toBe(410);
      const later = await signedInAs(service, { ...SAM, email: 'o2@harbour.test', role: 'owner' });
      const page2 = asPage(service, later.cookie);
      expect((await page2.get('/admin/staff')).body.invitations).toEqual([]);
    });
  });

  it('staff get 403 on tokens, staff management and Shopify settings, and may do the rest', async () => {
    await withService(database, async (service) => {
      await signedInAs(service);
      const sam = await signedInAs(service, { ...SAM, role: 'staff' });
      const page = asPage(service, sam.cookie);
      expect((await page.get('/v1/tokens')).status).toBe(403);
      expect((await page.post('/v1/tokens', { kind: 'secret' })).status).toBe(403);
      expect((await page.get('/admin/staff')).status).toBe(403);
      expect((await page.post('/admin/staff/invitations', { email: 'eve@harbour.test' })).status).toBe(403);
      expect((await page.delete('/admin/staff/1')).status).toBe(403);
      expect((await page.patch(`/admin/staff/${sam.id}`, { role: 'owner' })).status).toBe(403);
      const shopify = await page.put('/v1/shop', { shopify: { domain: 'harbour.myshopify.com', api_secret: 'x' } });
      expect(shopify.status).toBe(403);
      expect(shopify.body.message).toMatch(/owner/);
      expect((await page.put('/v1/shop', { name: 'Harbour Kayaks & Co' })).status).toBe(200);
      expect((await page.get('/v1/bookings')).status).toBe(200);
      expect((await page.get('/v1/audit')).status).toBe(200);
      expect((await page.patch('/admin/account', { name: 'Sam S.' })).body.name).toBe('Sam S.');
      expect((await service.db.query('SELECT count(*)::int AS n FROM staff_invitations')).rows[0]).toEqual({ n: 0 });
    });
  });

  it('the owner changes roles and removes staff, whose sessions end at once; the shop keeps an owner', async () => {
    await withService(database, async (service) => {
      const owner = await signedInAs(service);
      const sam = await signedInAs(service, { ...SAM, role: 'staff' });
      const page = asPage(service, owner.cookie);
      expect((await page.patch(`/admin/staff/${owner.id}`, { role: 'staff' })).status).toBe(409);
      expect((await page.delete(`/admin/staff/${owner.id}`)).status).toBe(409);
      expect((await page.patch(`/admin/staff/${sam.id}`, { role: 'chief' })).status).toBe(422);
      expect((await page.patch(`/admin/staff/${sam.id}`, { role: 'owner' })).body.role).toBe('owner');
      expect((await asPage(service, sam.cookie).get('/v1/tokens')).status).toBe(200);
      expect((await page.patch(`/admin/staff/${sam.id}`, { role: 'staff' })).body.role).toBe('staff');
      const list = (await page.get('/admin/staff')).body.staff;
      expect(list.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
        [OWNER.name, 'owner'],
        [SAM.name, 'staff'],
      ]);
      expect((await page.delete(`/admin/staff/${sam.id}`)).status).toBe(204);
      expect((await asPage(service, sam.cookie).get('/v1/bookings')).status).toBe(401);
      expect((await postSignIn(service, { email: SAM.email, password: SAM.password })).status).toBe(401);
    });
  });

  it("lists sessions with their device, and ends one at once: one's own, or anyone's by the owner", async () => {
    await withService(database, async (service) => {
      const owner = await signedInAs(service);
      await addStaff(service.db, SAM);
      const phone = cookieOf(await postSignIn(service, signInOf(SAM), { userAgent: 'Phone Safari' }));
      const desk = cookieOf(await postSignIn(service, signInOf(SAM), { userAgent: 'Desk Firefox' }));
      const own = await asPage(service, desk).get('/admin/sessions');
      expect(own.body.map((s: { user_agent: string; current: boolean }) => [s.user_agent, s.current]).sort()).toEqual([
        ['Desk Firefox', true],
        ['Phone Safari', false],
      ]);
      expect(own.body[0]).toMatchObject({ staff_name: SAM.name, created_at: expect.any(String) });
      const phoneSession = own.body.find((s: { user_agent: string }) => s.user_agent === 'Phone Safari');
      expect((await asPage(service, desk).delete(`/admin/sessions/${phoneSession.id}`)).status).toBe(204);
      expect((await asPage(service, phone).get('/v1/bookings')).status).toBe(401);
      // Staff see only their own; the owner sees and ends everyone's.
      const ownerSees = await asPage(service, owner.cookie).get('/admin/sessions');
      expect(ownerSees.body).toHaveLength(2);
      const ownerSession = ownerSees.body.find((s: { staff_name: string }) => s.staff_name === OWNER.name);
      expect((await asPage(service, desk).delete(`/admin/sessions/${ownerSession.id}`)).status).toBe(404);
      const deskSession = ownerSees.body.find((s: { staff_name: string }) => s.staff_name === SAM.name);
      expect((await asPage(service, owner.cookie).delete(`/admin/sessions/${deskSession.id}`)).status).toBe(204);
      expect((await asPage(service, desk).get('/v1/bookings')).status).toBe(401);
    });
  });

  it('changing one’s own password needs the current one; the owner from the one-time link sets an address and password', async () => {
    await withService(database, async (service) => {
      const sam = await signedInAs(service, { ...SAM, role: 'staff' });
      const page = asPage(service, sam.cookie);
      const missing = await page.patch('/admin/account', { password: 'a-new-password-1' });
      expect(missing.body.details.fields).toEqual({ current_password: ['is required to change the password'] });
      const wrong = await page.patch('/admin/account', { password: 'a-new-password-1', current_password: 'nope' });
      expect(wrong.body.details.fields).toEqual({ current_password: ['is not your password'] });
      const changed = await page.patch('/admin/account', {
        password: 'a-new-password-1',
        current_password: SAM.password,
      });
      expect(changed.status).toBe(200);
      expect((await postSignIn(service, { email: SAM.email, password: 'a-new-password-1' })).status).toBe(204);

      const { newSignInCode } = await import('../../../src/service/admin/sessions.ts');
      const link = await newSignInCode(service.db, 1, service.clock.sqlNow?.() ?? null);
      const owner = cookieOf(await service.fetch(new Request(`${service.baseUrl}/admin/sign-in/${link}`)));
      const set = await asPage(service, owner).patch('/admin/account', {
        name: 'Olive',
        email: 'olive@harbour.test',
        password: 'olives-password',
      });
      expect(set.body).toMatchObject({ name: 'Olive', email: 'olive@harbour.test', role: 'owner', has_password: true });
      expect((await postSignIn(service, { email: 'olive@harbour.test', password: 'olives-password' })).status).toBe(
        204,
      );
    });
  });

  it('changing one’s password can end one’s other sessions, keeping this one; without asking, they stay', async () => {
    await withService(database, async (service) => {
      const sam = await signedInAs(service, { ...SAM, role: 'staff' });
      const page = asPage(service, sam.cookie);
      const phone = cookieOf(await postSignIn(service, signInOf(SAM), { userAgent: 'Phone Safari' }));
      const alone = await page.patch('/admin/account', { end_other_sessions: true });
      expect(alone.status).toBe(422);
      expect(alone.body.details.fields).toEqual({ end_other_sessions: ['goes with a new password'] });
      expect((await asPage(service, phone).get('/admin/session')).status).toBe(200);
      const changed = await page.patch('/admin/account', {
        password: 'a-new-password-1',
        current_password: SAM.password,
        end_other_sessions: true,
      });
      expect(changed.status).toBe(200);
      expect((await asPage(service, phone).get('/admin/session')).status).toBe(401);
      expect((await page.get('/admin/session')).status).toBe(200);
      const tablet = cookieOf(await postSignIn(service, { email: SAM.email, password: 'a-new-password-1' }));
      const kept = await page.patch('/admin/account', {
        password: 'a-newer-password-2',
        current_password: 'a-new-password-1',
      });
      expect(kept.status).toBe(200);
      expect((await asPage(service, tablet).get('/admin/session')).status).toBe(200);
    });
  });

  it('limits sign-in attempts per account and per address: 429 with Retry-After and a message in words', async () => {
    await withService(database, async (service) => {
      await addStaff(service.db, SAM);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (await postSignIn(service, { email: SAM.email, password: `guess-${i}-guess` }, { address: `10.0.0.${i}` }))
            .status,
        );
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      const refused = await postSignIn(service, signInOf(SAM), { address: '10.0.1.1' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).message).toMatch(
        /^Too many sign-in attempts for this account\. Try again in \d+ (seconds|minutes?)\.$/,
      );
      // Other accounts from one address: 30 attempts at once (a few more as time refills), then that address waits.
      const byAddress: number[] = [];
      for (let i = 0; i < 40 && byAddress.at(-1) !== 429; i++)
        byAddress.push(
          (await postSignIn(service, { email: `x${i}@example.com`, password: 'guess-guess' }, { address: '10.9.9.9' }))
            .status,
        );
      expect(byAddress.at(-1)).toBe(429);
      expect(byAddress.length).toBeGreaterThan(30);
    });
  });

  it('keeps staff to their shop: another shop’s owner sees none of them, and cannot end their sessions', async () => {
    await withService(database, async (service) => {
      await signedInAs(service);
      const sam = await signedInAs(service, { ...SAM, role: 'staff' });
      const alpine = await signedInAs(service, {
        email: 'anna@alpine.test',
        password: 'alpine-password',
        name: 'Anna Alpine',
        role: 'owner',
        shopId: 2,
      });
      const page = asPage(service, alpine.cookie);
      expect((await page.get('/admin/staff')).body.staff.map((m: { name: string }) => m.name)).toEqual(['Anna Alpine']);
      expect((await page.delete(`/admin/staff/${sam.id}`)).status).toBe(404);
      expect((await page.patch(`/admin/staff/${sam.id}`, { role: 'owner' })).status).toBe(404);
      const samSessions = await asPage(service, sam.cookie).get('/admin/sessions');
      expect((await page.delete(`/admin/sessions/${samSessions.body[0].id}`)).status).toBe(404);
      expect((await page.get('/v1/audit')).body.every((e: { actor: string }) => e.actor !== SAM.name)).toBe(true);
      expect((await api(service).get('/v1/audit', { token: TOKENS.otherSecret })).body.length).toBeGreaterThan(0);
    });
  });
});

describeEachDatabase('Passkeys (the service side)', (database) => {
  it('asks for a session to add one, refuses an answer to no request, and signs no one in with an unknown passkey', async () => {
    await withService(database, async (service) => {
      const sam = await signedInAs(service, { ...SAM, role: 'staff' });
      const a = api(service);
      expect((await a.post('/admin/passkeys/options', undefined, { token: null })).status).toBe(401);
      const options = await asPage(service, sam.cookie).post('/admin/passkeys/options', undefined);
      expect(options.status).toBe(200);
      expect(options.body.options).toMatchObject({ rp: { id: 'booking.test' }, user: { name: SAM.email } });
      const stray = await asPage(service, sam.cookie).post('/admin/passkeys', { ceremony: 'nope', response: {} });
      expect(stray.status).toBe(422);
      expect(Object.keys(stray.body.details.fields)).toEqual(['response']);
      const signIn = await a.post('/admin/session/passkey/options', undefined, {
        token: null,
        headers: { origin: service.baseUrl },
      });
      expect(signIn.status).toBe(200);
      const unknown = await a.post(
        '/admin/session/passkey',
        { ceremony: signIn.body.ceremony, response: { id: 'not-a-credential', response: {} } },
        { token: null, headers: { origin: service.baseUrl } },
      );
      expect(unknown.status).toBe(401);
      expect(unknown.headers.get('set-cookie')).toBeNull();
      // Options are no change: the log has Sam's sign-in only.
      const log = await a.get('/v1/audit');
      expect(log.body.map((e: { action: string }) => e.action)).toEqual(['signed in with their password']);
    });
  });
});

describeEachDatabase('Staff accounts: the rest of the endpoints', (database) => {
  it('the owner withdraws an invitation, which then no longer works; one reads one’s own account and passkeys', async () => {
    await withService(database, async (service) => {
      const owner = await signedInAs(service);
      const page = asPage(service, owner.cookie);
      const code = await invite(service, owner.cookie, SAM.email);
      const [pending] = (await page.get('/admin/staff')).body.invitations;
      expect(pending).toMatchObject({ email: SAM.email, role: 'staff', expires_at: expect.any(String) });
      expect((await page.delete(`/admin/staff/invitations/${pending.id}`)).status).toBe(204);
      expect((await page.delete(`/admin/staff/invitations/${pending.id}`)).status).toBe(404);
      expect((await acceptInvitation(service, code, { name: SAM.name, password: SAM.password })).status).toBe(410);
      expect((await page.get('/admin/account')).body).toMatchObject({
        id: owner.id,
        name: OWNER.name,
        email: OWNER.email,
        role: 'owner',
        has_password: true,
        passkeys: 0,
      });
      expect((await page.get('/admin/passkeys')).body).toEqual([]);
      expect((await page.delete('/admin/passkeys/1')).status).toBe(404);
      expect((await api(service).get('/admin/account', { token: TOKENS.secret })).status).toBe(401);
    });
  });
});
