// One truth for the records: the response schemas the OpenAPI document shows are the record
// types of src/shared/records.ts and merchant-records.ts (checked by tsc, `npm run typecheck`), and a real answer
// has no field the schema does not name.
import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AvailabilityDaySchema,
  type GuestSchema,
  type LocationSchema,
  type NewTokenSchema,
  type OccupancyDaySchema,
  type ProductSchema,
  type ReservationItemSchema,
  ReservationSchema,
  type ShopifyConflictSchema,
  type ShopSchema,
  type TokenSchema,
  type VariantSchema,
  type WidgetSchema,
} from '../../../src/service/shared/record-schemas.ts';
import type {
  LocationRecord,
  NewToken,
  OccupancyDay,
  Product,
  ShopifyConflict,
  ShopRecord,
  TokenRecord,
  Variant,
} from '../../../src/shared/merchant-records.ts';
import type { AvailabilityDay, Guest, Reservation, ReservationItem, Widget } from '../../../src/shared/records.ts';
import { TEST_NOW } from '../../helpers/fixture.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { get, hold } from '../reservations/api.ts';

describe('record schemas', () => {
  it('are the shared record types', () => {
    expectTypeOf<z.output<typeof ReservationSchema>>().toEqualTypeOf<Reservation>();
    expectTypeOf<z.output<typeof ReservationItemSchema>>().toEqualTypeOf<ReservationItem>();
    expectTypeOf<z.output<typeof GuestSchema>>().toEqualTypeOf<Guest>();
    expectTypeOf<z.output<typeof WidgetSchema>>().toEqualTypeOf<Widget>();
    expectTypeOf<z.output<typeof AvailabilityDaySchema>>().toEqualTypeOf<AvailabilityDay>();
    expectTypeOf<z.output<typeof OccupancyDaySchema>>().toEqualTypeOf<OccupancyDay>();
    expectTypeOf<z.output<typeof TokenSchema>>().toEqualTypeOf<TokenRecord>();
    expectTypeOf<z.output<typeof NewTokenSchema>>().toEqualTypeOf<NewToken>();
    expectTypeOf<z.output<typeof LocationSchema>>().toEqualTypeOf<LocationRecord>();
    expectTypeOf<z.output<typeof ProductSchema>>().toEqualTypeOf<Product>();
    expectTypeOf<z.output<typeof VariantSchema>>().toEqualTypeOf<Variant>();
    expectTypeOf<z.output<typeof ShopifyConflictSchema>>().toEqualTypeOf<ShopifyConflict>();
    expectTypeOf<z.output<typeof ShopSchema>>().toEqualTypeOf<ShopRecord>();
  });

  describe('against real answers', () => {
    let service: TestService;
    beforeAll(async () => {
      service = await createTestService();
      service.clock.set(Date.parse(TEST_NOW));
    });
    afterAll(() => service.close());

    it('a reservation answered has exactly the fields of ReservationSchema', async () => {
      const held = await hold(service, {
        cart_token: 'schema-1',
        items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-12', quantity: 1 }],
      });
      expect(held.status).toBe(201);
      // zod drops a field it does not know: the parse equals the answer only if there is none.
      expect(ReservationSchema.parse(held.body)).toEqual(held.body);
      const listed = await get(service, '/v1/reservations?cart_token=schema-1');
      expect(listed.body.map((r: unknown) => ReservationSchema.parse(r))).toEqual(listed.body);
    });
  });
});
