// A variant's schedule through the merchant API (SLOTS.md §1–2): written with the variant,
// shown by every read of it, cleared by `schedule: null`; an impossible one is a 422 naming
// its field that changes nothing; a change is the next request's answer on every process.
import type { z } from '@hono/zod-openapi';
import { expect, expectTypeOf, it } from 'vitest';
import { VariantSchema } from '../../../src/service/shared/record-schemas.ts';
import type { ScheduleSchema } from '../../../src/service/shared/schedule-record-schemas.ts';
import type { Schedule } from '../../../src/shared/schedule.ts';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, catalogIds, TOKENS, withService } from '../api.ts';

const TOUR = { counting: 'seats', departures: { sat: ['13:00', '09:00'] }, duration_minutes: 120 };
const TOUR_RECORD = {
  counting: 'seats',
  departures: { sat: ['09:00', '13:00'] },
  duration_minutes: 120,
  interval_minutes: 120,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  min_notice_minutes: 0,
  horizon_days: 365,
  max_slots: 1,
};
const HIRE = {
  counting: 'units',
  hours: { mon: [['09:00', '17:00']], sat: [['10:00', '16:00']] },
  duration_minutes: 60,
  buffer_after_minutes: 15,
  max_slots: 4,
};

/** The stored variants, to prove a refused request changed nothing. */
async function storedVariants(service: TestService) {
  return (await service.db.query('SELECT id, title, capacity, schedule FROM variants ORDER BY id')).rows;
}

async function dataVersion(service: TestService): Promise<string> {
  const { rows } = await service.db.query<{ version: string }>(
    'SELECT version::text AS version FROM shop_data_versions WHERE shop_id = 1',
  );
  return rows[0]!.version;
}

