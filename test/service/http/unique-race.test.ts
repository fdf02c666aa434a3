// API.md §4: no input gets a 500. Checks name a taken title or external id (422 on its field);
// when two requests race past the check, the database's unique index refuses the second write,
// and that refusal (as each driver reports it) is a 422 too, with nothing written.
import { expect, it } from 'vitest';
import { toHttpError } from '../../../src/service/http/errors.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { withService } from '../api.ts';

describeEachDatabase('a unique value taken by a request racing past the check', (database) => {
  it('is a 422 validation_failed, not a 500, and writes nothing', async () => {
    await withService(database, async (service) => {
      const count = async () =>
        (await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM products')).rows[0]!.n;
      const before = await count();
      const taken = (
        await service.db.query<{ shop_id: number; external_id: string }>(
          'SELECT shop_id, external_id FROM products ORDER BY id LIMIT 1',
        )
      ).rows[0]!;
      // The write the losing request makes after its check passed: the same shop and external id.
      const refused = await service.db
        .query('INSERT INTO products (shop_id, external_id, title) VALUES ($1, $2, $3)', [
          taken.shop_id,
          taken.external_id,
          'Racer',
        ])
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused).toBeDefined();
      const answer = toHttpError(refused)?.toResponse();
      expect(answer?.status).toBe(422);
      expect(await answer?.json()).toMatchObject({ error: 'validation_failed', details: { fields: {} } });
      expect(await count()).toBe(before);
    });
  });
});
