// One truth for the records: the response schemas the OpenAPI document shows are the record
// types of src/shared/records.ts and merchant-records.ts (checked by tsc, `npm run typecheck`), and a real answer
// has no field the schema does not name.
import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AvailabilityDaySchema,
  type AvailableSlotSchema,
  type SlotsByDateSchema,
  type GuestSchema,
  type LocationSchema,
  type NewTokenSchema,
  type OccupancyDaySchema,
  type ProductSchema,
  type ReservationItemSchema,
  ReservationSchema,
  type ShopifyConflictSchema,
  type TokenSchema,
  type VariantSchema,
  type WidgetSchema,
} from '../../../src/service/shared/record-schemas.ts';
import type { RequirementSchema, ResourceSchema } from '../../../src/service/shared/resource-record-schemas.ts';
import type { ResourceRecord, VariantRequirement } from '../../../src/shared/resource-records.ts';
import type { ShopSchema } from '../../../src/service/shared/shop-record-schemas.ts';
import {
  BlackoutSchema,
  BookingSchema,
  type BookingFieldSchema,
  type BookingItemSchema,
} from '../../../src/service/shared/booking-record-schemas.ts';
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
import type {
  AvailabilityDay,
  AvailableSlot,
  SlotsByDate,
  Blackout,
  Booking,
  BookingField,
  BookingItem,
  Guest,
  Reservation,
  ReservationItem,
  Widget,
} from '../../../src/shared/records.ts';
import { TEST_NOW } from '../../helpers/fixture.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';
import { api } from '../api.ts';
import { get, hold } from '../reservations/api.ts';

describe('record schemas', () => {
  it('are the shared record types', () => {
    expectTypeOf<z.output<typeof ReservationSchema>>().toEqualTypeOf<Reservation>();
    expectTypeOf<z.output<typeof ReservationItemSchema>>().toEqualTypeOf<ReservationItem>();
    expectTypeOf<z.output<typeof GuestSchema>>().toEqualTypeOf<Guest>();
    expectTypeOf<z.output<typeof WidgetSchema>>().toEqualTypeOf<Widget>();
    expectTypeOf<z.output<typeof AvailabilityDaySchema>>().toEqualTypeOf<AvailabilityDay>();
    expectTypeOf<z.output<typeof AvailableSlotSchema>>().toEqualTypeOf<AvailableSlot>();
    expectTypeOf<z.output<typeof SlotsByDateSchema>>().toEqualTypeOf<SlotsByDate>();
    expectTypeOf<z.output<typeof OccupancyDaySchema>>().toEqualTypeOf<OccupancyDay>();
    expectTypeOf<z.output<typeof TokenSchema>>().toEqualTypeOf<TokenRecord>();
    expectTypeOf<z.output<typeof NewTokenSchema>>().toEqualTypeOf<NewToken>();
    expectTypeOf<z.output<typeof LocationSchema>>().toEqualTypeOf<LocationRecord>();
    expectTypeOf<z.output<typeof ProductSchema>>().toEqualTypeOf<Product>();
    expectTypeOf<z.output<typeof VariantSchema>>().toEqualTypeOf<Variant>();
    expectTypeOf<z.output<typeof ResourceSchema>>().toEqualTypeOf<ResourceRecord>();
    expectTypeOf<z.output<typeof RequirementSchema>>().toEqualTypeOf<VariantRequirement>();
    expectTypeOf<z.output<typeof ShopifyConflictSchema>>().toEqualTypeOf<ShopifyConflict>();
    expectTypeOf<z.output<typeof ShopSchema>>().toEqualTypeOf<ShopRecord>();
    expectTypeOf<z.output<typeof BookingSchema>>().toEqualTypeOf<Booking>();
    expectTypeOf<z.output<typeof BookingItemSchema>>().toEqualTypeOf<BookingItem>();
    expectTypeOf<z.output<typeof BookingFieldSchema>>().toEqualTypeOf<BookingField>();
    expectTypeOf<z.output<typeof BlackoutSchema>>().toEqualTypeOf<Blackout>();
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

    it('a booking and a blackout answered have exactly the fields of their schemas', async () => {
      const booked = await api(service).post('/v1/bookings', {
        starts_at: '2026-12-20 10:00',
        finishes_at: '2026-12-20 12:00',
        items: [{ external_id: 8001, quantity: 1, resource_id: 7 }],
        customers: [{ email: 'ada@example.com' }],
        fields: [{ name: 'note', value: 'hi' }],
        tags: ['vip'],
      });
      expect(booked.status).toBe(201);
      expect(BookingSchema.parse(booked.body)).toEqual(booked.body);
      const blackout = await api(service).post('/v1/blackouts', {
        starts_at: '2026-12-24',
        finishes_at: '2026-12-25',
        product_id: 1,
      });
      expect(blackout.status).toBe(201);
      expect(BlackoutSchema.parse(blackout.body)).toEqual(blackout.body);
    });
  });
});
