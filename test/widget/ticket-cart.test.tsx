/**
 * A hold of several ticket types in a Shopify cart (issue 39 point 3): one cart line per type,
 * added in one `/cart/add.js` and sharing the hold's `_reservation_id`; a type no longer wanted
 * leaves the cart when the hold is updated; a release takes every line of the group out.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { WidgetHarness } from '../helpers/render-widget.ts';
import { ADULT, CHILD, openCruise, ticketTour } from './ticket-tour.ts';

interface Line {
  key: string;
  variant_id: number;
  quantity: number;
  properties: Record<string, string>;
}

/** A storefront cart as Shopify's: `/cart.js`, `/cart/add.js` (items form), `/cart/change.js` (0 removes). */
function fakeCart() {
  const lines: Line[] = [];
  let next = 0;
  const adds: number[] = [];
  const routes: Record<string, (init: RequestInit) => Response> = {
    '/cart.js': () => Response.json({ token: 'c1-shop', items: lines }),
    '/cart/add.js': (init) => {
      const { items } = JSON.parse(String(init.body)) as {
        items: Omit<Line, 'key' | 'variant_id'>[] & { id: number }[];
      };
      adds.push(items.length);
      for (const item of items as unknown as (Line & { id: number })[])
        lines.push({ key: `k${next++}`, variant_id: item.id, quantity: item.quantity, properties: item.properties });
      return Response.json({ items: lines });
    },
    '/cart/change.js': (init) => {
      const { id, quantity } = JSON.parse(String(init.body)) as { id: string; quantity: number };
      const i = lines.findIndex((l) => l.key === id);
      if (quantity === 0) lines.splice(i, 1);
      else lines[i]!.quantity = quantity;
      return Response.json({ items: lines });
    },
  };
  return { lines, routes, adds };
}

let harness: WidgetHarness;
beforeEach(() => {
  (globalThis as { Shopify?: unknown }).Shopify = { routes: { root: '/' } };
});
afterEach(() => {
  delete (globalThis as { Shopify?: unknown }).Shopify;
  return harness?.close();
});

it('puts Adults 2 and Children 1 in the cart as two lines of one reservation, and takes both out on release', async () => {
  ({ harness } = await ticketTour({ guides: false }));
  const cart = fakeCart();
  Object.assign(harness.storefront, cart.routes);
  const { el, w, dayOf } = await openCruise(harness, { 'cart-token': '' });
  let reserved = 0;
  el.addEventListener('booking-widget:reserved', () => reserved++);
  fireEvent.click(dayOf('2026-11-24')!);
  fireEvent.click(w.getByRole('button', { name: 'More: Adult' }));
  fireEvent.click(w.getByRole('button', { name: 'More: Child' }));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await waitFor(() => expect(reserved).toBe(1), { timeout: 10_000 });
  expect(cart.adds).toEqual([2]);
  expect(cart.lines.map((l) => [l.variant_id, l.quantity, l.properties.Units, l.properties.Start])).toEqual([
    [Number(ADULT), 2, '2', 'Nov 24, 2026'],
    [Number(CHILD), 1, '1', 'Nov 24, 2026'],
  ]);
  const ids = new Set(cart.lines.map((l) => l.properties._reservation_id));
  expect(ids.size).toBe(1);
  expect([...ids][0]).toMatch(/^\d+$/);

  // No more Children: the hold is updated, and the Child's line leaves the cart.
  fireEvent.click(w.getByRole('button', { name: 'Fewer: Child' }));
  fireEvent.click(await w.findByRole('button', { name: 'Update hold' }));
  await waitFor(() => expect(reserved).toBe(2), { timeout: 10_000 });
  expect(cart.lines.map((l) => [l.variant_id, l.quantity])).toEqual([[Number(ADULT), 2]]);

  fireEvent.click(w.getByRole('button', { name: 'Release' }));
  await waitFor(() => expect(cart.lines).toEqual([]), { timeout: 10_000 });
});
