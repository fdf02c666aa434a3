// Bookings on the daylight-saving change days of 2027 in Australia/Melbourne and
// America/Santiago: shop-local times convert to the right UTC instants whatever the process
// zone, a local time the change skips is a 422, and days keep their own capacity.
import { afterEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { CUSTOMER, book, call } from '../reservations/api.ts';

/** The instants in `year` at which `tz` changes its UTC offset, found with Intl alone. */
function offsetChanges(tz: string, year: number): { at: string; from: string; to: string }[] {
  const f = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' });
  const offset = (t: number) => f.formatToParts(t).find((p) => p.type === 'timeZoneName')!.value;
  const changes = [];
  for (let t = Date.UTC(year, 0, 1), prev = offset(t); t < Date.UTC(year + 1, 0, 1); t += 15 * 60_000) {
    const now = offset(t);
    if (now !== prev) changes.push({ at: new Date(t).toISOString(), from: prev, to: now });
    prev = now;
  }
  return changes;
}

const SANTIAGO = {
  shops: [
    ...testFixture.shops,
    {
      name: 'Andes Bikes',
      tz: 'America/Santiago',
      locale: 'es',
      products: [
        {
          external_id: 5001,
          title: 'Bike hire',
          variants: [{ external_id: 5101, title: 'Mountain bike', capacity: 1 }],
        },
      ],
      widgets: [{ title: 'Bike hire', type: 'range', external_product_ids: [5001] }],
      tokens: [{ kind: 'secret', token: 'sk_test_andes' }],
    },
  ],
};

describe('the 2027 change days used below', () => {
  it('are 4 April and 3 October in Melbourne, and the night of 3-4 April and 5 September in Santiago', () => {
    expect(offsetChanges('Australia/Melbourne', 2027)).toEqual([
      { at: '2027-04-03T16:00:00.000Z', from: 'GMT+11:00', to: 'GMT+10:00' }, // 03:00 → 02:00 on 4 April
      { at: '2027-10-02T16:00:00.000Z', from: 'GMT+10:00', to: 'GMT+11:00' }, // 02:00 → 03:00 on 3 October
    ]);
    expect(offsetChanges('America/Santiago', 2027)).toEqual([
      { at: '2027-04-04T03:00:00.000Z', from: 'GMT-03:00', to: 'GMT-04:00' }, // 24:00 on 3 April → 23:00
      { at: '2027-09-05T04:00:00.000Z', from: 'GMT-04:00', to: 'GMT-03:00' }, // 00:00 on 5 September → 01:00
    ]);
  });
});

describeEachDatabase('bookings on DST change days', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });
  const melbourne = (starts_at: string, finishes_at: string, quantity = 1) =>
    book(service, { starts_at, finishes_at, items: [{ external_id: 8003, quantity }] });
  const santiago = (starts_at: string, finishes_at: string) =>
    call(
      service,
      'POST',
      '/v1/bookings',
      { starts_at, finishes_at, items: [{ external_id: 5101, quantity: 1 }], customers: [CUSTOMER] },
      { token: 'sk_test_andes' },
    );

  it('Melbourne, 4 April 2027 (clocks go back): the whole day is 25 hours, a repeated 02:30 is the first one', async () => {
    service = await createTestService({ database });
    const whole = await melbourne('2027-04-04 00:00', '2027-04-05 00:00');
    expect(whole.body).toMatchObject({
      starts_at: '2027-04-03T13:00:00.000Z',
      finishes_at: '2027-04-04T14:00:00.000Z',
      starts_at_local: '2027-04-04T00:00',
      finishes_at_local: '2027-04-05T00:00',
    });
    const repeated = await melbourne('2027-04-04 02:30', '2027-04-04 03:30');
    // The local times read as posted; the instants tell the first 02:30 from the second.
    expect(repeated.body).toMatchObject({
      starts_at: '2027-04-03T15:30:00.000Z',
      finishes_at: '2027-04-03T17:30:00.000Z',
      starts_at_local: '2027-04-04T02:30',
      finishes_at_local: '2027-04-04T03:30',
    });
  });

  it('Melbourne, 3 October 2027 (clocks go forward): 01:00-04:00 is two hours, 02:30 does not exist (422)', async () => {
    service = await createTestService({ database });
    expect((await melbourne('2027-10-03 01:00', '2027-10-03 04:00')).body).toMatchObject({
      starts_at: '2027-10-02T15:00:00.000Z',
      finishes_at: '2027-10-02T17:00:00.000Z',
    });
    const skipped = await melbourne('2027-10-03 02:30', '2027-10-03 05:00');
    expect(skipped.status).toBe(422);
    expect(skipped.body.details.fields.starts_at[0]).toContain('does not exist');
    // The zone's message joins the schema's in one 422, at its field's place.
    const both = await call(service, 'POST', '/v1/bookings', {
      qty: 1,
      starts_at: '2027-10-03 02:30',
      finishes_at: 'soon',
      items: [],
    });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.details.fields)).toEqual(['qty', 'starts_at', 'finishes_at', 'items', 'customers']);
    expect(both.body.details.fields.starts_at).toEqual([
      'does not exist in Australia/Melbourne (skipped by a daylight-saving change)',
    ]);
  });

  it('Melbourne: a booking across the change night uses both local days and no third', async () => {
    service = await createTestService({ database });
    expect((await melbourne('2027-04-03 20:00', '2027-04-04 08:00', 10)).status).toBe(201);
    const days = (
      await call(service, 'GET', '/v1/availability?external_variant_id=8003&start=2027-04-02&finish=2027-04-06')
    ).body;
    expect(days.map((d: any) => [d.date, d.quantity_available])).toEqual([
      ['2027-04-02', 10],
      ['2027-04-03', 0],
      ['2027-04-04', 0],
      ['2027-04-05', 10],
    ]);
  });

  it('Santiago, 5 September 2027: the day starts at 01:00, so 00:30 does not exist (422) and a hold of that day starts at 04:00 UTC', async () => {
    service = await createTestService({ database, fixture: SANTIAGO });
    const skipped = await santiago('2027-09-05 00:30', '2027-09-05 10:00');
    expect(skipped.status).toBe(422);
    expect(skipped.body.details.fields).toHaveProperty('starts_at');
    const booked = await santiago('2027-09-05 01:00', '2027-09-05 10:00');
    expect(booked.body).toMatchObject({
      starts_at: '2027-09-05T04:00:00.000Z',
      finishes_at: '2027-09-05T13:00:00.000Z',
      starts_at_local: '2027-09-05T01:00',
      finishes_at_local: '2027-09-05T10:00',
      tz: 'America/Santiago',
    });
    const held = await call(
      service,
      'POST',
      '/v1/reservations',
      { cart_token: 'c', items: [{ external_id: 5101, start: '2027-09-04', finish: '2027-09-05', quantity: 1 }] },
      { token: 'sk_test_andes' },
    );
    // The hold's days in the shop's zone, though the next day starts at 01:00 (04:00 UTC).
    const heldDays = {
      start: '2027-09-04T04:00:00.000Z',
      finish: '2027-09-05T04:00:00.000Z',
      start_local: '2027-09-04',
      finish_local: '2027-09-05',
    };
    expect(held.body.items[0]).toMatchObject(heldDays);
    const listed = await call(service, 'GET', '/v1/reservations?cart_token=c', undefined, { token: 'sk_test_andes' });
    expect(listed.body[0].items[0]).toMatchObject(heldDays);
    const next = await call(
      service,
      'POST',
      '/v1/reservations',
      { cart_token: 'd', items: [{ external_id: 5101, start: '2027-09-05', quantity: 1 }] },
      { token: 'sk_test_andes' },
    );
    expect(next.body.details.items[0]).toMatchObject({
      status: 'sold_out',
      start: '2027-09-05T04:00:00.000Z',
      finish: '2027-09-06T03:00:00.000Z',
    });
  });

  it('Santiago, 3 April 2027: the day is 25 hours long and a repeated 23:30 is the first one', async () => {
    service = await createTestService({ database, fixture: SANTIAGO });
    expect((await santiago('2027-04-03 00:00', '2027-04-04 00:00')).body).toMatchObject({
      starts_at: '2027-04-03T03:00:00.000Z',
      finishes_at: '2027-04-04T04:00:00.000Z',
    });
    await service.db.query("UPDATE bookings SET status = 'cancelled'");
    expect((await santiago('2027-04-03 23:30', '2027-04-04 00:30')).body).toMatchObject({
      starts_at: '2027-04-04T02:30:00.000Z',
      finishes_at: '2027-04-04T04:30:00.000Z',
    });
    // 23:30 on 3 April to 00:30 on 4 April touches both local days, and uses the one bike on each.
    const free = await call(
      service,
      'GET',
      '/v1/availability?external_variant_id=5101&start=2027-04-03&finish=2027-04-05',
      undefined,
      { token: 'sk_test_andes' },
    );
    expect(free.body.map((d: any) => d.quantity_available)).toEqual([0, 0]);
  });
});
