// Issue 38 point 3: every way into the admin lands in Activity (the audit log), and so does every
// refused or limited attempt, without the password.
import { expect, it } from 'vitest';
import { newSignInCode } from '../../../src/service/admin/sessions.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { addStaff, OWNER, postSignIn } from '../../helpers/staff.ts';
import { api, withService } from '../api.ts';

/** Activity as the shop's owner reads it: who and what, oldest first. */
async function activity(service: TestService): Promise<Array<[string, string]>> {
  const log = await api(service).get('/v1/audit?per=100');
  return log.body.map((e: { actor: string; action: string }) => [e.actor, e.action]).reverse();
}

describeEachDatabase('Sign-ins in Activity', (database) => {
  it('records each sign-in by how it was made: a password, the owner’s one-time link', async () => {
    await withService(database, async (service) => {
      await addStaff(service.db, { ...OWNER, role: 'owner' });
      expect((await postSignIn(service, { email: OWNER.email, password: OWNER.password })).status).toBe(204);
      const code = await newSignInCode(service.db, 1, service.clock.sqlNow?.() ?? null);
      expect((await service.fetch(new Request(`${service.baseUrl}/admin/sign-in/${code}`))).status).toBe(303);
      expect(await activity(service)).toEqual([
        [OWNER.name, 'signed in with their password'],
        [OWNER.name, 'signed in with the owner’s one-time link'],
      ]);
    });
  });

  it('records a wrong password, an address with no account and an attempt over the limit, never the password', async () => {
    await withService(database, async (service) => {
      // One shop in the service: an address no account has is that shop's business.
      await service.db.query('DELETE FROM shops WHERE id <> 1');
      await addStaff(service.db, { ...OWNER, role: 'owner' });
      const secret = 'not-the-owners-password';
      expect((await postSignIn(service, { email: OWNER.email, password: secret })).status).toBe(401);
      expect((await postSignIn(service, { email: 'nobody@harbour.test', password: secret })).status).toBe(401);
      const statuses: number[] = [];
      for (let i = 0; i < 12 && statuses.at(-1) !== 429; i++)
        statuses.push((await postSignIn(service, { email: OWNER.email, password: `${secret}-${i}` })).status);
      expect(statuses.at(-1)).toBe(429);
      const log = await activity(service);
      expect(log.slice(0, 2)).toEqual([
        [OWNER.name, 'sign-in refused: wrong password'],
        ['Someone (nobody@harbour.test)', 'sign-in refused: no account has this address'],
      ]);
      expect(log.at(-1)).toEqual([OWNER.name, 'sign-in refused: too many attempts']);
      expect(log).toHaveLength(2 + statuses.length);
      const stored = await service.db.query('SELECT * FROM audit_log');
      expect(JSON.stringify(stored.rows)).not.toContain(secret);
    });
  });
});
