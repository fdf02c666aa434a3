// A guide's own calendar (issue 39 point 4): a feed of scope `resource` lists the bookings whose
// items' allocations take that resource, and no others; it is valid iCalendar (the validator of
// test/helpers/ics-validity.ts); its resource must be the shop's; and deleting the resource
// ends its feeds.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { icsEvents, icsProblems, instantOf } from '../../helpers/ics-validity.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { book, call, get } from '../reservations/api.ts';

describeEachDatabase('Calendar feeds of one resource', (database) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService({ database });
  });
  afterEach(async () => {
    await service?.close();
  });
  const fetchFeed = (url: string) => service.fetch(new Request(url.replace(/^https?:\/\/[^/]+/, service.baseUrl)));

  /** Anna and Ben, one of whom each booking of the single kayak needs. */
  const guides = async () => {
    const anna = (await call(service, 'POST', '/v1/resources', { name: 'Anna', kind: 'staff', units: 1 })).body.id;
    const ben = (await call(service, 'POST', '/v1/resources', { name: 'Ben', kind: 'staff', units: 1 })).body.id;
    const single = (await get(service, '/v1/products?external_id=7001')).body[0].variants.find(
      (v: { external_id: number }) => Number(v.external_id) === 8001,
    );
    const put = await call(service, 'PUT', `/v1/variants/${single.id}`, {
      requirements: [{ resources: [anna, ben], per: 'booking' }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    return { anna: anna as number, ben: ben as number };
  };
  const bookWith = async (guide: number, starts: string, finishes: string) => {
    const r = await book(service, {
      starts_at: starts,
      finishes_at: finishes,
      items: [{ external_id: '8001', quantity: 1, resource_id: guide }],
      customers: [{ first_name: 'Kay', last_name: 'Paddler', email: 'kay@example.com' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; starts_at: string; finishes_at: string };
  };

  it("lists only the bookings the guide is assigned to, as valid iCalendar at the bookings' days", async () => {
    const { anna, ben } = await guides();
    const annas = await bookWith(anna, '2026-12-15 00:00', '2026-12-16 00:00');
    const bens = await bookWith(ben, '2026-12-15 00:00', '2026-12-16 00:00');
    const other = await book(service, {
      starts_at: '2026-12-15 09:00',
      finishes_at: '2026-12-15 17:00',
      items: [{ external_id: '8002', quantity: 1 }],
    });
    expect(other.status).toBe(201);
    const created = await call(service, 'POST', '/v1/calendar-feeds', { scope: 'resource', resource_id: anna });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ scope: 'resource', resource_id: anna, location_id: null, variant_id: null });
    const text = await (await fetchFeed(created.body.url)).text();
    expect(icsProblems(text)).toEqual([]);
    const { calendar, events } = icsEvents(text);
    expect(events.map((e) => String(e.getFirstPropertyValue('uid')).split('-')[2])).toEqual([String(annas.id)]);
    expect(String(events[0]!.getFirstPropertyValue('dtstart'))).toBe('2026-12-15');
    expect(instantOf(calendar, events[0]!, 'dtstart')).toBeGreaterThan(0);
    expect(text).not.toContain(`-${bens.id}-`);
    // Moved to Ben, the booking leaves Anna's calendar.
    const moved = await call(service, 'PATCH', `/v1/bookings/${annas.id}`, {
      items: [{ external_id: 8001, quantity: 1, resource_id: ben }],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(409);
    await call(service, 'POST', `/v1/bookings/${bens.id}/cancel`);
    expect(
      (
        await call(service, 'PATCH', `/v1/bookings/${annas.id}`, {
          items: [{ external_id: 8001, quantity: 1, resource_id: ben }],
        })
      ).status,
    ).toBe(200);
    expect(icsEvents(await (await fetchFeed(created.body.url)).text()).events).toEqual([]);
  });

  it("refuses a resource that is not the shop's, or missing, by its field; deleting the resource ends its feeds", async () => {
    const { anna } = await guides();
    const missing = await call(service, 'POST', '/v1/calendar-feeds', { scope: 'resource' });
    expect(missing.status).toBe(422);
    expect(missing.body.details.fields).toEqual({ resource_id: ['is required with scope resource'] });
    const other = await call(service, 'POST', '/v1/calendar-feeds', { scope: 'resource', resource_id: 999999 });
    expect(other.body.details.fields).toEqual({ resource_id: ['names no resource of the shop'] });
    const wrong = await call(service, 'POST', '/v1/calendar-feeds', { scope: 'shop', resource_id: anna });
    expect(wrong.body.details.fields).toEqual({ resource_id: ['is only for scope resource'] });
    const made = await call(service, 'POST', '/v1/calendar-feeds', { scope: 'resource', resource_id: anna });
    // Anna is still required by the single kayak: take her out first, then delete her.
    const single = (await get(service, '/v1/products?external_id=7001')).body[0].variants.find(
      (v: { external_id: number }) => Number(v.external_id) === 8001,
    );
    await call(service, 'PUT', `/v1/variants/${single.id}`, { requirements: [] });
    expect((await call(service, 'DELETE', `/v1/resources/${anna}`)).status).toBe(204);
    expect((await fetchFeed(made.body.url)).status).toBe(404);
    expect((await get(service, '/v1/calendar-feeds')).body).toEqual([]);
  });
});
