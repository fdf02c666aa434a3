// Type-level checks of the public signatures, run by Vitest's typecheck mode (the `types`
// project, vite.config.ts): a signature that drifts fails `npm test`.
import { describe, expectTypeOf, it } from 'vitest';
import {
  createClient,
  isRateLimitError,
  isUnavailableError,
  type ApiPromise,
  type ApiResult,
  type AvailabilityDay,
  type Blackout,
  type Booking,
  type BookingApiError,
  type BookingClient,
  type Reservation,
  type UnavailableItem,
  type Widget,
} from '../../src/client/index.ts';
import { listWidgets, type Requester } from '../../src/client/internal.ts';

const client = createClient({ baseUrl: 'https://bookings.test', token: 'sk_test_harbour' });

describe('types', () => {
  it('createClient returns a BookingClient', () => {
    expectTypeOf(createClient).returns.toEqualTypeOf<BookingClient>();
    expectTypeOf(createClient).parameter(0).toHaveProperty('baseUrl').toEqualTypeOf<string>();
    // The platform's fetch and a page-relative base URL are accepted as they are.
    void createClient({ baseUrl: '', token: null, fetch: globalThis.fetch });
  });

  it('blackouts methods take typed params and resolve to records', () => {
    expectTypeOf(client.blackouts.list).returns.toEqualTypeOf<ApiPromise<Blackout[]>>();
    expectTypeOf(client.blackouts.iterate).returns.toEqualTypeOf<AsyncGenerator<Blackout, void, undefined>>();
    expectTypeOf(client.blackouts.retrieve).parameter(0).toEqualTypeOf<number | string>();
    expectTypeOf(client.blackouts.retrieve).returns.resolves.toEqualTypeOf<Blackout>();
    expectTypeOf(client.blackouts.create).returns.resolves.toEqualTypeOf<Blackout>();
    expectTypeOf(client.blackouts.update).returns.resolves.toEqualTypeOf<Blackout>();
    expectTypeOf(client.blackouts.delete).returns.resolves.toEqualTypeOf<void>();
    expectTypeOf(client.blackouts.list)
      .parameter(0)
      .toEqualTypeOf<import('../../src/shared/index.ts').BlackoutListParams | undefined>();
    // @ts-expect-error: an unknown filter is a type error
    void client.blackouts.list({ colour: 'red' });
    // @ts-expect-error: a create needs starts_at and finishes_at
    void client.blackouts.create({ title: 'x' });
  });

  it('reservations methods take typed params and resolve to records', () => {
    expectTypeOf(client.reservations.list).returns.resolves.toEqualTypeOf<Reservation[]>();
    expectTypeOf(client.reservations.iterate).returns.toEqualTypeOf<AsyncGenerator<Reservation, void, undefined>>();
    expectTypeOf(client.reservations.retrieve)
      .parameter(1)
      .toEqualTypeOf<{ cart_token?: string | undefined } | undefined>();
    expectTypeOf(client.reservations.create).returns.resolves.toEqualTypeOf<Reservation>();
    expectTypeOf(client.reservations.create({ cart_token: 'c', items: [] }).withResponse()).resolves.toEqualTypeOf<
      ApiResult<Reservation>
    >();
    // @ts-expect-error: active is a boolean
    void client.reservations.list({ active: 'yes' });
  });

  it('bookings, widgets and availability resolve to their records', () => {
    expectTypeOf(client.bookings.create).returns.resolves.toEqualTypeOf<Booking>();
    expectTypeOf(client.bookings.create)
      .parameter(1)
      .exclude<undefined>()
      .toHaveProperty('idempotencyKey')
      .toEqualTypeOf<string | null | undefined>();
    expectTypeOf(client.widgets.list).returns.resolves.toEqualTypeOf<Widget[]>();
    expectTypeOf(client.widgets.iterate).returns.toEqualTypeOf<AsyncGenerator<Widget, void, undefined>>();
    expectTypeOf(client.availability.list).returns.resolves.toEqualTypeOf<AvailabilityDay[]>();
    expectTypeOf(listWidgets).parameter(0).toEqualTypeOf<Requester>();
  });

  it('guards narrow to the classes with their typed extras', () => {
    const error: unknown = undefined;
    if (isUnavailableError(error)) expectTypeOf(error.details.items).toEqualTypeOf<UnavailableItem[]>();
    if (isRateLimitError(error)) {
      expectTypeOf(error.retryAfterMs).toEqualTypeOf<number | undefined>();
      expectTypeOf(error).toMatchTypeOf<BookingApiError>();
      expectTypeOf(error.name).toEqualTypeOf<'RateLimitError'>();
    }
  });
});
