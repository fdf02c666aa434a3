// Issue 15, point 5: each item keeps its own product's hold length. A cart's hold ends at the
// earliest of its items' (API notes): a post for a 15-minute product does not renew a 1-minute
// product's items for 15 minutes.
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import { testFixture } from '../../helpers/fixture.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { get, hold } from './api.ts';

// Kayaks are held 1 minute, tours 15 (the default).
const fixture = structuredClone(testFixture);
const kayakWidget = fixture.shops[0]!.widgets[0] as { settings: Record<string, unknown> };
kayakWidget.settings = { ...kayakWidget.settings, hold_minutes: 1 };

describeEachDatabase('hold length per product', (database) => {
  let service: TestService;
  afterEach(async () => {
    await service?.close();
  });

  it('a post for a 15-minute product leaves the cart expiring with its 1-minute item', async () => {
    service = await createTestService({ database, fixture });
    const now = service.clock.now();
    const kayak = await hold(service, {
      cart_token: 'mixed',
      items: [{ external_id: 8002, start: '2026-12-10', quantity: 2 }],
    });
    expect(Date.parse(kayak.body.expires_at)).toBe(now + 60_000);

    service.clock.advance(30_000);
    const tour = await hold(service, {
      cart_token: 'mixed',
      items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }],
    });
    expect(tour.status).toBe(200);
    expect(tour.body.items.map((i: { external_id: number }) => i.external_id).sort()).toEqual([8002, 8003]);
    expect(Date.parse(tour.body.expires_at)).toBe(now + 30_000 + 60_000);

    // Two minutes later the kayaks are free again for another cart.
    service.clock.advance(2 * 60_000);
    const availability = await get(
      service,
      '/v1/availability?external_variant_id=8002&start=2026-12-10&finish=2026-12-11',
    );
    expect(availability.body[0].quantity_available).toBe(2);
    expect(
      (await hold(service, { cart_token: 'other', items: [{ external_id: 8002, start: '2026-12-10', quantity: 2 }] }))
        .status,
    ).toBe(201);
  });

  it('a cart of a 15-minute product alone keeps 15 minutes; adding a 1-minute product shortens it', async () => {
    service = await createTestService({ database, fixture });
    const now = service.clock.now();
    const tour = await hold(service, {
      cart_token: 'c',
      items: [{ external_id: 8003, start: '2026-12-10', quantity: 1 }],
    });
    expect(Date.parse(tour.body.expires_at)).toBe(now + 15 * 60_000);
    const both = await hold(service, {
      cart_token: 'c',
      items: [{ external_id: 8001, start: '2026-12-10', quantity: 1 }],
    });
    expect(Date.parse(both.body.expires_at)).toBe(now + 60_000);
  });
});
