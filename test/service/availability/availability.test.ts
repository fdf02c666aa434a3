// GET /v1/availability: one entry per day, judged by the same engine as the writes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { PUBLISHABLE, book, get, hold } from '../reservations/api.ts';

describeEachDatabase('GET /v1/availability', (database) => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService({ database });
    await hold(service, {
      cart_token: 'mine',
      items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-12', quantity: 2 }],
    });
    await book(service, {
      starts_at: '2026-12-11 10:00',
      finishes_at: '2026-12-11 11:00',
      items: [{ external_id: 8001, quantity: 1 }],
    });
  });
  afterAll(async () => {
    await service?.close();
  });
  const days = async (query: string, token?: string) => {
    const r = await get(service, `/v1/availability?${query}`, { token });
    expect(r.status).toBe(200);
    return r.body.map((d: any) => [d.date, d.quantity_available, d.status, d.status_code]);
  };

  it('lists each day with the units left after holds and bookings', async () => {
    expect(await days('external_variant_id=8001&start=2026-12-09&finish=2026-12-13')).toEqual([
      ['2026-12-09', 3, 'ok', 1],
      ['2026-12-10', 1, 'ok', 1],
      ['2026-12-11', 0, 'sold_out', 2],
      ['2026-12-12', 3, 'ok', 1],
    ]);
  });

  it('leaves out the holds of the cart named by cart_token, matching its reservation quantity_available', async () => {
    expect(await days('external_variant_id=8001&start=2026-12-10&finish=2026-12-12&cart_token=mine')).toEqual([
      ['2026-12-10', 3, 'ok', 1],
      ['2026-12-11', 2, 'ok', 1],
    ]);
    const reservation = (await get(service, '/v1/reservations?cart_token=mine')).body[0];
    expect(reservation.items[0].quantity_available).toBe(2);
  });

  it('refuses a blank cart_token, or one of only a format character, with the 422 the reservation reads give', async () => {
    for (const bad of ['%E2%80%8B', '%20']) {
      const answer = await get(
        service,
        `/v1/availability?external_variant_id=8001&start=2026-12-10&finish=2026-12-12&cart_token=${bad}`,
      );
      expect(answer.status).toBe(422);
      expect(answer.body.details.fields).toEqual({
        cart_token: ['must not be blank nor hold control or format characters'],
      });
    }
  });

  it('marks days before the lead time or past the horizon outside_window (4), and blackouts blacked_out (3)', async () => {
    // Issue 27: a day no item can start on has 0 available (it said 3), its status saying why.
    expect(await days('external_variant_id=8001&start=2026-11-21&finish=2026-11-24')).toEqual([
      ['2026-11-21', 0, 'outside_window', 4], // the past
      ['2026-11-22', 0, 'outside_window', 4], // today, with a lead time of 1 day
      ['2026-11-23', 3, 'ok', 1],
    ]);
    expect((await days('external_variant_id=8001&start=2027-11-22&finish=2027-11-24')).map((d: any) => d[2])).toEqual([
      'ok',
      'outside_window',
    ]);
    expect((await days('external_variant_id=8003&start=2026-11-30&finish=2026-12-04')).map((d: any) => d[2])).toEqual([
      'ok',
      'blacked_out',
      'blacked_out',
      'ok',
    ]);
  });

  it('gives a closed day 0 available but its free units, so a caller filtering by quantity_available never picks it', async () => {
    const { body } = await get(service, '/v1/availability?external_variant_id=8003&start=2026-11-21&finish=2026-12-04');
    const usable = body.filter((d: { quantity_available: number }) => d.quantity_available > 0);
    expect(usable.every((d: { status: string }) => d.status === 'ok')).toBe(true);
    // "Tour guide away" closes 1-2 December to starts: none available, all 10 places free.
    expect(body.filter((d: { status: string }) => d.status === 'blacked_out')).toEqual([
      { date: '2026-12-01', quantity_available: 0, quantity_free: 10, status: 'blacked_out', status_code: 3 },
      { date: '2026-12-02', quantity_available: 0, quantity_free: 10, status: 'blacked_out', status_code: 3 },
    ]);
    expect(body[0]).toEqual({
      date: '2026-11-21',
      quantity_available: 0,
      quantity_free: 10,
      status: 'outside_window',
      status_code: 4,
    });
    expect(body.find((d: { date: string }) => d.date === '2026-11-23')).toMatchObject({
      quantity_available: 10,
      quantity_free: 10,
    });
  });

  it('answers every day unknown_variant (6) for a variant the shop does not have', async () => {
    expect(await days('external_variant_id=9101&start=2026-12-10&finish=2026-12-11')).toEqual([
      ['2026-12-10', 0, 'unknown_variant', 6],
    ]);
  });

  it('is readable with a publishable token', async () => {
    expect(await days('external_variant_id=8001&start=2026-12-12&finish=2026-12-13', PUBLISHABLE)).toEqual([
      ['2026-12-12', 3, 'ok', 1],
    ]);
  });

  it('answers 422 naming missing or bad parameters, and periods over 366 days', async () => {
    const fields = async (query: string) =>
      Object.keys((await get(service, `/v1/availability?${query}`)).body.details.fields).sort();
    expect(await fields('')).toEqual(['external_variant_id', 'finish', 'start']);
    expect(await fields('external_variant_id=x&start=2026-13-01&finish=2026-12-01')).toEqual([
      'external_variant_id',
      'start',
    ]);
    expect(await fields('external_variant_id=8001&start=2026-12-10&finish=2026-12-10')).toEqual(['finish']);
    expect(await fields('external_variant_id=8001&start=2026-01-01&finish=2027-01-03')).toEqual(['finish']);
    expect(
      (await get(service, '/v1/availability?external_variant_id=8001&start=2026-01-01&finish=2027-01-02')).body,
    ).toHaveLength(366);
  });
});
