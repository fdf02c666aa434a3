// Calendars in (issue 31 point 6): another site's .ics export, served by a real local HTTP
// server, fetched by the service and turned into the variant's blackouts, kept in sync; bad
// feeds (malformed, huge, slow, on a loopback address not allowed) change nothing but the
// import's recorded error.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { type ImportSettings, runDueImports } from '../../../src/service/calendar-imports/runner.ts';
import { startCalendarImports } from '../../../src/service/calendar-imports/poller.ts';
import { fetchPolicy } from '../../../src/service/calendar-imports/safe-fetch.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { call, get } from '../reservations/api.ts';

const event = (uid: string, start: string, end: string, summary = 'Booked elsewhere') =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20261101T000000Z\r\nDTSTART${start}\r\nDTEND${end}\r\nSUMMARY:${summary}\r\nEND:VEVENT\r\n`;
const calendar = (...events: string[]) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Elsewhere//EN\r\n${events.join('')}END:VCALENDAR\r\n`;

/** What the local site answers. */
interface Site {
  mode: 'ok' | 'huge' | 'slow';
  body: string;
  url: string;
  requests: number;
  close(): Promise<void>;
}

async function startSite(): Promise<Site> {
  const site = { mode: 'ok', body: calendar(), requests: 0 } as Site;
  const server: Server = createServer((_request, response) => {
    site.requests++;
    if (site.mode === 'slow') {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      response.write('BEGIN:VCALENDAR\r\n');
      return; // never ends
    }
    if (site.mode === 'huge') {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      const line = `X-FILLER:${'x'.repeat(1000)}\r\n`;
      const pump = () => {
        while (!response.destroyed && response.write(line)) {}
        if (!response.destroyed) response.once('drain', pump);
      };
      response.write('BEGIN:VCALENDAR\r\n');
      pump();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(site.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/export.ics`;
  site.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}

describeEachDatabase('Calendar imports', (database) => {
  let service: TestService;
  let site: Site;
  let variantId: number;
  const settings: ImportSettings = {
    policy: fetchPolicy('127.0.0.1', { maxBytes: 200_000, timeoutMs: 1000 }),
    everyMs: 0,
    leaseMs: 30_000,
    pollMs: 50,
  };
  beforeEach(async () => {
    service = await createTestService({ database });
    site = await startSite();
    variantId = (await service.db.query<{ id: number }>('SELECT id::int AS id FROM variants WHERE external_id = 8002'))
      .rows[0]!.id;
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await site?.close();
    await service?.close();
  });
  const imported = async () =>
    (
      await service.db.query<{
        import_uid: string;
        title: string;
        starts_at: Date;
        finishes_at: Date;
        all_day: number;
        variant_id: number;
      }>(
        `SELECT import_uid, title, starts_at, finishes_at, all_day, variant_id::int AS variant_id
           FROM blackouts WHERE import_id IS NOT NULL ORDER BY import_uid`,
      )
    ).rows.map((b) => ({
      ...b,
      starts_at: new Date(b.starts_at).toISOString(),
      finishes_at: new Date(b.finishes_at).toISOString(),
    }));
  const addImport = async (url = site.url) => {
    const r = await call(service, 'POST', `/v1/variants/${variantId}/calendar-imports`, { url });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const imports = async () => (await get(service, `/v1/variants/${variantId}/calendar-imports`)).body;

  it("turns the site's events into the variant's blackouts, then moves and removes them as the site does", async () => {
    site.body = calendar(
      event('stay-1@elsewhere', ';VALUE=DATE:20261220', ';VALUE=DATE:20261223'),
      event('stay-2@elsewhere', ':20261230T090000Z', ':20261230T120000Z', 'Guest Smith'),
    );
    const made = await addImport();
    expect(made).toMatchObject({ url: site.url, last_status: 'pending', event_count: 0, last_fetched_at: null });
    expect(await runDueImports(service.db, settings, 'worker-a', 1)).toBe(1);
    expect(await imported()).toEqual([
      {
        import_uid: 'stay-1@elsewhere',
        title: 'Imported: Booked elsewhere',
        starts_at: '2026-12-19T13:00:00.000Z',
        finishes_at: '2026-12-22T13:00:00.000Z',
        all_day: 1,
        variant_id: variantId,
      },
      {
        import_uid: 'stay-2@elsewhere',
        title: 'Imported: Guest Smith',
        starts_at: '2026-12-30T09:00:00.000Z',
        finishes_at: '2026-12-30T12:00:00.000Z',
        all_day: 0,
        variant_id: variantId,
      },
    ]);
    expect((await imports())[0]).toMatchObject({ last_status: 'ok', last_error: null, event_count: 2 });
    // The site moves the first stay and drops the second.
    site.body = calendar(event('stay-1@elsewhere', ';VALUE=DATE:20261227', ';VALUE=DATE:20261229'));
    await runDueImports(service.db, settings, 'worker-a', 1);
    expect(await imported()).toEqual([
      {
        import_uid: 'stay-1@elsewhere',
        title: 'Imported: Booked elsewhere',
        starts_at: '2026-12-26T13:00:00.000Z',
        finishes_at: '2026-12-28T13:00:00.000Z',
        all_day: 1,
        variant_id: variantId,
      },
    ]);
    // The availability of the variant sees the imported blackout.
    const closed = await get(service, '/v1/blackouts?from=2026-12-26&to=2026-12-30');
    expect(JSON.stringify(closed.body)).toContain('Imported: Booked elsewhere');
    // Removing the import removes its blackouts.
    expect((await call(service, 'DELETE', `/v1/variants/${variantId}/calendar-imports/${made.id}`)).status).toBe(204);
    expect(await imported()).toEqual([]);
  });

  it('keeps the old blackouts and records the error when the feed is malformed, too large or too slow', async () => {
    site.body = calendar(event('stay-1@elsewhere', ';VALUE=DATE:20261220', ';VALUE=DATE:20261223'));
    await addImport();
    await runDueImports(service.db, settings, 'worker-a', 1);
    const before = await imported();
    expect(before).toHaveLength(1);
    site.body = '<html>Site under maintenance</html>';
    await runDueImports(service.db, settings, 'worker-a', 1);
    expect(await imported()).toEqual(before);
    expect((await imports())[0]).toMatchObject({
      last_status: 'error',
      last_error: expect.stringContaining('did not answer a calendar'),
    });
    site.mode = 'huge';
    await runDueImports(service.db, settings, 'worker-a', 1);
    expect(await imported()).toEqual(before);
    expect((await imports())[0].last_error).toBe('the calendar is larger than 200000 bytes');
    site.mode = 'slow';
    const started = Date.now();
    await runDueImports(service.db, settings, 'worker-a', 1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await imported()).toEqual(before);
    expect((await imports())[0].last_error).toBe('no answer within 1 s');
  });

  it('keeps the old blackouts and records the error when the feed is cut short: an event without its END, no END:VCALENDAR', async () => {
    const stays = [
      event('stay-1@elsewhere', ';VALUE=DATE:20261220', ';VALUE=DATE:20261223'),
      event('stay-2@elsewhere', ';VALUE=DATE:20261227', ';VALUE=DATE:20261229'),
    ];
    site.body = calendar(...stays);
    await addImport();
    await runDueImports(service.db, settings, 'worker-a', 1);
    const before = await imported();
    expect(before).toHaveLength(2);
    expect((await imports())[0]).toMatchObject({ last_status: 'ok', event_count: 2 });
    const full = calendar(...stays);
    const cuts = [
      // The download stopped inside the second event: its END:VEVENT and the calendar's end are gone.
      [full.slice(0, full.indexOf('SUMMARY', full.indexOf('stay-2'))), 'BEGIN:VEVENT has no END:VEVENT'],
      // The download stopped after the last event.
      [full.replace('END:VCALENDAR\r\n', ''), 'does not end with END:VCALENDAR'],
      // One event lost its end in the middle of a file that otherwise ends well.
      [calendar(stays[0]!.replace('END:VEVENT\r\n', ''), stays[1]!), 'BEGIN:VEVENT has no END:VEVENT'],
    ] as const;
    for (const [body, error] of cuts) {
      site.body = body;
      await runDueImports(service.db, settings, 'worker-a', 1);
      expect(await imported()).toEqual(before);
      expect((await imports())[0]).toMatchObject({
        last_status: 'error',
        last_error: expect.stringContaining(error),
        event_count: 2,
      });
    }
    // The whole feed again is read as before.
    site.body = full;
    await runDueImports(service.db, settings, 'worker-a', 1);
    expect((await imports())[0]).toMatchObject({ last_status: 'ok', last_error: null, event_count: 2 });
  });

  it('refuses a loopback address unless the operator allows it (CALENDAR_IMPORT_ALLOW)', async () => {
    site.body = calendar(event('stay-1@elsewhere', ';VALUE=DATE:20261220', ';VALUE=DATE:20261223'));
    const made = await addImport();
    await runDueImports(service.db, { ...settings, policy: fetchPolicy(undefined) }, 'worker-a', 1);
    expect(site.requests).toBe(0);
    expect((await imports())[0]).toMatchObject({
      last_status: 'error',
      last_error: expect.stringContaining('private or local address'),
    });
    const byName = await addImport(site.url.replace('127.0.0.1', 'localhost'));
    await runDueImports(service.db, { ...settings, policy: fetchPolicy('10.0.0.0/8') }, 'worker-a', 2);
    expect(site.requests).toBe(0);
    expect((await imports()).find((i: { id: number }) => i.id === byName.id).last_error).toContain(
      'private or local address',
    );
    // The merchant's refresh fetches now, under the environment's allow-list.
    vi.stubEnv('CALENDAR_IMPORT_ALLOW', '127.0.0.0/8, localhost');
    const refreshed = await call(service, 'POST', `/v1/variants/${variantId}/calendar-imports/${made.id}/refresh`);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body).toMatchObject({ last_status: 'ok', event_count: 1, last_error: null });
    expect(await imported()).toHaveLength(1);
  });

  it('is fetched by the poller every process runs, which stops with the process', async () => {
    site.body = calendar(event('stay-1@elsewhere', ';VALUE=DATE:20261220', ';VALUE=DATE:20261223'));
    await addImport();
    const poller = startCalendarImports(service.db, { ...settings, everyMs: 60_000 });
    try {
      await vi.waitFor(async () => expect((await imports())[0].last_status).toBe('ok'), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      await poller.stop();
    }
    expect(await imported()).toHaveLength(1);
    expect(site.requests).toBe(1);
  });

  it("names a bad URL, and never shows or changes another shop's imports", async () => {
    const bad = await call(service, 'POST', `/v1/variants/${variantId}/calendar-imports`, {
      url: 'ftp://example.com/x.ics',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.details.fields.url).toEqual(['must be an http or https address']);
    const made = await addImport();
    expect((await call(service, 'POST', `/v1/variants/${variantId}/calendar-imports`, { url: site.url })).status).toBe(
      409,
    );
    const alpine = { token: 'sk_test_alpine' };
    expect((await get(service, `/v1/variants/${variantId}/calendar-imports`, alpine)).status).toBe(404);
    expect(
      (await call(service, 'DELETE', `/v1/variants/${variantId}/calendar-imports/${made.id}`, undefined, alpine))
        .status,
    ).toBe(404);
    expect(
      (await call(service, 'POST', `/v1/variants/${variantId}/calendar-imports/${made.id}/refresh`, undefined, alpine))
        .status,
    ).toBe(404);
    expect(await imports()).toHaveLength(1);
  });
});
