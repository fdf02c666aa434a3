// The shop's resources through the API (issue 39, RESOURCES.md §1 and §3): list, read, create,
// change and delete; each shop sees its own only; every refusal is the envelope and changes
// nothing; a resource a variant requires, or with bookings ahead, is not deleted.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { addStaff, signedInAs } from '../../helpers/staff.ts';
import { api, catalogIds, TOKENS, withService } from '../api.ts';
import { makeResource, resourceRows } from './helpers.ts';

const ANNA = { name: 'Anna', kind: 'staff', units: 1 };

describeEachDatabase('/v1/resources', (database) => {
  it('creates a resource with Location and its record, reads it back, and lists the shop’s by name', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { docklands } = await catalogIds(service);
      const staffId = await addStaff(service.db, {
        email: 'anna@harbour.test',
        password: 'paddle-anna-2026',
        name: 'Anna',
      });
      const made = await a.post('/v1/resources', {
        name: '  Anna ',
        kind: 'staff',
        units: 1,
        hours: {
          sat: [
            ['13:00', '17:00'],
            ['08:00', '12:00'],
          ],
          tue: [['09:00', '17:00']],
          wed: [],
        },
        location_id: docklands,
        staff_account_id: staffId,
      });
      expect(made.status).toBe(201);
      expect(made.headers.get('location')).toBe(`/v1/resources/${made.body.id}`);
      expect(made.body).toEqual({
        id: expect.any(Number),
        name: 'Anna',
        kind: 'staff',
        units: 1,
        // Days in weekday order, each day's intervals by their opening, a closed day left out.
        hours: {
          tue: [['09:00', '17:00']],
          sat: [
            ['08:00', '12:00'],
            ['13:00', '17:00'],
          ],
        },
        location_id: docklands,
        staff_account_id: staffId,
        created_at: expect.stringMatching(/Z$/),
        updated_at: made.body.created_at,
      });
      expect(Object.keys(made.body.hours)).toEqual(['tue', 'sat']);
      expect((await a.get(`/v1/resources/${made.body.id}`)).body).toEqual(made.body);
      const fleet = await a.post('/v1/resources', { name: 'Kayak fleet', kind: 'equipment', units: 12 });
      expect(fleet.body).toMatchObject({ kind: 'equipment', units: 12, hours: null, location_id: null });
      expect((await a.post('/v1/resources', { name: 'Boat', units: 12 })).body.kind).toBe('other');

      const list = await a.get('/v1/resources');
      expect(list.body.map((r: { name: string }) => r.name)).toEqual(['Anna', 'Boat', 'Kayak fleet']);
      expect(list.headers.get('x-total-count')).toBe('3');
      const second = await a.get('/v1/resources?per=1&page=2');
      expect(second.body.map((r: { name: string }) => r.name)).toEqual(['Boat']);
      expect(second.headers.get('link')).toContain('rel="next"');
      expect((await a.get('/v1/resources?kind=equipment')).body.map((r: { name: string }) => r.name)).toEqual([
        'Kayak fleet',
      ]);
      expect((await a.get(`/v1/resources?location_id=${docklands}`)).body).toEqual([made.body]);
      expect((await a.get(`/v1/resources?staff_account_id=${staffId}`)).body).toEqual([made.body]);
      expect((await a.get('/v1/resources?kind=boat')).body.details.fields).toHaveProperty(['kind']);

      // A location a resource names is in use, as one a product names is.
      const pier = (await a.post('/v1/locations', { name: 'Pier' })).body.id;
      await a.put(`/v1/resources/${fleet.body.id}`, { location_id: pier });
      const inUse = await a.delete(`/v1/locations/${pier}`);
      expect(inUse.status).toBe(409);
      expect(inUse.body.details.dependents).toEqual({ products: 0, blackouts: 0, resources: 1 });
    });
  });

  it('changes only the fields given; a record sent back as read changes nothing, not even updated_at', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const id = await makeResource(service, { ...ANNA, hours: { mon: [['09:00', '17:00']] } });
      const read = (await a.get(`/v1/resources/${id}`)).body;
      const same = await a.put(`/v1/resources/${id}`, read);
      expect(same.status).toBe(200);
      expect(same.body).toEqual(read);
      const changed = await a.put(`/v1/resources/${id}`, { units: 2, hours: null });
      expect(changed.body).toEqual({ ...read, units: 2, hours: null, updated_at: expect.any(String) });
      const renamed = await a.put(`/v1/resources/${id}`, { name: 'Anna B', kind: 'other' });
      expect(renamed.body).toMatchObject({ name: 'Anna B', kind: 'other', units: 2, hours: null });
    });
  });

  it('is the shop’s own: another shop’s token sees 404 and an empty list; a publishable token is 403', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const id = await makeResource(service, ANNA);
      const other = { token: TOKENS.otherSecret };
      expect((await a.get('/v1/resources', other)).body).toEqual([]);
      expect((await a.get(`/v1/resources/${id}`, other)).status).toBe(404);
      expect((await a.put(`/v1/resources/${id}`, { units: 3 }, other)).status).toBe(404);
      expect((await a.delete(`/v1/resources/${id}`, other)).status).toBe(404);
      // Another shop may use the same name.
      expect((await a.post('/v1/resources', ANNA, other)).status).toBe(201);
      const publishable = { token: TOKENS.publishable };
      expect((await a.get('/v1/resources', publishable)).status).toBe(403);
      expect((await a.get(`/v1/resources/${id}`, publishable)).status).toBe(403);
      expect((await a.post('/v1/resources', ANNA, publishable)).body.error).toBe('forbidden');
      expect((await a.get(`/v1/resources/${id}`)).body.units).toBe(1);
    });
  });

  it('lets a member of staff signed in to the admin read the resources', async () => {
    await withService(database, async (service) => {
      const id = await makeResource(service, ANNA);
      const sam = await signedInAs(service, { email: 'sam@harbour.test', password: 'paddle-sam-2026', name: 'Sam' });
      const session = { token: null, headers: { cookie: sam.cookie, origin: service.baseUrl } };
      const list = await api(service).get('/v1/resources', session);
      expect(list.status).toBe(200);
      expect(list.body.map((r: { id: number }) => r.id)).toEqual([id]);
    });
  });

  it('refuses a bad body with 422 in the envelope naming every field, and changes nothing', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const id = await makeResource(service, ANNA);
      const zermatt = (await a.post('/v1/locations', { name: 'Zermatt' }, { token: TOKENS.otherSecret })).body.id;
      const theirs = await addStaff(service.db, {
        email: 'eva@alpine.test',
        password: 'alpine-eva-2026',
        name: 'Eva',
        shopId: 2,
      });
      const before = await resourceRows(service);
      const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
        [{ ...ANNA, name: 'Anna' }, { name: ["is another resource's name"] }],
        [{ ...ANNA, name: '   ' }, { name: ['must not be empty'] }],
        [{ ...ANNA, name: 'x'.repeat(121) }, { name: ['must be at most 120 characters'] }],
        [{ name: 'Ben' }, { units: ['is required'] }],
        [{ ...ANNA, name: 'Ben', units: 0 }, { units: ['must be a whole number from 1 to 100000'] }],
        [{ ...ANNA, name: 'Ben', units: 100_001 }, { units: ['must be a whole number from 1 to 100000'] }],
        [
          { ...ANNA, name: 'Ben', kind: 'guide' },
          { kind: ['must be one of "staff", "equipment", "room", "vehicle", "other"'] },
        ],
        [{ ...ANNA, name: 'Ben', colour: 'red' }, { colour: ['is not a resource field'] }],
        [
          {
            ...ANNA,
            name: 'Ben',
            hours: {
              mon: [
                ['09:00', '12:00'],
                ['11:00', '13:00'],
              ],
            },
          },
          { 'hours.mon[1]': ['overlaps ["09:00","12:00"] (mon[0])'] },
        ],
        [
          { ...ANNA, name: 'Ben', hours: { mon: [['12:00', '09:00']] } },
          { 'hours.mon[0]': ['must open before it closes'] },
        ],
        [
          { ...ANNA, name: 'Ben', hours: { mon: [['09:00', '24:30']] } },
          { 'hours.mon[0][1]': ['must be a time HH:MM from 00:01 to 24:00'] },
        ],
        [{ ...ANNA, name: 'Ben', hours: {} }, { hours: ['must give times on at least one day of the week'] }],
        [
          { ...ANNA, name: 'Ben', hours: { monday: [['09:00', '12:00']] } },
          { 'hours.monday': ['is not a day of the week: mon, tue, wed, thu, fri, sat or sun'] },
        ],
        [{ ...ANNA, name: 'Ben', location_id: zermatt }, { location_id: ['names no location of this shop'] }],
        [{ ...ANNA, name: 'Ben', location_id: 999_999 }, { location_id: ['names no location of this shop'] }],
        [
          { ...ANNA, name: 'Ben', staff_account_id: theirs },
          { staff_account_id: ['names no staff account of this shop'] },
        ],
      ];
      for (const [body, fields] of cases) {
        const created = await a.post('/v1/resources', body);
        expect(created.status, JSON.stringify(body)).toBe(422);
        expect(created.body.error).toBe('validation_failed');
        expect(created.body.details.fields, JSON.stringify(body)).toEqual(fields);
      }
      // The same on a PUT, where the name taken is another's.
      const ben = await makeResource(service, { ...ANNA, name: 'Ben' });
      const afterBen = await resourceRows(service);
      const taken = await a.put(`/v1/resources/${ben}`, { name: 'Anna', location_id: zermatt });
      expect(taken.body.details.fields).toEqual({
        name: ["is another resource's name"],
        location_id: ['names no location of this shop'],
      });
      expect((await a.put(`/v1/resources/${ben}`, { units: -1 })).status).toBe(422);
      expect((await a.put(`/v1/resources/${id}`, [])).body.details.fields).toEqual({ body: ['must be a JSON object'] });
      expect(await resourceRows(service)).toEqual(afterBen);
      expect(afterBen.resources.length).toBe(before.resources.length + 1);
    });
  });

  it('deletes a resource nothing needs, with its past allocations; a second delete is 404', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const id = await makeResource(service, ANNA);
      const booking = await a.post('/v1/bookings', {
        starts_at: '2026-12-10 10:00',
        finishes_at: '2026-12-10 12:00',
        items: [{ external_id: 8003, quantity: 1 }],
        customers: [{ email: 'a@example.com' }],
      });
      // An allocation over before now (the test clock's 22 November 2026) holds nothing ahead.
      await allocate(service, id, booking.body.id, '2026-11-01T00:00:00Z', '2026-11-01T02:00:00Z');
      expect((await a.delete(`/v1/resources/${id}`)).status).toBe(204);
      expect((await a.get(`/v1/resources/${id}`)).status).toBe(404);
      expect((await a.delete(`/v1/resources/${id}`)).status).toBe(404);
      expect((await service.db.query('SELECT * FROM resource_allocations')).rows).toEqual([]);
      expect((await a.get(`/v1/bookings/${booking.body.id}`)).status).toBe(200);
    });
  });

  it('refuses to delete a resource a variant requires (409 naming the variants) or with bookings ahead (naming them)', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { adult, single } = await catalogIds(service);
      const id = await makeResource(service, { ...ANNA, units: 2 });
      expect((await a.put(`/v1/variants/${adult}`, { requirements: [{ resources: [id] }] })).status).toBe(200);
      expect((await a.put(`/v1/variants/${single}`, { requirements: [{ resources: [id], uses: 2 }] })).status).toBe(
        200,
      );
      const required = await a.delete(`/v1/resources/${id}`);
      expect(required.status).toBe(409);
      expect(required.body.error).toBe('in_use');
      expect(required.body.message).toContain('Kayak hire – Single kayak and Sunset tour – Adult require it');
      expect(required.body.details).toEqual({
        dependents: { variants: 2, coming_bookings: 0 },
        variant_ids: [single, adult],
        booking_ids: [],
      });

      // Units fewer than a requirement takes are refused too, naming the variant.
      const fewer = await a.put(`/v1/resources/${id}`, { units: 1 });
      expect(fewer.status).toBe(422);
      expect(fewer.body.details.fields.units[0]).toContain('must be at least 2: Kayak hire – Single kayak uses 2');

      for (const variant of [adult, single]) await a.put(`/v1/variants/${variant}`, { requirements: [] });
      const booking = await a.post('/v1/bookings', {
        starts_at: '2026-12-10 10:00',
        finishes_at: '2026-12-10 12:00',
        items: [{ external_id: 8003, quantity: 1 }],
        customers: [{ email: 'a@example.com' }],
      });
      await allocate(service, id, booking.body.id, '2026-12-09T23:00:00Z', '2026-12-10T01:00:00Z');
      const before = await resourceRows(service);
      const ahead = await a.delete(`/v1/resources/${id}`);
      expect(ahead.status).toBe(409);
      expect(ahead.body.message).toContain(`1 booking ahead holds its units (#${booking.body.id})`);
      expect(ahead.body.details).toMatchObject({
        dependents: { variants: 0, coming_bookings: 1 },
        booking_ids: [booking.body.id],
      });
      expect(await resourceRows(service)).toEqual(before);
      // Cancelled, the booking holds nothing: the resource can go.
      expect((await a.post(`/v1/bookings/${booking.body.id}/cancel`, undefined)).status).toBe(200);
      expect((await a.delete(`/v1/resources/${id}`)).status).toBe(204);
    });
  });
});

/** Records that the booking's first item took a unit of `resourceId` over `[start, finish)`. */
async function allocate(
  service: Parameters<typeof resourceRows>[0],
  resourceId: number,
  bookingId: number,
  start: string,
  finish: string,
) {
  await service.db.query(
    `INSERT INTO resource_allocations (resource_id, booking_item_id, start_at, finish_at, units)
     SELECT $1, bi.id, $3, $4, 1 FROM booking_items bi WHERE bi.booking_id = $2 ORDER BY bi.id LIMIT 1`,
    [resourceId, bookingId, start, finish],
  );
}
