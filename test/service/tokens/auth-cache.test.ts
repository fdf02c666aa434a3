// The per-app cache of verified tokens: most requests skip the token query. A remembered token
// is served only while its shop's data version stands, and revoking a token moves it
// (migration 12): a revoked token is refused at once, cached or not.
import { afterEach, expect, it } from 'vitest';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import { cachedTokens, hashToken } from '../../../src/service/tokens/tokens.ts';
import type { Database } from '../../../src/service/db/types.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api } from '../api.ts';

const SECRET = 'sk_test_harbour';

/** The database with its token queries counted. */
function counting(db: Database): { db: Database; tokenQueries: () => number } {
  let n = 0;
  const counted: Database = {
    ...db,
    kind: db.kind,
    query: (sql, params) => {
      if (/FROM tokens t JOIN shops/.test(sql)) n++;
      return db.query(sql, params);
    },
    transaction: (callback, options) => db.transaction(callback, options),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  };
  return { db: counted, tokenQueries: () => n };
}

function revoke(db: Database, token: string) {
  return db.query('DELETE FROM tokens WHERE lookup = $1', [hashToken(token).lookup]);
}

describeEachDatabase('the token cache', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  it('trusts a verified token without asking again within the TTL, and refuses it at once once revoked', async () => {
    service = await createTestService({ database });
    const { db, tokenQueries } = counting(service.db);
    let t = 0;
    const verify = cachedTokens(10_000, { now: () => t });
    const first = (await verify(db, SECRET))?.auth;
    expect(first).toMatchObject({ kind: 'secret' });
    t = 9_999;
    expect((await verify(db, SECRET))?.auth).toEqual(first);
    expect(tokenQueries()).toBe(1);
    await revoke(service.db, SECRET);
    t = 10_000 - 1;
    expect(await verify(db, SECRET)).toBeUndefined();
  });

  it('does not remember a token that did not verify: one added afterwards works at once', async () => {
    service = await createTestService({ database });
    const verify = cachedTokens(10_000, { now: () => 0 });
    const token = 'sk_test_added_later';
    expect(await verify(service.db, token)).toBeUndefined();
    const [shop] = (await service.db.query<{ id: number }>('SELECT id FROM shops ORDER BY id LIMIT 1')).rows;
    const { hash, lookup } = hashToken(token);
    await service.db.query(
      `INSERT INTO tokens (shop_id, kind, lookup, token_hash, origins) VALUES ($1, 'secret', $2, $3, '{}')`,
      [shop!.id, lookup, hash],
    );
    expect((await verify(service.db, token))?.auth).toMatchObject({ kind: 'secret', shopId: shop!.id });
  });

  it('shares one query among concurrent requests and keeps at most maxEntries', async () => {
    service = await createTestService({ database });
    const { db, tokenQueries } = counting(service.db);
    const verify = cachedTokens(10_000, { now: () => 0, maxEntries: 1 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(db, SECRET)));
    expect(new Set(answers).size).toBe(1);
    expect(tokenQueries()).toBe(1);
    await verify(db, 'pk_test_harbour');
    await verify(db, SECRET);
    expect(tokenQueries()).toBe(3);
    expect(Object.isFrozen(answers[0]!.auth)).toBe(true);
  });

  it('when the shop changes, concurrent requests holding the old answer verify it again with one query', async () => {
    service = await createTestService({ database });
    const { db, tokenQueries } = counting(service.db);
    const verify = cachedTokens(10_000, { now: () => 0 });
    const before = await verify(db, SECRET);
    expect(tokenQueries()).toBe(1);
    await service.db.query(`UPDATE locations SET name = name || ' (renamed)' WHERE shop_id = $1`, [
      before!.auth.shopId,
    ]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(db, SECRET)));
    // One query for the eight, not one each.
    expect(tokenQueries()).toBe(2);
    // All eight carry the shop's new version, read after they arrived.
    expect(new Set(answers.map((a) => a?.version)).size).toBe(1);
    expect(answers[0]!.version).not.toBe(before!.version);
  });

  it('an app asks the database once per token within the TTL; with tokenCacheMs 0, on every request', async () => {
    service = await createTestService({ database });
    for (const [tokenCacheMs, expected] of [
      [undefined, 1],
      [0, 5],
    ] as const) {
      const { db, tokenQueries } = counting(service.db);
      const app = createApp({ db, clock: service.clock, rateLimit: false, tokenCacheMs });
      const other = { ...service, fetch: (request: Request) => app.fetch(request) };
      for (let i = 0; i < 5; i++) expect((await api(other).get('/v1/widgets')).status).toBe(200);
      expect(tokenQueries()).toBe(expected);
    }
  });

  it('a token revoked through the API is refused at once by every app, the one that verified it a moment ago included', async () => {
    service = await createTestService({ database });
    const made = await api(service).post('/v1/tokens', { kind: 'secret', label: 'Second' });
    expect(made.status).toBe(201);
    const token = made.body.token as string;
    const fresh = createApp({ db: service.db, clock: service.clock, rateLimit: false });
    const other = { ...service, fetch: (request: Request) => fresh.fetch(request) };
    // Both apps verified it a moment ago and remember it.
    expect((await api(service).get('/v1/widgets', { token })).status).toBe(200);
    expect((await api(other).get('/v1/widgets', { token })).status).toBe(200);
    expect((await api(service).delete(`/v1/tokens/${made.body.id}`)).status).toBe(204);
    expect((await api(service).get('/v1/widgets', { token })).status).toBe(401);
    expect((await api(other).get('/v1/widgets', { token })).status).toBe(401);
  });
});
