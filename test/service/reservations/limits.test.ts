// Issue 15, point 3: a publishable token cannot hold a shop's stock. quantity_max per item and a
// cart total of units × days (4 × quantity_max × max_days) bound it; secret tokens are not bound.
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { PUBLISHABLE, SECRET, hold } from './api.ts';

const fixture = { shops: testFixture.shops.map((shop) => ({ ...shop, blackouts: [] })) };
const publishable = { token: PUBLISHABLE, headers: { origin: 'https://harbour.example' } };
/** `n` consecutive 7-day items of `externalId` from `first` (YYYY-MM-DD), `quantity` each. */
function weeks(externalId: number, first: string, n: number, quantity: number) {
  return Array.from({ length: n }, (_, i) => {
    const start = new Date(Date.parse(first) + i * 7 * 86_400_000).toISOString().slice(0, 10);
    const finish = new Date(Date.parse(first) + (i + 1) * 7 * 86_400_000).toISOString().slice(0, 10);
    return { external_id: externalId, start, finish, quantity };
  });
}

describeEachDatabase('publishable holds are bounded per cart', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  it('refuses more than quantity_max units of an item with a 422 naming it; a secret token may', async () => {
    service = await createTestService({ database, fixture });
    const body = { cart_token: 'q', items: [{ external_id: 8003, start: '2026-12-10', quantity: 7 }] };
    const refused = await hold(service, body, publishable);
    expect(refused.status).toBe(422);
    expect(refused.body.details.fields['items[0].quantity'][0]).toContain('quantity_max');
    const { rows } = await service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reservations');
    expect(rows[0]!.n).toBe(0);
    expect((await hold(service, { ...body, items: [{ ...body.items[0], quantity: 6 }] }, publishable)).status).toBe(
      201,
    );
    expect(
      (
        await hold(
          service,
          { cart_token: 'merchant', items: [{ ...body.items[0], start: '2026-12-11' }] },
          { token: SECRET },
        )
      ).status,
    ).toBe(201);
  });

  it('refuses a cart above 4 × quantity_max × max_days units × days, counting the items it keeps', async () => {
    service = await createTestService({ database, fixture });
    // Kayaks: quantity_max 10, max_days 7, so 280 units × days. 14 full weeks of 3 singles = 294.
    const hoard = { cart_token: 'hoard', items: weeks(8001, '2026-12-01', 14, 3) };
    const refused = await hold(service, hoard, publishable);
    expect(refused.status).toBe(422);
    expect(refused.body.details.fields.items[0]).toContain('280');
    // Split over two posts: 10 weeks (210), then 6 weeks of 2 doubles (84) would make 294.
    expect(
      (await hold(service, { cart_token: 'hoard', items: weeks(8001, '2026-12-01', 10, 3) }, publishable)).status,
    ).toBe(201);
    const second = await hold(service, { cart_token: 'hoard', items: weeks(8002, '2026-12-01', 6, 2) }, publishable);
    expect(second.status).toBe(422);
    expect(
      (await hold(service, { cart_token: 'hoard', items: weeks(8002, '2026-12-01', 5, 2) }, publishable)).status,
    ).toBe(200);
    // A secret token (the merchant's server) is not bounded this way.
    expect(
      (
        await hold(
          service,
          { ...hoard, cart_token: 'merchant', items: weeks(8001, '2027-03-09', 14, 3) },
          { token: SECRET },
        )
      ).status,
    ).toBe(201);
  });

  it('lets a real shopper through: a week of 2 kayaks and a tour for 6', async () => {
    service = await createTestService({ database, fixture });
    const shopper = {
      cart_token: 's',
      items: [...weeks(8001, '2026-12-05', 1, 2), { external_id: 8003, start: '2026-12-06', quantity: 6 }],
    };
    expect((await hold(service, shopper, publishable)).status).toBe(201);
  });
});
