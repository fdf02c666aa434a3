// API.md §7: unauthenticated requests do no database work per request. Unknown tokens are
// remembered briefly, preflights are answered from origins kept in memory, and each address
// has a bucket before authentication. The database is wrapped to count every statement.
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import { cachedOrigins } from '../../../src/service/tokens/origins.ts';
import { cachedTokens, UNKNOWN_TOKEN_CACHE_MS } from '../../../src/service/tokens/tokens.ts';
import type { Database } from '../../../src/service/db/types.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';

let service: TestService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

/** The database with its statements counted. */
function counting(db: Database): { db: Database; queries: () => number } {
  let n = 0;
  const counted: Database = {
    kind: db.kind,
    query: (sql, params, options) => {
      n++;
      return db.query(sql, params, options);
    },
    exec: (sql) => {
      n++;
      return db.exec(sql);
    },
    transaction: (callback, options) => {
      n++;
      return db.transaction(callback, options);
    },
    close: () => db.close(),
  };
  return { db: counted, queries: () => n };
}

const randomToken = (i: number) => `pk_${i.toString(36)}_${Math.random().toString(36).slice(2)}`;

describe('unauthenticated floods', () => {
  async function app(limits: false | { now: () => number }) {
    service = await createTestService();
    const { db, queries } = counting(service.db);
    const created = createApp({ db, clock: service.clock, rateLimit: limits });
    return {
      fetch: (request: Request, address: string) => created.fetch(request, { clientAddress: address }),
      queries,
    };
  }

  it('random invalid tokens from one address cost one query each up to its burst, then 429 with none', async () => {
    const { fetch, queries } = await app({ now: () => 0 });
    const statuses: number[] = [];
    for (let i = 0; i < 1_000; i++) {
      statuses.push(
        (await fetch(new Request(`http://booking.test/v1/widgets?token=${randomToken(i)}`), '198.51.100.1')).status,
      );
    }
    // The default per-address bucket: a burst of 200.
    expect(statuses.filter((s) => s === 401)).toHaveLength(200);
    expect(statuses.filter((s) => s === 429)).toHaveLength(800);
    expect(queries()).toBeLessThanOrEqual(200);
  });

  it('one unknown token repeated from a thousand addresses costs one query (per 2 s it is remembered)', async () => {
    const { fetch, queries } = await app(false);
    const started = performance.now();
    for (let i = 0; i < 1_000; i++) {
      const r = await fetch(
        new Request('http://booking.test/v1/widgets', { headers: { authorization: 'Bearer pk_revoked_long_ago' } }),
        `10.0.${i >> 8}.${i & 255}`,
      );
      expect(r.status).toBe(401);
    }
    // An unknown token is remembered for UNKNOWN_TOKEN_CACHE_MS of real time: on a busy machine
    // the thousand requests may outlast it, and it is asked again once per period, never per request.
    const periods = Math.floor((performance.now() - started) / UNKNOWN_TOKEN_CACHE_MS);
    expect(queries()).toBeGreaterThanOrEqual(1);
    expect(queries()).toBeLessThanOrEqual(1 + periods);
  });

  it('preflights from any origin cost one query per cache period, and 429 past the per-address limit', async () => {
    const { fetch, queries } = await app({ now: () => 0 });
    const preflight = (origin: string, address: string) =>
      fetch(
        new Request('http://booking.test/v1/reservations', {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        }),
        address,
      ).then((r) => r.status);
    expect(await preflight('https://harbour.example', '10.1.0.1')).toBe(204);
    const statuses: number[] = [];
    for (let i = 0; i < 1_000; i++)
      statuses.push(await preflight(`https://x${i}.example`, `10.2.${i >> 8}.${i & 255}`));
    expect(new Set(statuses)).toEqual(new Set([403]));
    expect(queries()).toBe(1);
    const one: number[] = [];
    for (let i = 0; i < 300; i++) one.push(await preflight('https://harbour.example', '10.3.0.1'));
    expect(one.filter((s) => s === 204)).toHaveLength(200);
    expect(one.filter((s) => s === 429)).toHaveLength(100);
    expect(queries()).toBe(1);
  });
});

describe('what the memories keep, and for how long', () => {
  it('an unknown token is refused without a query for negativeMs, then asked again; good tokens are not pushed out', async () => {
    service = await createTestService();
    const { db, queries } = counting(service.db);
    let t = 0;
    const verify = cachedTokens(10_000, { negativeMs: 2_000, maxEntries: 2, now: () => t });
    expect((await verify(db, 'sk_test_harbour'))?.auth).toMatchObject({ kind: 'secret' });
    for (let i = 0; i < 5; i++) expect(await verify(db, `pk_unknown_${i}`)).toBeUndefined();
    expect(queries()).toBe(6);
    // The newest two unknown tokens are remembered (at most maxEntries); the good one still is.
    expect(await verify(db, 'pk_unknown_4')).toBeUndefined();
    expect((await verify(db, 'sk_test_harbour'))?.auth).toMatchObject({ kind: 'secret' });
    // The good token is served from memory after one read of its shop's version (a zone change
    // is seen at once); the unknown one cost nothing.
    expect(queries()).toBe(7);
    t = 2_000;
    expect(await verify(db, 'pk_unknown_4')).toBeUndefined();
    expect(queries()).toBe(8);
  });

  it('the preflight origins are read again after their TTL: a new origin is answered within it', async () => {
    service = await createTestService();
    const { db, queries } = counting(service.db);
    let t = 0;
    const known = cachedOrigins(10_000, () => t);
    expect(await known(db, 'https://new.example')).toBe(false);
    await service.db.query(`UPDATE tokens SET origins = origins || '{https://new.example}' WHERE kind = 'publishable'`);
    t = 9_999;
    expect(await known(db, 'https://new.example')).toBe(false);
    t = 10_000;
    expect(await known(db, 'https://new.example')).toBe(true);
    expect(await known(db, 'https://harbour.example')).toBe(true);
    expect(queries()).toBe(2);
  });
});
