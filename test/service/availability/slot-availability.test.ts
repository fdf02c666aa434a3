// GET /v1/availability of a variant booked by times of day: the days' shape, summed up from the
// slots, with slots_available so a month view greys days out in its first request.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { PUBLISHABLE, get } from '../reservations/api.ts';
import { holdSlots, schedule, setSchedule } from '../slots/slot-rows.ts';

const TOUR = schedule({
  counting: 'seats',
  duration_minutes: 90,
  departures: Object.fromEntries(['tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ['09:00', '13:00']])),
});

describeEachDatabase('GET /v1/availability of a slot variant', (database) => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService({ database }); // 12:00 on Sunday 22 November in Melbourne
    await setSchedule(service, 8003, TOUR); // capacity 10
    await holdSlots(service, 'a', [
      { externalId: 8003, start: '2026-12-04T22:00Z', finish: '2026-12-04T23:30Z', quantity: 10 }, // 5 Dec 09:00
      { externalId: 8003, start: '2026-12-05T02:00Z', finish: '2026-12-05T03:30Z', quantity: 6 }, // 5 Dec 13:00
      { externalId: 8003, start: '2026-12-05T22:00Z', finish: '2026-12-05T23:30Z', quantity: 10 }, // 6 Dec 09:00
      { externalId: 8003, start: '2026-12-06T02:00Z', finish: '2026-12-06T03:30Z', quantity: 10 }, // 6 Dec 13:00
    ]);
  });
  afterAll(async () => {
    await service?.close();
  });
  const days = async (query: string, token?: string) => {
    const answer = await get(service, `/v1/availability?${query}`, { token });
    expect(answer.status).toBe(200);
    return answer.body.map((d: any) => [
      d.date,
      d.quantity_available,
      d.quantity_free,
      d.status,
      d.status_code,
      d.slots_available,
    ]);
  };

  it('gives each day the most one slot has left, how many slots can take the quantity, and ok while one can', async () => {
    expect(await days('external_variant_id=8003&start=2026-12-05&finish=2026-12-08', PUBLISHABLE)).toEqual([
      ['2026-12-05', 4, 4, 'ok', 1, 1],
      ['2026-12-06', 0, 0, 'sold_out', 2, 0],
      ['2026-12-07', 0, 0, 'outside_window', 4, 0], // a Monday: the schedule opens no slot
    ]);
    expect(await days('external_variant_id=8003&start=2026-12-05&finish=2026-12-06&quantity=5')).toEqual([
      ['2026-12-05', 4, 4, 'sold_out', 2, 0],
    ]);
    expect(await days('external_variant_id=8003&start=2026-12-05&finish=2026-12-06&cart_token=a&quantity=10')).toEqual([
      ['2026-12-05', 10, 10, 'ok', 1, 2],
    ]);
  });

  it('reads blacked_out when blackouts close its slots, and outside_window for past ones, counting the open rest', async () => {
    expect(await days('external_variant_id=8003&start=2026-11-21&finish=2026-11-23')).toEqual([
      ['2026-11-21', 0, 10, 'outside_window', 4, 0], // the past
      ['2026-11-22', 10, 10, 'ok', 1, 1], // today at noon: the 09:00 has left, the 13:00 is open
    ]);
    // "Tour guide away" closes 1-2 December to starts; Christmas Day is closed to everything.
    expect(await days('external_variant_id=8003&start=2026-12-01&finish=2026-12-02')).toEqual([
      ['2026-12-01', 0, 10, 'blacked_out', 3, 0],
    ]);
    expect((await days('external_variant_id=8003&start=2026-12-25&finish=2026-12-26'))[0][3]).toBe('blacked_out');
  });

  it('leaves a variant booked by days as it was, without slots_available, quantity asking as a hold would', async () => {
    const { body } = await get(service, '/v1/availability?external_variant_id=8002&start=2026-12-05&finish=2026-12-06');
    expect(body).toEqual([
      { date: '2026-12-05', quantity_available: 2, quantity_free: 2, status: 'ok', status_code: 1 },
    ]);
    expect(await days('external_variant_id=8002&start=2026-12-05&finish=2026-12-06&quantity=3')).toEqual([
      ['2026-12-05', 2, 2, 'sold_out', 2, undefined],
    ]);
  });

  it('answers 422 for quantity 0', async () => {
    const answer = await get(
      service,
      '/v1/availability?external_variant_id=8003&start=2026-12-05&finish=2026-12-06&quantity=0',
    );
    expect(answer.status).toBe(422);
    expect(answer.body.details.fields).toEqual({ quantity: ['must be a whole number from 1'] });
  });
});
