import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api, catalogIds, TOKENS } from '../api.ts';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The id of the blackout titled `title` (of any shop). */
async function blackoutId(service: TestService, title: string): Promise<number> {
  return (await service.db.query<{ id: number }>('SELECT id FROM blackouts WHERE title = $1', [title])).rows[0]!.id;
}

// Ids that no path may resolve: not numbers, not positive, or past what an id can be.
const IMPOSSIBLE_IDS = ['abc', '0', '-1', '1.5', '1e3', '0x10', '%20', '99999999999999999999', '9007199254740993'];

describeEachDatabase('GET /v1/blackouts/{id}', (database) => {
  let service: TestService;
  let ids: Awaited<ReturnType<typeof catalogIds>>;
  beforeAll(async () => {
    service = await createTestService({ database });
    ids = await catalogIds(service);
  });
  afterAll(() => service.close());

  it('answers one blackout as its record: UTC times with milliseconds, all_day 0/1, targets as numbers or null, the vendor', async () => {
    const id = await blackoutId(service, 'Hull repairs');
    const { status, body } = await api(service).get(`/v1/blackouts/${id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      id,
      title: 'Hull repairs',
      shopper_reason: null,
      starts_at: '2027-01-09T13:00:00.000Z',
      finishes_at: '2027-01-12T13:00:00.000Z',
      all_day: 1,
      scope: 'overlap',
      // Issue 15: a variant's blackout names the variant's product (it was null beside the vendor).
      product_id: ids.kayak,
      external_product_id: 7001,
      variant_id: ids.single,
      external_variant_id: 8001,
      location_id: null,
      resource_id: null,
      vendor: 'Harbour',
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });
  });

  it("shows a product's blackout with its platform id and vendor, and a location's with neither", async () => {
    const tour = await api(service).get(`/v1/blackouts/${await blackoutId(service, 'Tour guide away')}`);
    expect(tour.body).toMatchObject({
      product_id: ids.tour,
      external_product_id: 7002,
      variant_id: null,
      location_id: null,
      vendor: 'Bay Tours',
      scope: 'start',
    });
    const docklands = await api(service).get(`/v1/blackouts/${await blackoutId(service, 'Docklands closed')}`);
    expect(docklands.body).toMatchObject({
      product_id: null,
      external_product_id: null,
      variant_id: null,
      location_id: ids.docklands,
      vendor: null,
    });
  });

  it('answers the same record as the list, also with a trailing slash; to a publishable token without the title', async () => {
    const { body: list } = await api(service).get('/v1/blackouts');
    for (const record of list) {
      expect((await api(service).get(`/v1/blackouts/${record.id}/`)).body).toEqual(record);
      // Issue 27: a publishable token lives in a shopper's browser, so the merchant's title stays private.
      expect((await api(service).get(`/v1/blackouts/${record.id}`, { token: TOKENS.publishable })).body).toEqual({
        ...record,
        title: null,
      });
    }
  });

  it("gives shoppers the merchant's shopper reason, and null where the merchant wrote none", async () => {
    const christmas = await blackoutId(service, 'Christmas');
    const shopper = await api(service).get(`/v1/blackouts/${christmas}`, { token: TOKENS.publishable });
    expect(shopper.body).toMatchObject({ title: null, shopper_reason: 'Christmas Day' });
    const hull = await blackoutId(service, 'Hull repairs');
    expect((await api(service).get(`/v1/blackouts/${hull}`, { token: TOKENS.publishable })).body).toMatchObject({
      title: null,
      shopper_reason: null,
    });
  });

  it("answers 404 for an unknown id and for another shop's blackout, alike", async () => {
    const alpine = await blackoutId(service, 'Inventory');
    const unknown = await api(service).get('/v1/blackouts/999999');
    const foreign = await api(service).get(`/v1/blackouts/${alpine}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'not_found', message: 'No blackout with id 999999.' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: `No blackout with id ${alpine}.` });
    expect((await api(service).get(`/v1/blackouts/${alpine}`, { token: TOKENS.otherSecret })).status).toBe(200);
  });

  it.each(IMPOSSIBLE_IDS)('answers 404 (not 422, not 500) for the id %s', async (raw) => {
    const { status, body } = await api(service).get(`/v1/blackouts/${raw}`);
    expect(status).toBe(404);
    expect(body.error).toBe('not_found');
  });
});

