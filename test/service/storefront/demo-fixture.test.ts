import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/service/app.ts';
import { migrate } from '../../../src/service/db/migrate.ts';
import { openPglite } from '../../../src/service/db/pglite.ts';
import type { Database } from '../../../src/service/db/types.ts';
import { loadDemo } from '../../../src/service/demo/load.ts';
import type { Fixture } from '../../../src/service/fixture.ts';
import { KAYAK, ORIGIN, TOUR, demoFixture, storefront } from './helpers.ts';

const fixture = demoFixture as Fixture;
const PK = 'pk_demo_harbour_kayaks';
const open: Database[] = [];
let migrated: Promise<Blob | File> | undefined;

/** A fresh, migrated, empty database: migrated once, then restored from a dump (fast). */
async function database(): Promise<Database> {
  migrated ??= (async () => {
    const db = await openPglite('memory');
    await migrate(db);
    const dump = await db.dump();
    await db.close();
    return dump;
  })();
  const db = await openPglite('memory', await migrated);
  open.push(db);
  return db;
}

// Migrating is the slow part: do it once, in a hook (hooks have the longer time limit).
beforeAll(async () => {
  await (await database()).close();
  open.length = 0;
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

/** GET through the storefront, as the demo page's widget does (publishable token, page origin). */
async function widgetGet(db: Database, path: string, origin = ORIGIN) {
  const app = storefront({ api: createApp({ db }) });
  return app.fetch(new Request(`${origin}${path}`, { headers: { authorization: `Bearer ${PK}`, origin } }));
}

describe('demo fixture on npm start', () => {
  it('loads on the first start, and the demo page’s widgets find their range and date widgets', async () => {
    const db = await database();
    expect(await loadDemo(db, fixture, [ORIGIN])).toBe(true);
    for (const [product, type] of [[KAYAK.product, 'range'], [TOUR.product, 'date']] as const) {
      const res = await widgetGet(db, `/v1/widgets?external_product_id=${product}`);
      expect(res.status).toBe(200);
      const widgets = (await res.json()) as { type: string; tz: string; settings: { hold_minutes: number } }[];
      expect(widgets).toHaveLength(1);
      expect(widgets[0]).toMatchObject({ type, tz: 'Australia/Melbourne' });
      expect(widgets[0]!.settings.hold_minutes).toBeGreaterThan(0);
    }
  });

  it('has blackouts from now (22 Nov 2026) through 2027 for the demo to show', async () => {
    const db = await database();
    await loadDemo(db, fixture, [ORIGIN]);
    const res = await widgetGet(db, `/v1/blackouts?external_variant_id=${KAYAK.double}`);
    expect(res.status).toBe(200);
    const starts = ((await res.json()) as { starts_at: string }[]).map((b) => b.starts_at);
    expect(starts.some((s) => s.startsWith('2026-12'))).toBe(true);
    expect(starts.some((s) => s.startsWith('2027'))).toBe(true);
  });

  it('lets the demo pages in from the port the server really runs on, on every start, and only that one', async () => {
    const db = await database();
    await loadDemo(db, fixture, ['http://localhost:9000']);
    expect((await widgetGet(db, `/v1/widgets?external_product_id=${KAYAK.product}`, 'http://localhost:9000')).status).toBe(200);

    // A restart on another port: the new origin is let in, the old one no longer.
    expect(await loadDemo(db, fixture, ['http://localhost:9100'])).toBe(false);
    expect((await widgetGet(db, `/v1/widgets?external_product_id=${KAYAK.product}`, 'http://localhost:9100')).status).toBe(200);
    expect((await widgetGet(db, `/v1/widgets?external_product_id=${KAYAK.product}`, 'http://localhost:9000')).status).toBe(403);
    // The fixture's own origins stay allowed.
    expect((await widgetGet(db, `/v1/widgets?external_product_id=${KAYAK.product}`, 'http://127.0.0.1:8787')).status).toBe(200);
  });

  it('keeps a blackout deleted through the API deleted after a restart', async () => {
    const db = await database();
    await loadDemo(db, fixture, [ORIGIN]);
    const api = createApp({ db });
    const auth = { authorization: 'Bearer sk_demo_harbour_kayaks' };
    const list = async () =>
      (await (await api.fetch(new Request('http://x/v1/blackouts', { headers: auth }))).json()) as { id: number; title: string }[];
    const before = await list();
    const christmas = before.find((b) => b.title === 'Christmas Day')!;
    expect((await api.fetch(new Request(`http://x/v1/blackouts/${christmas.id}`, { method: 'DELETE', headers: auth }))).status).toBe(204);

    await loadDemo(db, fixture, [ORIGIN]);
    const after = await list();
    expect(after).toHaveLength(before.length - 1);
    expect(after.some((b) => b.title === 'Christmas Day')).toBe(false);
  });
});
