// Minimal reproductions of the 500s the hostile-input properties found (API.md §4: "No input,
// however malformed, gets a 500 or changes stored data"). Each test is an ordinary failing
// test until the service is fixed: the proposed fixes are in the hardening report.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { deepJson } from './arbitraries.ts';
import { bearer, dumpTables, expectClientError, send } from './helpers.ts';

describeEachDatabase('inputs that once got a 500', (database) => {
  let service: TestService;
  const unexpected: unknown[] = [];
  beforeAll(async () => {
    // Collected here rather than failing close(): each test below names its own 500.
    service = await createTestService({ database, logError: (e) => unexpected.push(e) });
  });
  afterAll(async () => {
    await service?.close();
  });

  const secret = bearer('sk_test_harbour');

  // BUG (src/shared/zones.ts localTimeToInstant): Date.UTC maps years 0-99 to 1900-1999, so no
  // local midnight is found for 0001-0099 days and startOfDayInZone throws a RangeError.
  it('answers a day in the years 0001-0099 like any other day or with a 422, never a 500 (blackout filter, availability, hold, blackout)', async () => {
    const before = await dumpTables(service.db);
    const list = await send(service, { path: '/v1/blackouts?start_min=0001-01-01', headers: secret });
    expect([200, 422]).toContain(list.status);
    if (list.status === 200) expect(await list.json()).toHaveLength(4);
    const availability = await send(service, {
      path: '/v1/availability?external_variant_id=8001&start=0050-01-01&finish=0050-01-03',
      headers: secret,
    });
    expect([200, 422]).toContain(availability.status);
    if (availability.status === 200)
      expect(((await availability.json()) as { status: string }[]).map((d) => d.status)).toEqual([
        'outside_window',
        'outside_window',
      ]);
    const hold = await send(service, {
      method: 'POST',
      path: '/v1/reservations',
      headers: secret,
      body: { cart_token: 'y1', items: [{ external_id: 8001, start: '0050-06-15', quantity: 1 }] },
    });
    expect(['unavailable', 'validation_failed']).toContain(await expectClientError(hold, 'hold in year 50'));
    const post = await send(service, {
      method: 'POST',
      path: '/v1/blackouts',
      headers: secret,
      body: { starts_at: '0001-01-01', finishes_at: '0001-01-02' },
    });
    expect([201, 422]).toContain(post.status);
    if (post.status === 422) expect(await dumpTables(service.db)).toEqual(before);
  });

  // Was a 500: the day after 9999-12-31 is written "+010000-01", which is no day; it reached
  // startOfDayInZone (RangeError) or SQL (22009). Days after 9998-12-31 are now a 422.
  it('answers a hold or a booking on 9999-12-31 with a 4xx, not a 500', async () => {
    const before = await dumpTables(service.db);
    const hold = await send(service, {
      method: 'POST',
      path: '/v1/reservations',
      headers: secret,
      body: { cart_token: 'y9999', items: [{ external_id: 8001, start: '9999-12-31', quantity: 1 }] },
    });
    expect(['unavailable', 'validation_failed']).toContain(await expectClientError(hold, 'hold on 9999-12-31'));
    const booking = await send(service, {
      method: 'POST',
      path: '/v1/bookings',
      headers: secret,
      body: {
        starts_at: '9999-12-31 10:00',
        finishes_at: '9999-12-31 11:00',
        items: [{ external_id: 8003, quantity: 1 }],
      },
    });
    expect([201, 422]).toContain(booking.status);
    if (booking.status === 422) expect(await dumpTables(service.db)).toEqual(before);
  });

  // BUG (src/service/bookings/input.ts readField): fields[].value is checked for length
  // and well-formedness but not for NUL; PostgreSQL's jsonb refuses \u0000 (22P05) → 500.
  it('refuses a booking field value containing NUL with a 422 naming fields[0].value, not a 500', async () => {
    const before = await dumpTables(service.db);
    const response = await send(service, {
      method: 'POST',
      path: '/v1/bookings',
      headers: secret,
      body: {
        starts_at: '2027-03-10 10:00',
        finishes_at: '2027-03-10 11:00',
        items: [{ external_id: 8003, quantity: 1 }],
        fields: [{ name: 'note', value: 'a\u0000b' }],
      },
    });
    expect(await expectClientError(response, 'NUL in fields[0].value')).toBe('validation_failed');
    expect(await dumpTables(service.db)).toEqual(before);
  });

  // BUG (src/service/bookings/input.ts stableJson): the Idempotency-Key fingerprint
  // recurses through the whole body, so an unknown field nested 20 000 deep (well under 64 KiB)
  // overflows the stack → RangeError → 500.
  it('answers a valid booking with a deeply nested extra field and an Idempotency-Key with 201 or a 4xx, not a 500', async () => {
    const valid = JSON.stringify({
      starts_at: '2027-03-11 10:00',
      finishes_at: '2027-03-11 11:00',
      items: [{ external_id: 8003, quantity: 1 }],
    });
    const body = `${valid.slice(0, -1)},"extra":${deepJson(20_000, 'array')}}`;
    const response = await send(service, {
      method: 'POST',
      path: '/v1/bookings',
      headers: { ...secret, 'idempotency-key': 'deep-1' },
      body,
    });
    expect(response.status).toBeLessThan(500);
    await response.arrayBuffer();
  });
});
