// POST /v1/reservations: one reservation per cart, items replaced per variant, renewal, the
// five refusal statuses, all or nothing, and the 422 that names each bad field.
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { TEST_NOW } from '../../helpers/fixture.ts';
import { PUBLISHABLE, book, call, get, hold } from './api.ts';

const NOW = Date.parse(TEST_NOW);
const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

describeEachDatabase('POST /v1/reservations', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });
  const start = async () => (service = await createTestService({ database }));

  it('creates the cart reservation (201) holding whole shop-local days, expiring after the widget hold time', async () => {
    await start();
    const r = await hold(service, {
      cart_token: 'c1',
      items: [{ external_id: '8001', start: '2026-12-10', finish: '2026-12-12', quantity: '2' }],
      guests: [ada],
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(Number),
      cart_token: 'c1',
      created_at: TEST_NOW,
      expires_at: new Date(NOW + 15 * 60_000).toISOString(),
      tz: 'Australia/Melbourne',
      items: [
        {
          start: '2026-12-09T13:00:00.000Z',
          finish: '2026-12-11T13:00:00.000Z',
          // Issue 27: the days in the shop's zone beside the instants, the finish exclusive.
          start_local: '2026-12-10',
          finish_local: '2026-12-12',
          status: 'ok',
          status_code: 1,
          variant_id: expect.any(Number),
          external_id: 8001,
          quantity: 2,
          quantity_available: 3,
          variant_title: 'Single kayak',
          product_title: 'Kayak hire',
          all_day: 1,
        },
      ],
    });
    const { rows } = await service.db.query<{ guests: unknown }>('SELECT guests FROM reservations WHERE id = $1', [
      r.body.id,
    ]);
    expect(rows[0]!.guests).toEqual([ada]);
  });

  it('holds one day when an item has no finish, and accepts numbers where the seed shows strings', async () => {
    await start();
    const r = await hold(service, {
      cart_token: 'c1',
      items: [{ external_id: 8003, start: '2026-12-05', quantity: 4 }],
    });
    expect(r.status).toBe(201);
    expect(r.body.items).toMatchObject([
      { start: '2026-12-04T13:00:00.000Z', finish: '2026-12-05T13:00:00.000Z', quantity: 4, external_id: 8003 },
    ]);
  });

  it('updates the same reservation (200): posted variants are replaced, others stay, quantity 0 removes', async () => {
    await start();
    const first = await hold(service, {
      cart_token: 'c1',
      items: [
        { external_id: 8001, start: '2026-12-10', quantity: 1 },
        { external_id: 8003, start: '2026-12-10', quantity: 2 },
      ],
    });
    expect(first.status).toBe(201);
    const second = await hold(service, {
      cart_token: 'c1',
      items: [{ external_id: 8001, start: '2026-12-20', finish: '2026-12-22', quantity: 3 }],
    });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.created_at).toBe(first.body.created_at);
    expect(second.body.items.map((i: any) => [i.external_id, i.start, i.quantity])).toEqual([
      [8003, '2026-12-09T13:00:00.000Z', 2],
      [8001, '2026-12-19T13:00:00.000Z', 3],
    ]);
    const third = await hold(service, {
      cart_token: 'c1',
      items: [{ external_id: 8003, start: '2026-12-10', quantity: 0 }],
    });
    expect(third.status).toBe(200);
    expect(third.body.items.map((i: any) => i.external_id)).toEqual([8001]);
    // The replaced 8001 item on 10 December no longer counts: another cart can take all 3.
    expect(
      (await hold(service, { cart_token: 'c2', items: [{ external_id: 8001, start: '2026-12-10', quantity: 3 }] }))
        .status,
    ).toBe(201);
  });

  it('renews expires_at on every post, from the clock of that post', async () => {
    await start();
    await hold(service, { cart_token: 'c1', items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }] });
    service.clock.advance(10 * 60_000);
    const renewed = await hold(service, {
      cart_token: 'c1',
      items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }],
    });
    expect(renewed.body.expires_at).toBe(new Date(NOW + 25 * 60_000).toISOString());
    expect(renewed.body.created_at).toBe(TEST_NOW);
  });

  it('uses the widget hold_minutes of the posted product', async () => {
    const fixture = structuredClone((await import('../../helpers/fixture.ts')).testFixture) as any;
    fixture.shops[0].widgets[1].settings.hold_minutes = 40;
    service = await createTestService({ database, fixture });
    const r = await hold(service, {
      cart_token: 'c1',
      items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }],
    });
    expect(r.body.expires_at).toBe(new Date(NOW + 40 * 60_000).toISOString());
  });

  it('reports quantity_available as capacity minus other carts and bookings, never the cart itself', async () => {
    await start();
    await hold(service, { cart_token: 'other', items: [{ external_id: 8001, start: '2026-12-11', quantity: 1 }] });
    expect(
      (
        await book(service, {
          starts_at: '2026-12-10 10:00',
          finishes_at: '2026-12-10 12:00',
          items: [{ external_id: 8001, quantity: 1 }],
        })
      ).status,
    ).toBe(201);
    const mine = await hold(service, {
      cart_token: 'mine',
      items: [{ external_id: 8001, start: '2026-12-09', finish: '2026-12-12', quantity: 1 }],
    });
    // Days 9, 10, 11: free 3, 2 (booking), 2 (other cart): the least is 2.
    expect(mine.body.items[0].quantity_available).toBe(2);
  });

  // Issue 27: an item a rule stops has 0 available (it read the free units, 3), its status saying why.
  it.each([
    ['sold_out', 2, { external_id: 8002, start: '2026-12-10', quantity: 3 }, 2],
    ['blacked_out', 3, { external_id: 8001, start: '2026-12-24', finish: '2026-12-27', quantity: 1 }, 0],
    ['outside_window', 4, { external_id: 8001, start: '2026-11-22', quantity: 1 }, 0],
    ['invalid_duration', 5, { external_id: 8001, start: '2026-12-01', finish: '2026-12-09', quantity: 1 }, 0],
    ['unknown_variant', 6, { external_id: 9101, start: '2026-12-10', quantity: 1 }, 0],
  ])('refuses with 409 %s (%i) and holds nothing, naming every posted item', async (status, code, item, available) => {
    await start();
    const good = { external_id: 8003, start: '2026-12-10', quantity: 1 };
    // Another cart's hold on the same day shows in quantity_available: 10 - 1.
    expect((await hold(service, { cart_token: 'c0', items: [good] })).status).toBe(201);
    const r = await hold(service, { cart_token: 'c1', items: [good, item] });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('unavailable');
    expect(r.body.message).toContain('items[1]');
    expect(r.body.details.items).toEqual([
      {
        external_id: 8003,
        start: '2026-12-09T13:00:00.000Z',
        finish: '2026-12-10T13:00:00.000Z',
        quantity: 1,
        quantity_available: 9,
        status: 'ok',
        status_code: 1,
      },
      expect.objectContaining({
        external_id: item.external_id,
        quantity: item.quantity,
        quantity_available: available,
        status,
        status_code: code,
      }),
    ]);
    const { rows } = await service.db.query<{ cart_token: string }>('SELECT cart_token FROM reservations');
    expect(rows.map((row) => row.cart_token)).toEqual(['c0']);
  });

  it('leaves an existing cart untouched when a later post is refused', async () => {
    await start();
    const first = await hold(service, {
      cart_token: 'c1',
      items: [{ external_id: 8002, start: '2026-12-10', quantity: 1 }],
    });
    service.clock.advance(60_000);
    const refused = await hold(service, {
      cart_token: 'c1',
      items: [
        { external_id: 8002, start: '2026-12-10', quantity: 0 },
        { external_id: 8001, start: '2026-12-25', quantity: 1 },
      ],
    });
    expect(refused.status).toBe(409);
    expect((await get(service, `/v1/reservations/${first.body.id}`)).body).toEqual(first.body);
  });

  it('rejects the horizon: a day past horizon_days from today is outside_window', async () => {
    await start();
    // Today is 2026-11-22 in Melbourne; the horizon is 365 days: 2027-11-22 is the last day.
    expect(
      (await hold(service, { cart_token: 'c1', items: [{ external_id: 8003, start: '2027-11-22', quantity: 1 }] }))
        .status,
    ).toBe(201);
    const r = await hold(service, {
      cart_token: 'c2',
      items: [{ external_id: 8003, start: '2027-11-23', quantity: 1 }],
    });
    expect(r.body.details.items[0].status).toBe('outside_window');
  });

  it('counts two items of one variant in one post against the same days', async () => {
    await start();
    const r = await hold(service, {
      cart_token: 'c1',
      items: [
        { external_id: 8002, start: '2026-12-10', finish: '2026-12-12', quantity: 1 },
        { external_id: 8002, start: '2026-12-11', quantity: 2 },
      ],
    });
    expect(r.status).toBe(409);
    expect(r.body.details.items.map((i: any) => [i.status, i.quantity_available])).toEqual([
      ['ok', 2],
      ['sold_out', 1],
    ]);
  });

  it('applies blackouts by level: shop-wide, location, product, and variant only to that variant', async () => {
    await start();
    const status = async (external_id: number, day: string) =>
      (
        await hold(service, {
          cart_token: `c-${external_id}-${day}`,
          items: [{ external_id, start: day, quantity: 1 }],
        })
      ).body.details?.items[0].status ?? 'ok';
    expect(await status(8003, '2026-12-25')).toBe('blacked_out'); // shop-wide Christmas
    expect(await status(8001, '2027-01-11')).toBe('blacked_out'); // variant 8001 hull repairs
    expect(await status(8002, '2027-01-11')).toBe('ok'); // ... not its sibling
    expect(await status(8002, '2027-02-01')).toBe('blacked_out'); // location Docklands
    expect(await status(8003, '2027-02-01')).toBe('ok'); // ... not St Kilda
    expect(await status(8003, '2026-12-01')).toBe('blacked_out'); // product 7002, scope start
  });

  it('lets a "start" blackout stop only ranges starting inside it, and an "overlap" one any range touching it', async () => {
    await start();
    await service.db.query(
      `INSERT INTO blackouts (shop_id, title, starts_at, finishes_at, scope, product_id)
       SELECT p.shop_id, 'No pick-ups', '2026-12-04T13:00:00Z', '2026-12-05T13:00:00Z', 'start', p.id FROM products p WHERE p.external_id = 7001`,
    );
    const range = (token: string, s: string, f: string) =>
      hold(service, { cart_token: token, items: [{ external_id: 8001, start: s, finish: f, quantity: 1 }] });
    expect((await range('a', '2026-12-04', '2026-12-07')).status).toBe(201); // starts the day before, runs through it
    expect((await range('b', '2026-12-05', '2026-12-07')).body.details.items[0].status).toBe('blacked_out');
    expect((await range('c', '2026-12-23', '2026-12-25')).status).toBe(201); // ends as Christmas begins
    expect((await range('d', '2026-12-23', '2026-12-26')).body.details.items[0].status).toBe('blacked_out');
  });

  it('names each bad field in a 422 and changes nothing', async () => {
    await start();
    const r = await hold(service, {
      cart_token: '',
      items: [
        { external_id: 'abc', start: '2026-02-30', quantity: -1 },
        { external_id: 8001, start: '2026-12-10', finish: '2026-12-10', quantity: 1.5 },
        'x',
      ],
      guests: [{ first_name: 'A', email: 'not-an-email' }],
    });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('validation_failed');
    expect(Object.keys(r.body.details.fields).sort()).toEqual(
      [
        'cart_token',
        'guests[0].email',
        'items[0].external_id',
        'items[0].quantity',
        'items[0].start',
        'items[1].finish',
        'items[1].quantity',
        'items[2]',
      ].sort(),
    );
    const missing = await hold(service, {});
    expect(Object.keys(missing.body.details.fields).sort()).toEqual(['cart_token', 'items']);
    expect((await hold(service, [])).status).toBe(422);
    const { rows } = await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reservations');
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses a field the payload does not have (a typo of finish or quantity) with a 422 naming it, and holds nothing', async () => {
    await start();
    const r = await hold(service, {
      cart_token: 'c1',
      notes: 'late arrival',
      items: [
        { external_id: 8001, start: '2027-01-14', end: '2027-01-15', quantity: 1 },
        { external_id: 8003, start: '2027-01-14', qty: 3 },
      ],
      guests: [{ ...ada, phone: '+61 400 000 000' }],
    });
    expect(r.status).toBe(422);
    expect(r.body.details.fields).toEqual({
      notes: ['is not a reservation field'],
      'items[0].end': ['is not a reservation item field'],
      'items[1].qty': ['is not a reservation item field'],
      'items[1].quantity': ['is required'],
      'guests[0].phone': ['is not a guest field'],
    });
    const { rows } = await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reservations');
    expect(rows[0]!.n).toBe(0);
  });

  it('accepts every field of the seed payload and the finish extension, as strings where the seed shows strings', async () => {
    await start();
    const r = await hold(service, {
      cart_token: 'c1',
      items: [{ external_id: '8001', start: '2027-01-14', finish: '2027-01-16', quantity: '1' }],
      guests: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }],
    });
    expect(r.status).toBe(201);
  });

  it('accepts 50 items and refuses 51', async () => {
    await start();
    // One unit on the first item: a post of removals alone to a cart with no reservation is a 422 (issue 15).
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        external_id: 8003,
        start: `2027-03-${String((i % 28) + 1).padStart(2, '0')}`,
        quantity: i === 0 ? 1 : 0,
      }));
    expect((await hold(service, { cart_token: 'c1', items: items(50) })).status).toBe(201);
    const r = await hold(service, { cart_token: 'c1', items: items(51) });
    expect(r.status).toBe(422);
    expect(r.body.details.fields.items).toBeDefined();
  });

  it('takes posts with a publishable token from an allowed origin only', async () => {
    await start();
    const body = { cart_token: 'shopper', items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }] };
    expect(
      (await hold(service, body, { token: PUBLISHABLE, headers: { origin: 'https://harbour.example' } })).status,
    ).toBe(201);
    expect(
      (await hold(service, body, { token: PUBLISHABLE, headers: { origin: 'https://evil.example' } })).status,
    ).toBe(403);
  });

  it('never shows one shop the cart of another with the same token', async () => {
    await start();
    const mine = await hold(service, {
      cart_token: 'shared',
      items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }],
    });
    const theirs = await call(
      service,
      'POST',
      '/v1/reservations',
      { cart_token: 'shared', items: [{ external_id: 9101, start: '2026-12-10', quantity: 1 }] },
      { token: 'sk_test_alpine' },
    );
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.tz).toBe('Europe/Berlin');
  });
});
