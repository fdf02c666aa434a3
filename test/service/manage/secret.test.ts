// The manage links' key: MANAGE_LINK_SECRET when set (32 characters at least), else one the
// database makes once and keeps, the same for every caller.
import { expect, it } from 'vitest';
import { manageSecret, storedManageSecret } from '../../../src/service/manage/secret-queries.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { withService } from '../api.ts';

describeEachDatabase("The manage links' key", (database) => {
  it('is MANAGE_LINK_SECRET when set, refused when shorter than 32 characters, else the database keeps one', async () => {
    await withService(database, async (service) => {
      const configured = 'x'.repeat(40);
      expect(await manageSecret(service.db, configured)).toBe(configured);
      await expect(manageSecret(service.db, 'too-short')).rejects.toThrow('MANAGE_LINK_SECRET must be at least 32');
      const made = await manageSecret(service.db, undefined);
      expect(made).toMatch(/^[0-9a-f]{64}$/);
      expect(await manageSecret(service.db, '  ')).toBe(made);
      const { rows } = await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM service_secrets');
      expect(rows[0]!.n).toBe(1);
    });
  });

  it('gives a caller the key another process is making at that moment, once it is made (processes starting together)', async () => {
    await withService(database, async (service) => {
      let second: Promise<string> | undefined;
      const first = await service.db.transaction(async (tx) => {
        const made = await storedManageSecret(tx);
        // Asked on another connection while the first key is made but not yet committed.
        second = manageSecret(service.db, undefined);
        second.catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 150));
        return made;
      });
      expect(await second).toBe(first);
      const keys = await Promise.all(Array.from({ length: 12 }, () => manageSecret(service.db, undefined)));
      expect(new Set(keys)).toEqual(new Set([first]));
      const { rows } = await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM service_secrets');
      expect(rows[0]!.n).toBe(1);
    });
  });
});
