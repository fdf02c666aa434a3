// Issue 38 point 6: the admin's own routes (sign-in, staff, sessions, invitations, passkeys) check
// their bodies by schemas at the route, as every /v1 route does: the same 422 envelope, the same
// rules for an email address, and nothing changed by a body that does not pass.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { signedInAs } from '../../helpers/staff.ts';
import { api, withService } from '../api.ts';

/** What a refused body could have changed: sessions, staff, invitations, passkeys, the log. */
async function state(service: TestService): Promise<unknown> {
  const counts = await service.db.query(
    `SELECT (SELECT count(*)::int FROM admin_sessions) AS sessions,
            (SELECT count(*)::int FROM staff_invitations) AS invitations,
            (SELECT count(*)::int FROM staff_passkeys) AS passkeys,
            (SELECT count(*)::int FROM audit_log) AS log,
            (SELECT json_agg(json_build_object('id', id, 'name', name, 'email', email, 'role', role,
                             'password', password_hash) ORDER BY id)::text FROM staff) AS staff`,
  );
  return counts.rows[0];
}

describeEachDatabase('The admin’s own routes check bodies as /v1 does', (database) => {
  it('a malformed body to sign-in, staff, account, invitation or passkey routes gets the 422 envelope naming each field, and changes nothing', async () => {
    await withService(database, async (service) => {
      const owner = await signedInAs(service);
      const headers = { cookie: owner.cookie, origin: service.baseUrl };
      const before = await state(service);
      const cases: Array<[string, string, unknown, Record<string, string[]>]> = [
        [
          'POST',
          '/admin/session',
          { email: 'owner@harbour.test', password: 'a-guess-guess', remember: true },
          { remember: ['is not a sign-in field'] },
        ],
        ['POST', '/admin/session', ['owner@harbour.test'], { body: ['must be an object with email and password'] }],
        [
          'POST',
          '/admin/session',
          { email: 42, password: '' },
          { email: ['must be a string'], password: ['is required'] },
        ],
        [
          'POST',
          '/admin/session/passkey',
          { ceremony: 5, response: 'x' },
          { ceremony: ['must be a string'], response: ['must be an object'] },
        ],
        [
          'POST',
          '/admin/staff/invitations',
          { email: 'not an address', role: 'boss', note: 'hi' },
          {
            note: ['is not a staff invitation field'],
            email: ['must be an email address'],
            role: ['must be "owner" or "staff"'],
          },
        ],
        ['PATCH', `/admin/staff/${owner.id}`, [], { body: ['must be an object with role'] }],
        ['PATCH', '/admin/account', { notify_bookings: 'yes' }, { notify_bookings: ['must be true or false'] }],
        ['POST', '/admin/invitations/abc', { name: 'Sam' }, { password: ['is required'] }],
        ['POST', '/admin/passkeys', { ceremony: 'x' }, { response: ['is required'] }],
      ];
      for (const [method, path, body, fields] of cases) {
        const answer = await api(service).call(method, path, { token: null, headers, body });
        expect({ method, path, status: answer.status, body: answer.body }).toEqual({
          method,
          path,
          status: 422,
          body: { error: 'validation_failed', message: expect.any(String), details: { fields } },
        });
      }
      expect(await state(service)).toEqual(before);
    });
  });

  it('an email address is one rule everywhere: the API’s (something@somewhere), for invitations and one’s own account alike', async () => {
    await withService(database, async (service) => {
      const owner = await signedInAs(service);
      const headers = { cookie: owner.cookie, origin: service.baseUrl };
      const invited = await api(service).post(
        '/admin/staff/invitations',
        { email: 'sam@harbour' },
        { token: null, headers },
      );
      expect(invited.status).toBe(201);
      const mine = await api(service).call('PATCH', '/admin/account', {
        token: null,
        headers,
        body: { email: 'olive@localhost' },
      });
      expect(mine.status).toBe(200);
      expect(mine.body.email).toBe('olive@localhost');
    });
  });

  it('keeps the admin’s own routes out of the public API document', async () => {
    await withService(database, async (service) => {
      const document = await api(service).get('/v1/openapi.json', { token: null });
      expect(Object.keys(document.body.paths).filter((path) => !path.startsWith('/v1/'))).toEqual([]);
    });
  });
});