describeEachDatabase('Schedules on variants (merchant API)', (database) => {
  it('creates a product whose variant is booked by slots: the schedule with its defaults, shown by every read', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const created = await a.post('/v1/products', {
        external_id: 7100,
        title: 'Guided paddle tour',
        variants: [
          { external_id: 8100, title: 'Seat', capacity: 8, schedule: TOUR },
          { external_id: 8101, title: 'Board', capacity: 3, booking: 'slots', schedule: HIRE },
          { external_id: 8102, title: 'Day pass', capacity: 5 },
        ],
      });
      expect(created.status).toBe(201);
      const [seat, board, pass] = created.body.variants;
      expect(seat).toMatchObject({ booking: 'slots', schedule: TOUR_RECORD });
      expect(board).toMatchObject({
        booking: 'slots',
        schedule: {
          counting: 'units',
          hours: { mon: [['09:00', '17:00']], sat: [['10:00', '16:00']] },
          interval_minutes: 60,
          buffer_before_minutes: 0,
          buffer_after_minutes: 15,
          max_slots: 4,
        },
      });
      expect(pass).toMatchObject({ booking: 'days', schedule: null });
      // Exactly the fields of the Variant record and its Schedule (zod drops a field it does not know).
      expectTypeOf<z.output<typeof ScheduleSchema>>().toEqualTypeOf<Schedule>();
      for (const variant of created.body.variants) expect(VariantSchema.parse(variant)).toEqual(variant);
      expect((await a.get(`/v1/variants/${seat.id}`)).body).toEqual(seat);
      expect((await a.get(`/v1/products/${created.body.id}`)).body).toEqual(created.body);
      const listed = await a.get('/v1/products?external_id=7100');
      expect(listed.body[0].variants).toEqual(created.body.variants);
      // The keys in the order the reference lists them, weekdays from Monday: the same bytes each read.
      expect(Object.keys(board.schedule)).toEqual([
        'counting',
        'hours',
        'duration_minutes',
        'interval_minutes',
        'buffer_before_minutes',
        'buffer_after_minutes',
        'min_notice_minutes',
        'horizon_days',
        'max_slots',
      ]);
    });
  });

  it('adds a variant with a schedule, changes it, keeps it when a PUT leaves it out, and clears it with null', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { kayak } = await catalogIds(service);
      const added = await a.post(`/v1/products/${kayak}/variants`, {
        external_id: 8200,
        title: 'Lesson',
        capacity: 2,
        schedule: HIRE,
      });
      expect(added.status).toBe(201);
      expect(added.body.booking).toBe('slots');
      const path = `/v1/variants/${added.body.id}`;
      const changed = await a.put(path, { schedule: TOUR });
      expect(changed.status).toBe(200);
      expect(changed.body.schedule).toEqual(TOUR_RECORD);
      const renamed = await a.put(path, { title: 'Tour seat' });
      expect(renamed.body).toMatchObject({ title: 'Tour seat', booking: 'slots', schedule: TOUR_RECORD });
      // A record read with GET goes back as it is.
      const resent = await a.put(path, (await a.get(path)).body);
      expect(resent.status).toBe(200);
      expect(resent.body).toEqual(renamed.body);
      const cleared = await a.put(path, { schedule: null });
      expect(cleared.body).toMatchObject({ booking: 'days', schedule: null });
      expect((await a.put(path, { booking: 'slots', schedule: TOUR })).body.booking).toBe('slots');
      expect((await a.put(path, { booking: 'days' })).body).toMatchObject({ booking: 'days', schedule: null });
    });
  });

  it('refuses an impossible schedule with a 422 naming its field, and changes nothing', async () => {
    await withService(database, async (service) => {
      const a = api(service);
      const { single } = await catalogIds(service);
      await a.put(`/v1/variants/${single}`, { schedule: TOUR });
      const before = await storedVariants(service);
      const version = await dataVersion(service);
      const cases: [unknown, string, string][] = [
        [
          {
            schedule: {
              ...HIRE,
              hours: {
                mon: [
                  ['09:00', '12:00'],
                  ['11:30', '17:00'],
                ],
              },
            },
          },
          'schedule.hours.mon[1]',
          'overlaps ["09:00","12:00"] (mon[0])',
        ],
        [
          { schedule: { ...HIRE, hours: { mon: [['09:00', '24:30']] } } },
          'schedule.hours.mon[0][1]',
          'must be a time HH:MM from 00:01 to 24:00',
        ],
        [
          { schedule: { ...HIRE, duration_minutes: 120, hours: { mon: [['09:00', '10:00']] } } },
          'schedule.hours.mon[0]',
          'is open 60 minutes: a 120-minute slot cannot end inside it',
        ],
        [
          { schedule: { ...TOUR, departures: { sat: ['09:00', '09:00'] } } },
          'schedule.departures.sat[1]',
          'is listed twice (sat[0])',
        ],
        [
          { schedule: { ...TOUR, buffer_before_minutes: 10 } },
          'schedule.buffer_before_minutes',
          'must be 0 when counting is "seats": buffers keep units free, a seat has none',
        ],
        [{ booking: 'days', schedule: TOUR }, 'schedule', 'must be null when booking is "days"'],
        [{ booking: 'slots', schedule: null }, 'schedule', 'is required when booking is "slots"'],
        [{ booking: 'hours' }, 'booking', 'must be "days" or "slots"'],
      ];
      for (const [body, field, message] of cases) {
        const r = await a.put(`/v1/variants/${single}`, { capacity: 9, ...(body as object) });
        expect(r.status, field).toBe(422);
        expect(r.body.error).toBe('validation_failed');
        expect(r.body.details.fields, field).toEqual({ [field]: [message] });
      }
      const { double } = await catalogIds(service);
      const noneYet = await a.put(`/v1/variants/${double}`, { booking: 'slots' });
      expect(noneYet.status).toBe(422);
      expect(noneYet.body.details.fields).toEqual({
        schedule: ['is required when booking is "slots": this variant has none yet'],
      });
      const inList = await a.post('/v1/products', {
        external_id: 7100,
        title: 'Tours',
        variants: [
          { external_id: 8100, title: 'A', capacity: 1, schedule: TOUR },
          { external_id: 8101, title: 'B', capacity: 1, schedule: { ...TOUR, max_slots: 3 } },
        ],
      });
      expect(inList.status).toBe(422);
      expect(Object.keys(inList.body.details.fields)).toEqual(['variants[1].schedule.max_slots']);
      expect(await storedVariants(service)).toEqual(before);
      expect(await dataVersion(service)).toBe(version);
    });
  });

  it('a schedule change is the next answer of every process, and moves the shop data version', async () => {
    await withService(database, async (service) => {
      const one = api(service);
      const app = createApp({ db: service.db, clock: service.clock, rateLimit: false });
      const two = api({ ...service, fetch: (request, env) => app.fetch(request, env) });
      const { single } = await catalogIds(service);
      expect((await two.get(`/v1/variants/${single}`)).body.schedule).toBeNull();
      const version = await dataVersion(service);
      expect((await one.put(`/v1/variants/${single}`, { schedule: TOUR })).status).toBe(200);
      expect(await dataVersion(service)).not.toBe(version);
      expect((await two.get(`/v1/variants/${single}`)).body).toMatchObject({ booking: 'slots', schedule: TOUR_RECORD });
    });
  });

  it("a schedule change gives the variant's availability a new ETag on another process (no 304 for the old tag)", async () => {
    await withService(database, async (service) => {
      const app = createApp({ db: service.db, clock: service.clock, rateLimit: false });
      const two = api({ ...service, fetch: (request, env) => app.fetch(request, env) });
      const { single } = await catalogIds(service);
      const availability = '/v1/availability?external_variant_id=8001&start=2026-12-05&finish=2026-12-12';
      const read = (tag?: string) =>
        two.get(availability, { token: TOKENS.publishable, headers: tag ? { 'if-none-match': tag } : {} });
      const days = await read();
      expect(days.status).toBe(200);
      expect((await read(days.headers.get('etag')!)).status).toBe(304);
      expect((await api(service).put(`/v1/variants/${single}`, { schedule: TOUR })).status).toBe(200);
      const slots = await read(days.headers.get('etag')!);
      expect(slots.status).toBe(200);
      expect(slots.headers.get('etag')).not.toBe(days.headers.get('etag'));
      // A second schedule change (a 16:00 departure) is a new answer again.
      await api(service).put(`/v1/variants/${single}`, {
        schedule: { ...TOUR, departures: { sat: ['09:00', '13:00', '16:00'] } },
      });
      const more = await read(slots.headers.get('etag')!);
      expect(more.status).toBe(200);
      expect(more.headers.get('etag')).not.toBe(slots.headers.get('etag'));
    });
  });
});
