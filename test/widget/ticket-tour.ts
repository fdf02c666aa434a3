/**
 * A product with ticket types and a shopper's choice against the in-process service (issue 39):
 * the "Sunset cruise" (product 7010) of the test fixture's Melbourne shop, its Adult (8010,
 * capacity 12) and Child (8011, capacity 6) sharing the boat's 12 seats, and one of two guides
 * (Anna, Ben) leading each departure, picked by the shopper or left to the shop; its date
 * widget (or range, or slot). Resources are written straight to the database
 * (`resources-setup.ts`): the merchant API for them is not the widget's to depend on.
 */
import { waitFor } from '@testing-library/preact';
import { expect } from 'vitest';
import { addResource, requireResources } from '../service/reservations/resources-setup.ts';
import { api } from '../service/api.ts';
import { type WidgetHarness, inWidget, mountWidget, startHarness } from '../helpers/render-widget.ts';

export const CRUISE = '7010';
export const ADULT = '8010';
export const CHILD = '8011';
/** The page's prices of each type, as the Shopify block renders them. */
export const PRICES = `${ADULT}:79,${CHILD}:49`;

/** What `ticketTour` takes: the widget's type, its settings, the boat's seats, whether guides are the shopper's pick. */
export interface CruiseOptions {
  type?: 'date' | 'range' | 'slot';
  settings?: Record<string, unknown>;
  seats?: number;
  /** `false`: no guide pool (ticket types alone). @default true */
  guides?: boolean;
  /** Only a guide pool on the Adult, no shared seats (a pool alone). */
  poolOnly?: boolean;
}

/** A fresh service with the Sunset cruise, its widget and its resources; their ids. */
export async function ticketTour(options: CruiseOptions = {}) {
  const harness = await startHarness();
  const { service } = harness;
  const a = api(service);
  const schedule = options.type === 'slot' && {
    schedule: {
      counting: 'seats',
      departures: Object.fromEntries(
        ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ['09:00', '13:00']]),
      ),
      duration_minutes: 120,
    },
  };
  const product = await a.post('/v1/products', {
    external_id: Number(CRUISE),
    title: 'Sunset cruise',
    vendor: 'Bay Tours',
    variants: [
      { external_id: Number(ADULT), title: 'Adult', capacity: 12, ...schedule },
      { external_id: Number(CHILD), title: 'Child', capacity: 6, ...schedule },
    ],
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const widget = await a.post('/v1/widgets', {
    title: 'Sunset cruise',
    type: options.type ?? 'date',
    external_product_ids: [Number(CRUISE)],
    settings: { quantity_max: 12, ...options.settings },
  });
  expect(widget.status, JSON.stringify(widget.body)).toBe(201);
  const { db } = service;
  const seats = await addResource(db, { name: 'Boat seats', units: options.seats ?? 12 });
  const anna = await addResource(db, { name: 'Anna', units: 1 });
  const ben = await addResource(db, { name: 'Ben', units: 1 });
  if (options.poolOnly) {
    await requireResources(db, Number(ADULT), { pool: [anna, ben], per: 'booking', choice: 'shopper' });
  } else {
    for (const v of [ADULT, CHILD]) {
      await requireResources(db, Number(v), { pool: [seats] });
      if (options.guides !== false)
        await requireResources(db, Number(v), { pool: [anna, ben], per: 'slot', choice: 'shopper' });
    }
  }
  return { harness, a, seats, anna, ben };
}

/** Mounts the cruise's widget and waits until `first` (`YYYY-MM-DD`) is in, with the steppers or pool shown. */
export async function openCruise(
  harness: WidgetHarness,
  attributes: Record<string, string> = {},
  first = '2026-11-24',
) {
  const el = await mountWidget(harness, {
    product: CRUISE,
    variant: ADULT,
    'cart-token': 'cart-t',
    prices: PRICES,
    currency: 'AUD',
    ...attributes,
  });
  const w = inWidget(el);
  const dayOf = (date: string) =>
    el.shadowRoot!.querySelector<HTMLElement>(`[data-day="${date}"]:not([part~=day-loading])`) ?? undefined;
  await waitFor(() => expect(dayOf(first)).toBeTruthy());
  await waitFor(() => expect(el.shadowRoot!.querySelector('[part~=pools],[part~=tickets]')).toBeTruthy(), {
    timeout: 10_000,
  });
  return { el, w, dayOf };
}
