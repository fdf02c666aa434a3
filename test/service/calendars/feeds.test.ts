// Calendars out (issue 31 point 5): a shop's subscribable .ics feeds at secret URLs, read back
// by node-ical as a calendar app would; ETag and 304; revoked feeds; another shop's feeds.
import ical, { type VEvent } from 'node-ical';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { book, call, get } from '../reservations/api.ts';

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

describeEachDatabase('Calendar feeds', (database) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService({ database });
  });
  afterEach(async () => {
    await service?.close();
  });
  const idOf = async (sql: string, value: string | number) =>
    (await service.db.query<{ id: number }>(sql, [value])).rows[0]!.id;
  const variantId = (external: number) => idOf('SELECT id::int AS id FROM variants WHERE external_id = $1', external);
  const locationId = (name: string) => idOf('SELECT id::int AS id FROM locations WHERE name = $1', name);
  const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
    service.fetch(new Request(url.replace(/^https?:\/\/[^/]+/, service.baseUrl), { headers }));
  const events = (text: string) =>
    Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
  const bookings = async () => {
    const timed = await book(service, {
      starts_at: '2026-12-15 09:00',
      finishes_at: '2026-12-15 17:00',
      items: [{ external_id: '8002', quantity: 2 }],
      customers: [ada],
      fields: [{ name: 'Experience', value: 'None' }],
    });
    const days = await book(service, {
      starts_at: '2026-12-20 00:00',
      finishes_at: '2026-12-22 00:00',
      items: [{ external_id: '8001', quantity: 1 }],
    });
    const tour = await book(service, {
      starts_at: '2026-12-16 18:00',
      finishes_at: '2026-12-16 20:00',
      items: [{ external_id: '8003', quantity: 3 }],
    });
    const cancelled = await book(service, {
      starts_at: '2026-12-18 09:00',
      finishes_at: '2026-12-18 12:00',
      items: [{ external_id: '8002', quantity: 1 }],
    });
    for (const r of [timed, days, tour, cancelled]) expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await call(service, 'POST', `/v1/bookings/${cancelled.body.id}/cancel`)).status).toBe(200);
    return { timed: timed.body, days: days.body, tour: tour.body, cancelled: cancelled.body };
  };

  it("serves the shop's bookings as a calendar in its zone: timed events with TZID, whole days as dates, cancelled ones left out", async () => {
    const made = await bookings();
    const created = await call(service, 'POST', '/v1/calendar-feeds', { scope: 'shop' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ scope: 'shop', location_id: null, variant_id: null });
    expect(created.body.url).toMatch(/^http:\/\/booking\.test\/calendars\/cal_[\w-]+\.ics$/);
    const response = await fetchFeed(created.body.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Australia/Melbourne');
    expect(text).toContain('DTSTART;TZID=Australia/Melbourne:20261215T090000');
    expect(text).toContain('DTSTART;VALUE=DATE:20261220');
    expect(text).toContain('DTEND;VALUE=DATE:20261222');
    const parsed = events(text);
    expect(parsed.map((e) => e.uid).sort()).toEqual(
      [
        `booking-1-${made.timed.id}-${await variantId(8002)}@booking.test`,
        `booking-1-${made.days.id}-${await variantId(8001)}@booking.test`,
        `booking-1-${made.tour.id}-${await variantId(8003)}@booking.test`,
      ].sort(),
    );
    const timed = parsed.find((e) => e.uid.includes(`-${made.timed.id}-`))!;
    expect(timed.summary).toBe('Kayak hire – Double kayak × 2, Ada Lovelace');
    expect(timed.description).toContain('Experience: None');
    expect(timed.location).toBe('Docklands');
    expect(timed.start.toISOString()).toBe('2026-12-14T22:00:00.000Z');
    expect(timed.end!.toISOString()).toBe('2026-12-15T06:00:00.000Z');
    const days = parsed.find((e) => e.uid.includes(`-${made.days.id}-`))!;
    expect(days.datetype).toBe('date');
    expect(text).not.toContain(`-${made.cancelled.id}-`);
  });

  it('narrows a feed to one location or one variant', async () => {
    const made = await bookings();
    const byLocation = await call(service, 'POST', '/v1/calendar-feeds', {
      scope: 'location',
      location_id: await locationId('St Kilda'),
    });
    const byVariant = await call(service, 'POST', '/v1/calendar-feeds', {
      scope: 'variant',
      variant_id: await variantId(8001),
    });
    const uidsOf = async (url: string) => events(await (await fetchFeed(url)).text()).map((e) => e.uid);
    expect(await uidsOf(byLocation.body.url)).toEqual([
      `booking-1-${made.tour.id}-${await variantId(8003)}@booking.test`,
    ]);
    expect(await uidsOf(byVariant.body.url)).toEqual([
      `booking-1-${made.days.id}-${await variantId(8001)}@booking.test`,
    ]);
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once the bookings change', async () => {
    await bookings();
    const { url } = (await call(service, 'POST', '/v1/calendar-feeds', { scope: 'shop' })).body;
    const first = await fetchFeed(url);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await fetchFeed(url, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await book(service, {
      starts_at: '2026-12-19 09:00',
      finishes_at: '2026-12-19 10:00',
      items: [{ external_id: '8002', quantity: 1 }],
    });
    const changed = await fetchFeed(url, { 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
  });

  it('lists feeds without their URL, and a revoked feed answers 404 from then on', async () => {
    const created = (await call(service, 'POST', '/v1/calendar-feeds', { scope: 'shop' })).body;
    const listed = await get(service, '/v1/calendar-feeds');
    expect(listed.body).toEqual([
      {
        id: created.id,
        scope: 'shop',
        location_id: null,
        variant_id: null,
        resource_id: null,
        hint: created.url.split('/').pop()!.slice(0, 8),
        created_at: created.created_at,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.url.split('/').pop()!.slice(0, 20));
    expect((await call(service, 'DELETE', `/v1/calendar-feeds/${created.id}`)).status).toBe(204);
    expect((await fetchFeed(created.url)).status).toBe(404);
    expect((await get(service, '/v1/calendar-feeds')).body).toEqual([]);
    expect((await call(service, 'DELETE', `/v1/calendar-feeds/${created.id}`)).status).toBe(404);
    expect((await fetchFeed('http://booking.test/calendars/cal_notafeedatallnotafeed.ics')).status).toBe(404);
  });

  it("names the field of a bad body, and never lets another shop see, use or revoke a shop's feeds", async () => {
    const bad = await call(service, 'POST', '/v1/calendar-feeds', { scope: 'variant' });
    expect(bad.status).toBe(422);
    expect(bad.body.details.fields).toHaveProperty('variant_id');
    const otherShops = await call(service, 'POST', '/v1/calendar-feeds', {
      scope: 'variant',
      variant_id: await variantId(9101),
    });
    expect(otherShops.status).toBe(422);
    expect(otherShops.body.details.fields.variant_id).toEqual(['names no variant of the shop']);
    const mine = (await call(service, 'POST', '/v1/calendar-feeds', { scope: 'shop' })).body;
    const alpine = { token: 'sk_test_alpine' };
    expect((await get(service, '/v1/calendar-feeds', alpine)).body).toEqual([]);
    expect((await call(service, 'DELETE', `/v1/calendar-feeds/${mine.id}`, undefined, alpine)).status).toBe(404);
    expect((await fetchFeed(mine.url)).status).toBe(200);
    expect(
      (await call(service, 'POST', '/v1/calendar-feeds', { scope: 'shop' }, { token: 'pk_test_harbour' })).status,
    ).toBe(403);
  });
});
