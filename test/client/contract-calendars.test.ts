// The client's calendar methods against the real service: feeds made, listed and revoked;
// imports added, listed, refreshed (refused: no allow-list for a loopback address) and removed.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { createTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
beforeEach(async () => {
  service = await createTestService();
});
afterEach(async () => {
  await service?.close();
});
const client = () =>
  createClient({
    baseUrl: service.baseUrl,
    token: 'sk_test_harbour',
    retry: false,
    fetch: (input: string, init: RequestInit) => service.fetch(new Request(input, init)),
  });

it('makes, lists and revokes calendar feeds', async () => {
  const api = client();
  const made = await api.calendarFeeds.create({ scope: 'shop' });
  expect(made.url).toMatch(/\/calendars\/cal_[\w-]+\.ics$/);
  expect(await api.calendarFeeds.list()).toEqual([
    {
      id: made.id,
      scope: 'shop',
      location_id: null,
      variant_id: null,
      resource_id: null,
      hint: made.hint,
      created_at: made.created_at,
    },
  ]);
  await api.calendarFeeds.revoke(made.id);
  expect(await api.calendarFeeds.list()).toEqual([]);
});

it('adds, refreshes and removes a calendar import of a variant', async () => {
  const api = client();
  const variantId = (
    await service.db.query<{ id: number }>('SELECT id::int AS id FROM variants WHERE external_id = 8001')
  ).rows[0]!.id;
  const made = await api.calendarImports.create(variantId, 'http://127.0.0.1:9/export.ics');
  expect(made).toMatchObject({ variant_id: variantId, last_status: 'pending' });
  const refreshed = await api.calendarImports.refresh(variantId, made.id);
  expect(refreshed).toMatchObject({
    last_status: 'error',
    last_error: expect.stringContaining('private or local address'),
  });
  expect(await api.calendarImports.list(variantId)).toEqual([refreshed]);
  await api.calendarImports.remove(variantId, made.id);
  expect(await api.calendarImports.list(variantId)).toEqual([]);
});
