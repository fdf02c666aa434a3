/**
 * A slot widget's hold in the Shopify cart (issue 29, point 3): the line's visible properties
 * name the day and time in the shop's zone, the hidden ones the slot's instants, and the line's
 * quantity follows the widget's pricing (one slot held: per person or per slot alike, the units;
 * a run of slots per slot: the units times its slots).
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import type { WidgetHarness } from '../helpers/render-widget.ts';
import { LOADED, openSlotWidget, plain, radios, slotTour } from '../helpers/slot-widget.ts';

interface Line {
  key: string;
  variant_id: number;
  quantity: number;
  properties: Record<string, string>;
}

let harness: WidgetHarness;
afterEach(() => {
  delete (globalThis as { Shopify?: unknown }).Shopify;
  return harness.close();
});

/** A storefront cart as Shopify's, enough for adding and removing lines. */
function fakeCart(h: WidgetHarness): Line[] {
  const lines: Line[] = [];
  Object.assign(h.storefront, {
    '/cart.js': () => Response.json({ token: 'c1-shop', items: lines }),
    '/cart/add.js': (init: RequestInit) => {
      for (const item of JSON.parse(String(init.body)).items)
        lines.push({
          key: `k${lines.length}`,
          variant_id: item.id,
          quantity: item.quantity,
          properties: item.properties,
        });
      return Response.json({ items: lines });
    },
    '/cart/change.js': (init: RequestInit) => {
      const { id, quantity } = JSON.parse(String(init.body));
      const i = lines.findIndex((l) => l.key === id);
      if (quantity === 0) lines.splice(i, 1);
      else lines[i]!.quantity = quantity;
      return Response.json({ items: lines });
    },
  });
  return lines;
}

for (const pricing of ['booking', 'slot'] as const) {
  it(`puts a held time into the Shopify cart named by its day and time in the shop’s zone, units as the quantity (pricing ${pricing})`, async () => {
    const made = await slotTour();
    harness = made.harness;
    const [widget] = (await made.a.get('/v1/widgets?external_product_id=7002')).body;
    await made.a.put(`/v1/widgets/${widget.id}`, { settings: { pricing } });
    (globalThis as { Shopify?: unknown }).Shopify = { routes: { root: '/' } };
    const lines = fakeCart(harness);
    const { w, day, events } = await openSlotWidget(harness, { 'cart-token': '' });
    fireEvent.click(day);
    await w.findByRole('radiogroup', {}, LOADED);
    fireEvent.click(radios(w)[0]!);
    fireEvent.click(w.getByRole('button', { name: 'More' }));
    fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(events.reserved).toHaveLength(1), LOADED);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line!.quantity).toBe(2);
    expect({ ...line!.properties, When: plain(line!.properties.When) }).toEqual({
      When: 'Mon, Nov 23, 9:00 – 11:00 AM',
      Units: '2',
      Length: '2 hours',
      _start: '2026-11-22T22:00:00.000Z',
      _finish: '2026-11-23T00:00:00.000Z',
      _units: '2',
      _reservation_id: String(events.reserved[0]!.id),
    });
    // Release takes the line out.
    fireEvent.click(w.getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(lines).toHaveLength(0), LOADED);
  });
}

it('prices a run of slots per slot: 2 boats for 3 hours under pricing slot is a line of 6, named by the run’s whole span', async () => {
  const made = await slotTour({ hire: 3, widgetMaxSlots: 3 });
  harness = made.harness;
  const [widget] = (await made.a.get('/v1/widgets?external_product_id=7002')).body;
  await made.a.put(`/v1/widgets/${widget.id}`, { settings: { pricing: 'slot' } });
  (globalThis as { Shopify?: unknown }).Shopify = { routes: { root: '/' } };
  const lines = fakeCart(harness);
  const { w, day, events } = await openSlotWidget(harness, { 'cart-token': '' });
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  fireEvent.change(w.getByLabelText('Length'), { target: { value: '3' } });
  await waitFor(() => expect(plain(radios(w)[0]!.getAttribute('aria-label'))).toMatch(/^9:00 AM – 12:00 PM, /));
  fireEvent.click(radios(w)[0]!);
  fireEvent.click(w.getByRole('button', { name: 'More' }));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await waitFor(() => expect(events.reserved).toHaveLength(1), LOADED);
  expect(lines).toHaveLength(1);
  expect(lines[0]!.quantity).toBe(6);
  expect(plain(lines[0]!.properties.When)).toBe('Mon, Nov 23, 9:00 AM – 12:00 PM');
  expect(lines[0]!.properties.Length).toBe('3 hours');
  expect(lines[0]!.properties.Units).toBe('2');
});
