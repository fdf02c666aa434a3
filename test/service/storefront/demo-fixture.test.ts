import { afterEach, describe, expect, it } from 'vitest';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import type { Database } from '../../../src/service/db/types.ts';
import { seedFixture } from '../../../src/service/shops/fixture.ts';
import type { Fixture } from '../../../src/service/fixture.ts';
import { openTestPglite } from '../../helpers/pglite-snapshots.ts';
import { GUIDED, KAYAK, ORIGIN, TOUR, demoFixture, storefront } from './helpers.ts';

const fixture = demoFixture as Fixture;
const PK = 'pk_demo_harbour_kayaks';
const open: Database[] = [];

/** A fresh, migrated, empty database (the run's snapshot, pglite-setup.ts). */
async function database(): Promise<Database> {
  const db = await openTestPglite('migrated');
  open.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

/** GET through the storefront, as the demo page's widget does (publishable token, page origin). */
async function widgetGet(db: Database, path: string, origin = ORIGIN) {
  const app = storefront({ api: createApp({ db }) });
  return app.fetch(new Request(`${origin}${path}`, { headers: { authorization: `Bearer ${PK}`, origin } }));
}

describe('demo fixture on npm start', () => {
  it('loads on the first start, and the demo pages’ widgets find their range, date and slot widgets', async () => {
    const db = await database();
    expect(await seedFixture(db, fixture)).toEqual(['Harbour Kayaks']);
    for (const [product, type] of [
      [KAYAK.product, 'range'],
      [TOUR.product, 'date'],
      [GUIDED.product, 'slot'],
    ] as const) {
      const res = await widgetGet(db, `/v1/widgets?external_product_id=${product}`);
      expect(res.status).toBe(200);
      const widgets = (await res.json()) as { type: string; tz: string; settings: { hold_minutes: number } }[];
      expect(widgets).toHaveLength(1);
      expect(widgets[0]).toMatchObject({ type, tz: 'Australia/Melbourne' });
      expect(widgets[0]!.settings.hold_minutes).toBeGreaterThan(0);
    }
  });

  it('gives the tour page’s slot widget, priced per person, the guided tour’s departures: 09:00 and 13:00, 8 seats each', async () => {
    const db = await database();
    await seedFixture(db, fixture);
    const [widget] = (await (await widgetGet(db, `/v1/widgets?external_product_id=${GUIDED.product}`)).json()) as {
      settings: { pricing: string; quantity_max: number };
    }[];
    expect(widget!.settings).toMatchObject({ pricing: 'booking', quantity_max: 8 });
    // A week from the database's today in the shop's zone: inside the horizon, past any notice.
    const { rows } = await db.query<{ day: string; next: string }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day, to_char(d + 1, 'YYYY-MM-DD') AS next
         FROM (SELECT (now() AT TIME ZONE 'Australia/Melbourne')::date + 7 AS d) AS t`,
    );
    const { day, next } = rows[0]!;
    const res = await widgetGet(db, `/v1/slots?external_variant_id=${GUIDED.seat}&start=${day}&finish=${next}`);
    expect(res.status).toBe(200);
    const slots = ((await res.json()) as Record<string, { local_start: string; quantity_available: number }[]>)[day];
    const christmas = day.endsWith('-12-25');
    expect(slots?.map((s) => [s.local_start, s.quantity_available])).toEqual([
      ['09:00', christmas ? 0 : 8],
      ['13:00', christmas ? 0 : 8],
    ]);
  });

  it('has blackouts from now (22 Nov 2026) through 2027 for the demo to show', async () => {
    const db = await database();
    await seedFixture(db, fixture);
    const res = await widgetGet(db, `/v1/blackouts?external_variant_id=${KAYAK.double}`);
    expect(res.status).toBe(200);
    const starts = ((await res.json()) as { starts_at: string }[]).map((b) => b.starts_at);
    expect(starts.some((s) => s.startsWith('2026-12'))).toBe(true);
    expect(starts.some((s) => s.startsWith('2027'))).toBe(true);
  });

  it('lets the demo pages in from whatever port the server runs on (same-origin), and refuses other sites', async () => {
    const db = await database();
    await seedFixture(db, fixture);
    for (const origin of ['http://localhost:9000', 'http://127.0.0.1:9100']) {
      expect((await widgetGet(db, `/v1/widgets?external_product_id=${KAYAK.product}`, origin)).status).toBe(200);
    }
    // A page elsewhere sends its own Origin to this server's address: refused.
    const app = storefront({ api: createApp({ db }) });
    const foreign = await app.fetch(
      new Request(`${ORIGIN}/v1/widgets?external_product_id=${KAYAK.product}`, {
        headers: { authorization: `Bearer ${PK}`, origin: 'https://evil.example' },
      }),
    );
    expect(foreign.status).toBe(403);
  });

  it('seeds a new database only: a token revoked through the API stays revoked after a restart', async () => {
    const db = await database();
    await seedFixture(db, fixture);
    await db.query(`DELETE FROM tokens WHERE kind = 'publishable'`);
    expect(await seedFixture(db, fixture)).toEqual([]);
    expect((await db.query(`SELECT count(*)::int AS n FROM tokens WHERE kind = 'publishable'`)).rows[0]).toEqual({
      n: 0,
    });
  });

  it('keeps a blackout deleted through the API deleted after a restart', async () => {
    const db = await database();
    await seedFixture(db, fixture);
    const api = createApp({ db });
    const auth = { authorization: 'Bearer sk_demo_harbour_kayaks' };
    const list = async () =>
      (await (await api.fetch(new Request('http://x/v1/blackouts', { headers: auth }))).json()) as {
        id: number;
        title: string;
      }[];
    const before = await list();
    const christmas = before.find((b) => b.title === 'Christmas Day')!;
    expect(
      (await api.fetch(new Request(`http://x/v1/blackouts/${christmas.id}`, { method: 'DELETE', headers: auth })))
        .status,
    ).toBe(204);

    await seedFixture(db, fixture);
    const after = await list();
    expect(after).toHaveLength(before.length - 1);
    expect(after.some((b) => b.title === 'Christmas Day')).toBe(false);
  });
});
