// GET /v1/slots: a slot variant's times of day by local date, judged as a hold of each would be.
// The shop is in Melbourne (AEDT, UTC+11 in December); every answer is the same whatever the
// process's zone (the node projects run this file under three).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SlotsByDateSchema } from '../../../src/service/shared/record-schemas.ts';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { PUBLISHABLE, call, get } from '../reservations/api.ts';
import { bookSlot, holdSlots, schedule, setSchedule } from './slot-rows.ts';

const EVERY_DAY_BUT_MONDAY = { tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };
const TOUR = schedule({
  counting: 'seats',
  duration_minutes: 90,
  departures: Object.fromEntries(Object.keys(EVERY_DAY_BUT_MONDAY).map((d) => [d, ['09:00', '13:00']])),
});
const HIRE = schedule({
  counting: 'units',
  duration_minutes: 60,
  buffer_after_minutes: 30,
  hours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['09:00', '13:00']]])),
});

describeEachDatabase('GET /v1/slots', (database) => {
  let service: TestService;
  beforeEach(async () => {
    service = await createTestService({ database });
    await setSchedule(service, 8003, TOUR); // capacity 10
    await setSchedule(service, 8001, HIRE); // capacity 3
  });
  afterEach(async () => {
    await service?.close();
  });
  const slots = async (query: string, token?: string) => {
    const answer = await get(service, `/v1/slots?${query}`, { token });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const brief = (body: Record<string, any[]>) =>
    Object.fromEntries(
      Object.entries(body).map(([date, list]) => [
        date,
        list.map((s) => `${s.local_start} ${s.quantity_available} ${s.status}`),
      ]),
    );

  it('lists every local date of the period with its slots: UTC instants, local times, units left and status', async () => {
    const body = await slots('external_variant_id=8003&start=2026-12-05&finish=2026-12-08');
    expect(Object.keys(body)).toEqual(['2026-12-05', '2026-12-06', '2026-12-07']);
    expect(body['2026-12-05']).toEqual([
      {
        starts_at: '2026-12-04T22:00:00.000Z',
        finishes_at: '2026-12-04T23:30:00.000Z',
        local_start: '09:00',
        local_finish: '10:30',
        quantity_available: 10,
        status: 'ok',
        status_code: 1,
        max_slots: 1,
      },
      {
        starts_at: '2026-12-05T02:00:00.000Z',
        finishes_at: '2026-12-05T03:30:00.000Z',
        local_start: '13:00',
        local_finish: '14:30',
        quantity_available: 10,
        status: 'ok',
        status_code: 1,
        max_slots: 1,
      },
    ]);
    expect(body['2026-12-07']).toEqual([]); // a Monday: no departures
    // zod drops a field it does not know: the answer has exactly the schema's (and so AvailableSlot's) fields.
    expect(SlotsByDateSchema.parse(body)).toEqual(body);
  });

  it('counts seats per start: live holds and pending or confirmed bookings starting with the slot', async () => {
    await holdSlots(service, 'a', [
      { externalId: 8003, start: '2026-12-04T22:00Z', finish: '2026-12-04T23:30Z', quantity: 4 },
    ]);
    await bookSlot(service, { externalId: 8003, start: '2026-12-04T22:00Z', finish: '2026-12-04T23:30Z', quantity: 2 });
    await bookSlot(
      service,
      { externalId: 8003, start: '2026-12-04T22:00Z', finish: '2026-12-04T23:30Z', quantity: 3 },
      'pending',
    );
    await bookSlot(
      service,
      { externalId: 8003, start: '2026-12-04T22:00Z', finish: '2026-12-04T23:30Z', quantity: 9 },
      'cancelled',
    );
    // Expired by the database's clock (the test clock): not counted.
    await holdSlots(
      service,
      'b',
      [{ externalId: 8003, start: '2026-12-04T22:00Z', finish: '2026-12-04T23:30Z', quantity: 1 }],
      new Date(service.clock.now() - 1000).toISOString(),
    );
    expect(brief(await slots('external_variant_id=8003&start=2026-12-05&finish=2026-12-06'))).toEqual({
      '2026-12-05': ['09:00 1 ok', '13:00 10 ok'],
    });
    expect(brief(await slots('external_variant_id=8003&start=2026-12-05&finish=2026-12-06&quantity=2'))).toEqual({
      '2026-12-05': ['09:00 1 sold_out', '13:00 10 ok'],
    });
  });

  it('counts units in use at one instant, with the buffer after every hold and booking', async () => {
    // 10:00-11:00 ×2 occupies 10:00-11:30 with its buffer; each slot needs its own 30 minutes after.
    await holdSlots(service, 'a', [
      { externalId: 8001, start: '2026-12-04T23:00Z', finish: '2026-12-05T00:00Z', quantity: 2 },
    ]);
    expect(brief(await slots('external_variant_id=8001&start=2026-12-05&finish=2026-12-06'))).toEqual({
      '2026-12-05': ['09:00 1 ok', '10:00 1 ok', '11:00 1 ok', '12:00 3 ok'],
    });
    await bookSlot(service, { externalId: 8001, start: '2026-12-05T01:00Z', finish: '2026-12-05T02:00Z', quantity: 1 });
    await bookSlot(service, { externalId: 8001, start: '2026-12-05T00:30Z', finish: '2026-12-05T01:00Z', quantity: 1 });
    expect(brief(await slots('external_variant_id=8001&start=2026-12-05&finish=2026-12-06&quantity=2'))).toEqual({
      // 11:00-12:30 meets the hold (×2 to 11:30), then bookings 11:30-12:00 and 12:00-13:00 with
      // their buffers: 4 units in all but never more than 2 at one instant, so 1 is left.
      '2026-12-05': ['09:00 1 sold_out', '10:00 1 sold_out', '11:00 1 sold_out', '12:00 1 sold_out'],
    });
  });

  it('closes every slot a blackout overlaps: 12:00-14:00 closes the 13:00 tour, not the 09:00', async () => {
    const made = await call(service, 'POST', '/v1/blackouts', {
      title: 'Storm',
      starts_at: '2026-12-05 12:00',
      finishes_at: '2026-12-05 14:00',
      external_variant_id: 8003,
    });
    expect(made.status).toBe(201);
    const body = await slots('external_variant_id=8003&start=2026-12-05&finish=2026-12-06');
    expect(brief(body)).toEqual({ '2026-12-05': ['09:00 10 ok', '13:00 0 blacked_out'] });
    expect(body['2026-12-05'][1].status_code).toBe(3);
  });

  it('closes slots inside the notice, already started or past the horizon (outside_window), by the database clock', async () => {
    await setSchedule(service, 8003, { ...TOUR, min_notice_minutes: 120, horizon_days: 30 });
    service.clock.set('2026-12-05T07:30:00+11:00');
    expect(brief(await slots('external_variant_id=8003&start=2026-12-04&finish=2026-12-06'))).toEqual({
      '2026-12-04': ['09:00 0 outside_window', '13:00 0 outside_window'],
      '2026-12-05': ['09:00 0 outside_window', '13:00 10 ok'],
    });
    service.clock.set('2026-12-05T06:59:00+11:00');
    expect(brief(await slots('external_variant_id=8003&start=2026-12-05&finish=2026-12-06'))['2026-12-05']![0]).toBe(
      '09:00 10 ok',
    );
    // The horizon's last day is today + 30 (4 January); the 5th is past it.
    expect(brief(await slots('external_variant_id=8003&start=2027-01-04&finish=2027-01-06'))).toEqual({
      '2027-01-04': [],
      '2027-01-05': ['09:00 0 outside_window', '13:00 0 outside_window'],
    });
  });

  it("leaves the cart's own hold out with cart_token, and counts it for everyone else", async () => {
    await holdSlots(service, 'mine', [
      { externalId: 8003, start: '2026-12-04T22:00Z', finish: '2026-12-04T23:30Z', quantity: 4 },
    ]);
    await holdSlots(service, 'theirs', [
      { externalId: 8003, start: '2026-12-04T22:00Z', finish: '2026-12-04T23:30Z', quantity: 1 },
    ]);
    expect(brief(await slots('external_variant_id=8003&start=2026-12-05&finish=2026-12-06&cart_token=mine'))).toEqual({
      '2026-12-05': ['09:00 9 ok', '13:00 10 ok'],
    });
    expect(brief(await slots('external_variant_id=8003&start=2026-12-05&finish=2026-12-06&cart_token=other'))).toEqual({
      '2026-12-05': ['09:00 5 ok', '13:00 10 ok'],
    });
  });

  it('is readable with a publishable token, cacheable: 304 while nothing changes, a new ETag after a hold, a blackout or a schedule change', async () => {
    const url = '/v1/slots?external_variant_id=8003&start=2026-12-05&finish=2026-12-06';
    const first = await get(service, url, { token: PUBLISHABLE });
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"/);
    expect(first.headers.get('cache-control')).toBe('private, max-age=15, must-revalidate');
    const again = await get(service, url, { token: PUBLISHABLE, headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    await holdSlots(service, 'a', [
      { externalId: 8003, start: '2026-12-05T02:00Z', finish: '2026-12-05T03:30Z', quantity: 1 },
    ]);
    const changed = await get(service, url, { token: PUBLISHABLE, headers: { 'if-none-match': tag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(changed.body['2026-12-05'][1].quantity_available).toBe(9);
    // A blackout, then a schedule change, each give a new tag too.
    const tags = [changed.headers.get('etag')];
    await call(service, 'POST', '/v1/blackouts', {
      starts_at: '2026-12-05 08:00',
      finishes_at: '2026-12-05 09:30',
      external_variant_id: 8003,
    });
    tags.push((await get(service, url, { token: PUBLISHABLE })).headers.get('etag'));
    await setSchedule(service, 8003, { ...TOUR, duration_minutes: 60 });
    const rescheduled = await get(service, url, { token: PUBLISHABLE, headers: { 'if-none-match': tags[1]! } });
    expect(rescheduled.status).toBe(200);
    expect(rescheduled.body['2026-12-05'][0].local_finish).toBe('10:00');
    tags.push(rescheduled.headers.get('etag'));
    expect(new Set([tag, ...tags]).size).toBe(4);
    // A secret token's read is never cached.
    expect((await get(service, url)).headers.get('cache-control')).toBe('no-store');
  });

  it('answers 422 naming each bad parameter: periods over 62 days, finish not after start, bad dates, quantity 0', async () => {
    const fields = async (query: string) => {
      const answer = await get(service, `/v1/slots?${query}`);
      expect(answer.status).toBe(422);
      expect(answer.body.error).toBe('validation_failed');
      return answer.body.details.fields;
    };
    expect(await fields('external_variant_id=8003&start=2026-12-01&finish=2027-02-02')).toEqual({
      finish: ['must be at most 62 days after start'],
    });
    expect(await fields('external_variant_id=8003&start=2026-12-05&finish=2026-12-05')).toEqual({
      finish: ['must be after start (it is the first day not listed)'],
    });
    expect(Object.keys(await fields('external_variant_id=8003&start=2026-02-30&finish=2026-13-01'))).toEqual([
      'start',
      'finish',
    ]);
    expect(await fields('external_variant_id=8003&start=2026-12-05&finish=2026-12-06&quantity=0')).toEqual({
      quantity: ['must be a whole number from 1'],
    });
    expect(Object.keys(await fields('')).sort()).toEqual(['external_variant_id', 'finish', 'start']);
  });

  it("lists a Melbourne day with a DST change by the shop's wall clock: a repeated 02:00 once, a skipped one not at all", async () => {
    const allDay = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]]),
    );
    await setSchedule(service, 8001, schedule({ counting: 'units', duration_minutes: 60, hours: allDay }));
    // 4 April 2027: at 03:00 AEDT the clocks go back to 02:00 AEST (a 25-hour day).
    const back = (await slots('external_variant_id=8001&start=2027-04-04&finish=2027-04-05'))['2027-04-04'];
    expect(back).toHaveLength(24);
    expect(back.slice(1, 4).map((s: any) => [s.local_start, s.starts_at, s.finishes_at, s.local_finish])).toEqual([
      ['01:00', '2027-04-03T14:00:00.000Z', '2027-04-03T15:00:00.000Z', '02:00'],
      ['02:00', '2027-04-03T15:00:00.000Z', '2027-04-03T16:00:00.000Z', '02:00'], // its first occurrence, 60 elapsed minutes
      ['03:00', '2027-04-03T17:00:00.000Z', '2027-04-03T18:00:00.000Z', '04:00'],
    ]);
    expect(back.at(-1).starts_at).toBe('2027-04-04T13:00:00.000Z'); // 23:00 AEST
    // 3 October 2027: at 02:00 AEST the clocks go forward to 03:00 AEDT (a 23-hour day).
    const forward = (await slots('external_variant_id=8001&start=2027-10-03&finish=2027-10-04'))['2027-10-03'];
    expect(forward.map((s: any) => s.local_start)).toEqual(
      ['00', '01', ...Array.from({ length: 21 }, (_, i) => String(i + 3).padStart(2, '0'))].map((h) => `${h}:00`),
    );
    expect(forward[1]).toMatchObject({ starts_at: '2027-10-02T15:00:00.000Z', local_finish: '03:00' });
    expect(forward[2]).toMatchObject({ starts_at: '2027-10-02T16:00:00.000Z', local_start: '03:00' });
  });

  it('answers 422 for a variant booked by days, and 404 for a variant the shop does not have', async () => {
    const days = await get(service, '/v1/slots?external_variant_id=8002&start=2026-12-05&finish=2026-12-06');
    expect(days.status).toBe(422);
    expect(days.body.details.fields).toEqual({ external_variant_id: ['is booked by days; use /v1/availability'] });
    const unknown = await get(service, '/v1/slots?external_variant_id=9101&start=2026-12-05&finish=2026-12-06');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');
  });
});
