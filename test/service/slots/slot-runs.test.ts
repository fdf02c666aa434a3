// A run of consecutive slots (issue 29, API.md §4.13): GET /v1/slots says how long a run each
// slot may start (`max_slots`), and a hold of a run is judged on every slot of it, not on its
// first alone. The shop is in Melbourne (AEDT, UTC+11 in December).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { get, hold } from '../reservations/api.ts';
import { holdSlots, schedule, setSchedule } from './slot-rows.ts';

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** Kayaks by the hour, 09:00-13:00, up to 3 hours at once. */
const HIRE = schedule({
  counting: 'units',
  duration_minutes: 60,
  max_slots: 3,
  hours: Object.fromEntries(EVERY_DAY.map((d) => [d, [['09:00', '13:00']]])),
});
const TOUR = schedule({
  counting: 'seats',
  duration_minutes: 90,
  departures: Object.fromEntries(EVERY_DAY.map((d) => [d, ['09:00']])),
});

describeEachDatabase('a run of slots', (database) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService({ database });
    await setSchedule(service, 8001, HIRE); // capacity 3
    await setSchedule(service, 8003, TOUR);
    // Another cart has every kayak at 11:00 on 5 December (00:00-01:00 UTC).
    await holdSlots(service, 'other', [
      { externalId: 8001, start: '2026-12-05T00:00:00.000Z', finish: '2026-12-05T01:00:00.000Z', quantity: 3 },
    ]);
  });
  afterEach(async () => {
    await service?.close();
  });

  it('GET /v1/slots names how many consecutive slots a hold may span: the schedule’s max_slots for units, 1 for seats', async () => {
    const hire = await get(service, '/v1/slots?external_variant_id=8001&start=2026-12-05&finish=2026-12-06');
    expect(hire.status).toBe(200);
    expect(hire.body['2026-12-05'].map((s: any) => `${s.local_start} ${s.quantity_available} ${s.max_slots}`)).toEqual([
      '09:00 3 3',
      '10:00 3 3',
      '11:00 0 3',
      '12:00 3 3',
    ]);
    const tour = await get(service, '/v1/slots?external_variant_id=8003&start=2026-12-05&finish=2026-12-06');
    expect(tour.body['2026-12-05'].map((s: any) => s.max_slots)).toEqual([1]);
  });

  it('judges a hold of a run on every slot of it: 10:00 alone fits, 10:00 to 12:00 does not (11:00 is taken), and nothing is held', async () => {
    const run = await hold(service, {
      cart_token: 'mine',
      items: [{ external_id: 8001, start: '2026-12-05 10:00', finish: '2026-12-04T23:30:00.000Z', quantity: 1 }],
    });
    // 10:30 ends no run of the slot: named on the finish.
    expect(run.status).toBe(422);
    expect(Object.keys(run.body.details.fields)).toEqual(['items[0].finish']);
    const twoHours = await hold(service, {
      cart_token: 'mine',
      items: [
        { external_id: 8001, start: '2026-12-04T23:00:00.000Z', finish: '2026-12-05T01:00:00.000Z', quantity: 1 },
      ],
    });
    expect(twoHours.status).toBe(409);
    expect(twoHours.body.error).toBe('unavailable');
    const mine = await get(service, '/v1/reservations?cart_token=mine');
    expect(mine.status === 404 || (mine.body.items ?? []).length === 0).toBe(true);
    const oneHour = await hold(service, {
      cart_token: 'mine',
      items: [
        { external_id: 8001, start: '2026-12-04T23:00:00.000Z', finish: '2026-12-05T00:00:00.000Z', quantity: 1 },
      ],
    });
    expect(oneHour.status).toBe(201);
    // 12:00 to 15:00 would pass the day's last opening hour: not a run of this schedule.
    const pastClose = await hold(service, {
      cart_token: 'mine',
      items: [
        { external_id: 8001, start: '2026-12-05T01:00:00.000Z', finish: '2026-12-05T04:00:00.000Z', quantity: 1 },
      ],
    });
    expect(pastClose.status).toBe(422);
  });
});
