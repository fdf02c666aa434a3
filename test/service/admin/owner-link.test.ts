// Issue 38 point 3: no owner is locked out. `--owner-link "<shop>"` prints a fresh one-time link
// that signs in as an existing shop's owner (who then sets a password under Staff); the page of a
// used link names the command.
import { expect, it } from 'vitest';
import { deadLinkPage } from '../../../src/service/admin/link-page.ts';
import { OwnerLinkError, ownerLinkCode } from '../../../src/service/admin/owner-link.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { addStaff, OWNER } from '../../helpers/staff.ts';
import { api, withService } from '../api.ts';

describeEachDatabase('A fresh owner link for an existing shop', (database) => {
  it("signs in as the shop's owner who already has an account, once", async () => {
    await withService(database, async (service) => {
      const ownerId = await addStaff(service.db, { ...OWNER, role: 'owner' });
      const code = await ownerLinkCode(service.db, 'Harbour Kayaks', service.clock.sqlNow?.() ?? null);
      const first = await service.fetch(new Request(`${service.baseUrl}/admin/sign-in/${code}`));
      expect(first.status).toBe(303);
      const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
      const who = await api(service).get('/admin/session', { token: null, headers: { cookie } });
      expect(who.body.staff).toMatchObject({ id: ownerId, email: OWNER.email, role: 'owner' });
      expect((await service.fetch(new Request(`${service.baseUrl}/admin/sign-in/${code}`))).status).toBe(410);
    });
  });

  it('names the shops there are when no shop has that name, and makes no link', async () => {
    await withService(database, async (service) => {
      const attempt = ownerLinkCode(service.db, 'Harbor Kayaks', null);
      await expect(attempt).rejects.toBeInstanceOf(OwnerLinkError);
      await expect(attempt).rejects.toThrow(
        'No shop is named "Harbor Kayaks". The shops are: "Alpine Rentals", "Harbour Kayaks".',
      );
      expect((await service.db.query('SELECT count(*)::int AS n FROM admin_sign_in_codes')).rows[0]).toEqual({ n: 0 });
    });
  });
});

it('the page of a used or lapsed sign-in link names the command that prints a new one', () => {
  expect(deadLinkPage('sign-in')).toContain('npm run service -- --owner-link "Your shop"');
});
