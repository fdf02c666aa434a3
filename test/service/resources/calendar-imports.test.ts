// A resource's own calendar imported (issue 39, RESOURCES.md §1: "Anna's own calendar"): the
// import names the resource, and its events become the resource's blackouts, not the variant's;
// another shop's resource is refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type ImportSettings, runDueImports } from '../../../src/service/calendar-imports/runner.ts';
import { fetchPolicy } from '../../../src/service/calendar-imports/safe-fetch.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api, catalogIds, TOKENS } from '../api.ts';
import { makeResource } from './helpers.ts';

const CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Anna//EN',
  'BEGIN:VEVENT',
  'UID:dentist@anna',
  'DTSTAMP:20261101T000000Z',
  'DTSTART:20261210T000000Z',
  'DTEND:20261210T020000Z',
  'SUMMARY:Dentist',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const SETTINGS: ImportSettings = {
  policy: fetchPolicy('127.0.0.1', { maxBytes: 200_000, timeoutMs: 1000 }),
  everyMs: 0,
  leaseMs: 30_000,
  pollMs: 50,
};

describeEachDatabase('A resource’s calendar import', (database) => {
  let service: TestService;
  let server: Server;
  let url: string;
  beforeEach(async () => {
    service = await createTestService({ database });
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      response.end(CALENDAR);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/anna.ics`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await service.close();
  });

  it("turns the events into the resource's blackouts, not the variant's", async () => {
    const a = api(service);
    const { adult } = await catalogIds(service);
    const anna = await makeResource(service, { name: 'Anna', kind: 'staff', units: 1 });
    const made = await a.post(`/v1/variants/${adult}/calendar-imports`, { url, resource_id: anna });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ variant_id: adult, resource_id: anna, url, last_status: 'pending' });
    expect((await a.get(`/v1/variants/${adult}/calendar-imports`)).body[0].resource_id).toBe(anna);
    expect(await runDueImports(service.db, SETTINGS, 'worker-a', 1)).toBe(1);
    const leave = (await a.get(`/v1/blackouts?resource_id=${anna}`)).body;
    expect(leave).toEqual([
      expect.objectContaining({
        title: 'Imported: Dentist',
        starts_at: '2026-12-10T00:00:00.000Z',
        resource_id: anna,
        variant_id: null,
        product_id: null,
      }),
    ]);
    // The variant's own list, as the widget asks for it, does not show it.
    const widget = await a.get('/v1/blackouts?external_variant_id=8003', { token: TOKENS.publishable });
    expect(widget.body.map((b: { id: number }) => b.id)).not.toContain(leave[0].id);
    // Without a resource, an import's events are still the variant's.
    const plain = await a.post(`/v1/variants/${adult}/calendar-imports`, { url: `${url}?plain` });
    expect(plain.body.resource_id).toBeNull();
  });

  it('refuses a resource of another shop or none (422), and adds nothing', async () => {
    const a = api(service);
    const { adult } = await catalogIds(service);
    const theirs = await makeResource(service, { name: 'Hans', units: 1 }, TOKENS.otherSecret);
    for (const resource_id of [theirs, 999_999]) {
      const refused = await a.post(`/v1/variants/${adult}/calendar-imports`, { url, resource_id });
      expect(refused.status).toBe(422);
      expect(refused.body.details.fields).toEqual({ resource_id: ['names no resource of this shop'] });
    }
    expect((await a.post(`/v1/variants/${adult}/calendar-imports`, { url, resource_id: 'x' })).status).toBe(422);
    expect((await a.get(`/v1/variants/${adult}/calendar-imports`)).body).toEqual([]);
  });
});
