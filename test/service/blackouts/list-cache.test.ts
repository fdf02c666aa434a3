// The blackout lists a process keeps: served while the shop's data version (bumped by triggers on
// every write to blackouts, products, variants and locations, by anyone) has not moved; any write
// is seen at the next request.
import { afterEach, expect, it } from 'vitest';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import type { Database } from '../../../src/service/db/types.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api } from '../api.ts';

/** The database with the blackout list statement counted. */
function counting(db: Database): { db: Database; lists: () => number; versions: () => number } {
  let n = 0;
  let v = 0;
  return {
    db: {
      kind: db.kind,
      query: (sql, params, options) => {
        if (/WITH matched AS \(SELECT b\.\* FROM blackouts/.test(sql)) n++;
        if (/FROM shop_data_versions/.test(sql)) v++;
        return db.query(sql, params, options);
      },
      exec: (sql) => db.exec(sql),
      transaction: (callback, options) => db.transaction(callback, options),
      close: () => db.close(),
    },
    lists: () => n,
    versions: () => v,
  };
}

describeEachDatabase('cached blackout lists', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  it('builds a list once while nothing changes, and again after any write to what it shows', async () => {
    service = await createTestService({ database });
    const { db, lists } = counting(service.db);
    const app = createApp({ db, clock: service.clock, rateLimit: false });
    const s = { ...service, fetch: (request: Request) => app.fetch(request) };
    const read = async () =>
      (await api(s).get('/v1/blackouts?per=250')).body as Array<{
        id: number;
        title: string;
        vendor: string | null;
        external_product_id: number | null;
      }>;
    const first = await read();
    for (let i = 0; i < 5; i++) expect(await read()).toEqual(first);
    expect(lists()).toBe(1);

    // A write through this app.
    const created = await api(s).post('/v1/blackouts', {
      title: 'Storm',
      starts_at: '2026-12-24',
      finishes_at: '2026-12-25',
    });
    expect((await read()).map((b) => b.title)).toContain('Storm');
    // A write through another app (another process) on the same database.
    const other = createApp({ db: service.db, clock: service.clock, rateLimit: false });
    await api({ ...service, fetch: (request: Request) => other.fetch(request) }).put(
      `/v1/blackouts/${created.body.id}`,
      { title: 'Gale' },
    );
    expect((await read()).map((b) => b.title)).toContain('Gale');
    // A write by anything else, to a table the list only joins: a product's vendor.
    const targeted = (await read()).find((b) => b.external_product_id !== null || b.vendor !== null);
    expect(targeted).toBeDefined();
    await service.db.query(
      `UPDATE products SET vendor = 'Renamed' WHERE shop_id = (SELECT shop_id FROM blackouts WHERE id = $1)`,
      [targeted!.id],
    );
    expect((await read()).find((b) => b.id === targeted!.id)!.vendor).toBe('Renamed');
    await service.db.query('DELETE FROM blackouts WHERE id = $1', [created.body.id]);
    expect((await read()).map((b) => b.id)).not.toContain(created.body.id);
    expect(lists()).toBe(5);
  });

  it('concurrent reads share the version reads, each taken after they arrived', async () => {
    service = await createTestService({ database });
    const { db, versions } = counting(service.db);
    const app = createApp({ db, clock: service.clock, rateLimit: false });
    const s = { ...service, fetch: (request: Request) => app.fetch(request) };
    const answers = await Promise.all(Array.from({ length: 16 }, () => api(s).get('/v1/blackouts?per=250')));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    // The first request's token query reads the version with the token; the fifteen that came
    // while it ran check their cached token against one read and share the next (the first was
    // already running). The list uses the version authentication read: never one per request.
    expect(versions()).toBe(2);
    const created = await api(s).post('/v1/blackouts', {
      title: 'Squall',
      starts_at: '2026-12-24',
      finishes_at: '2026-12-25',
    });
    const after = await Promise.all(Array.from({ length: 8 }, () => api(s).get('/v1/blackouts?per=250')));
    for (const a of after) expect(a.body.map((b: { id: number }) => b.id)).toContain(created.body.id);
  });

  it('keeps each filter and page apart', async () => {
    service = await createTestService({ database });
    const all = (await api(service).get('/v1/blackouts?per=250')).body as unknown[];
    const one = (await api(service).get('/v1/blackouts?per=1')).body as unknown[];
    const second = (await api(service).get('/v1/blackouts?per=1&page=2')).body as unknown[];
    expect(one).toEqual(all.slice(0, 1));
    expect(second).toEqual(all.slice(1, 2));
    expect((await api(service).get('/v1/blackouts?per=250&start_min=2099-01-01')).body).toEqual([]);
  });
});
