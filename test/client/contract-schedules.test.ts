// The client's typed schedule of a variant (issue 28) against the real in-process service: set
// with the variant, read back with its defaults, cleared with null, and the misfits listed.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  isValidationError,
  type Misfit,
  type OccupancySlot,
  type Schedule,
  type ScheduleParams,
} from '../../src/client/index.ts';
import { connect, type Connected } from './contract-helpers.ts';

let api: Connected;

beforeAll(async () => {
  api = await connect();
});
afterAll(async () => {
  await api.service.close();
});

const TOUR: ScheduleParams = { counting: 'seats', departures: { sat: ['09:00', '13:00'] }, duration_minutes: 120 };

describe('contract: schedules on variants', () => {
  it('sets a schedule on a new variant, changes and clears it, and lists what no longer fits', async () => {
    const { client, sent } = api;
    const product = await client.products.create({
      external_id: 7500,
      title: 'Guided tour',
      variants: [{ external_id: 8500, title: 'Seat', capacity: 8, schedule: TOUR }],
    });
    const variant = product.variants[0]!;
    expect(variant.booking).toBe('slots');
    expectTypeOf(variant.schedule).toEqualTypeOf<Schedule | null>();
    expect(variant.schedule).toMatchObject({ ...TOUR, interval_minutes: 120, max_slots: 1, horizon_days: 365 });
    const changed = await client.variants.update(variant.id, { schedule: { ...TOUR, duration_minutes: 90 } });
    expect(changed.schedule?.duration_minutes).toBe(90);
    const misfits = await client.variants.misfits(variant.id, { per: 10 });
    expectTypeOf(misfits).toEqualTypeOf<Misfit[]>();
    expect(misfits).toEqual([]);
    expect(sent.at(-1)).toMatchObject({
      method: 'GET',
      url: expect.stringMatching(/\/v1\/variants\/\d+\/misfits\?per=10$/),
    });
    const refused = await client.variants
      .update(variant.id, { schedule: { ...TOUR, departures: { sat: ['09:00', '09:00'] } } })
      .catch((error: unknown) => error);
    expect(isValidationError(refused) && refused.details?.fields).toEqual({
      'schedule.departures.sat[1]': ['is listed twice (sat[0])'],
    });
    expect((await client.variants.update(variant.id, { schedule: null })).booking).toBe('days');
  });

  it('checks a schedule before saving it (a dry run), and reads a slot variant’s day slot by slot', async () => {
    const { client, sent } = api;
    const product = await client.products.create({
      external_id: 7501,
      title: 'Harbour tour',
      variants: [{ external_id: 8501, title: 'Seat', capacity: 8, schedule: TOUR }],
    });
    const variant = product.variants[0]!;
    const checked = await client.variants.checkMisfits(variant.id, { ...TOUR, duration_minutes: 60 }, { per: 5 });
    expectTypeOf(checked).toEqualTypeOf<Misfit[]>();
    expect(checked).toEqual([]);
    expect(sent.at(-1)).toMatchObject({
      method: 'POST',
      url: expect.stringMatching(/\/v1\/variants\/\d+\/misfits\?per=5$/),
    });
    const slots = await client.occupancy.slots({ external_variant_id: 8501, date: '2026-12-05' });
    expectTypeOf(slots).toEqualTypeOf<OccupancySlot[]>();
    expect(slots.map((s) => [s.local_start, s.capacity, s.booked, s.held, s.available])).toEqual([
      ['09:00', 8, 0, 0, 8],
      ['13:00', 8, 0, 0, 8],
    ]);
  });
});