describeEachDatabase('DELETE /v1/blackouts/{id}', (database) => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService({ database });
  });
  afterAll(() => service.close());

  it.each(IMPOSSIBLE_IDS)('answers 404 for the id %s', async (raw) => {
    expect((await api(service).delete(`/v1/blackouts/${raw}`)).status).toBe(404);
  });

  it("answers 404 for another shop's blackout and leaves it", async () => {
    const alpine = await blackoutId(service, 'Inventory');
    const { status, body } = await api(service).delete(`/v1/blackouts/${alpine}`);
    expect(status).toBe(404);
    expect(body.error).toBe('not_found');
    expect((await api(service).get(`/v1/blackouts/${alpine}`, { token: TOKENS.otherSecret })).status).toBe(200);
  });

  it('refuses a publishable token with 403 and leaves the blackout', async () => {
    const christmas = await blackoutId(service, 'Christmas');
    const { status, body } = await api(service).delete(`/v1/blackouts/${christmas}`, { token: TOKENS.publishable });
    expect(status).toBe(403);
    expect(body.error).toBe('forbidden');
    expect((await api(service).get(`/v1/blackouts/${christmas}`)).status).toBe(200);
  });
});

describeEachDatabase('DELETE /v1/blackouts/{id}: deleting', (database) => {
  it('answers 204 with no body; the blackout is gone from GET and the list, and a second DELETE is 404', async () => {
    const service = await createTestService({ database });
    try {
      const christmas = await blackoutId(service, 'Christmas');
      const deleted = await api(service).delete(`/v1/blackouts/${christmas}/`);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expect(deleted.headers.get('date')).toBe(new Date(service.clock.now()).toUTCString());
      expect((await api(service).get(`/v1/blackouts/${christmas}`)).status).toBe(404);
      const { body, headers } = await api(service).get('/v1/blackouts');
      expect(body.map((b: { title: string }) => b.title)).toEqual([
        'Tour guide away',
        'Hull repairs',
        'Docklands closed',
      ]);
      expect(headers.get('x-total-count')).toBe('3');
      expect((await api(service).delete(`/v1/blackouts/${christmas}`)).status).toBe(404);
    } finally {
      await service.close();
    }
  });

  it('leaves existing holds and bookings in the blacked-out period untouched', async () => {
    const service = await createTestService({ database });
    try {
      const ids = await catalogIds(service);
      const shop = (await service.db.query<{ id: number }>("SELECT id FROM shops WHERE name = 'Harbour Kayaks'"))
        .rows[0]!.id;
      // A hold and a booking on Christmas Day, as if made before the blackout existed.
      const now = new Date(service.clock.now());
      const { rows } = await service.db.query<{ id: number }>(
        `INSERT INTO reservations (shop_id, cart_token, created_at, updated_at, expires_at) VALUES ($1, 'cart-xmas', $2, $2, $3) RETURNING id`,
        [shop, now, new Date(now.getTime() + 15 * 60_000)],
      );
      await service.db.query(
        `INSERT INTO reservation_items (reservation_id, variant_id, start_at, finish_at, start_day, finish_day, quantity)
         VALUES ($1, $2, '2026-12-24T13:00:00Z', '2026-12-25T13:00:00Z', '2026-12-25', '2026-12-26', 2)`,
        [rows[0]!.id, ids.single],
      );
      const booking = await service.db.query<{ id: number }>(
        `INSERT INTO bookings (shop_id, starts_at, finishes_at, start_day, finish_day, created_at)
         VALUES ($1, '2026-12-24T22:00:00Z', '2026-12-24T23:00:00Z', '2026-12-25', '2026-12-26', $2) RETURNING id`,
        [shop, now],
      );
      await service.db.query('INSERT INTO booking_items (booking_id, variant_id, quantity) VALUES ($1, $2, 1)', [
        booking.rows[0]!.id,
        ids.double,
      ]);
      const snapshot = async () => ({
        reservations: (await service.db.query('SELECT * FROM reservations ORDER BY id')).rows,
        reservationItems: (await service.db.query('SELECT * FROM reservation_items ORDER BY id')).rows,
        bookings: (await service.db.query('SELECT * FROM bookings ORDER BY id')).rows,
        bookingItems: (await service.db.query('SELECT * FROM booking_items ORDER BY id')).rows,
      });
      const before = await snapshot();
      expect((await api(service).delete(`/v1/blackouts/${await blackoutId(service, 'Christmas')}`)).status).toBe(204);
      expect(await snapshot()).toEqual(before);
    } finally {
      await service.close();
    }
  });
});
