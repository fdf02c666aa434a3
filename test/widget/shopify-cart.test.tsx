/**
 * The Shopify cart follows the hold (issue 16): "Update hold" to other days leaves only the
 * held days in the cart, lines of a hold that ran out while the page was closed leave it on
 * the next load (and the shopper is told), and "It is in your cart." is said only when it is.
 * The pruning itself is checked on a bare cart first, then through the widget against the real
 * in-process service and a storefront cart that behaves as Shopify's does.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Reservation } from '../../src/shared/records.ts';
import type { WidgetFetch } from '../../src/widget/api/connection.ts';
import { pruneShopifyCart } from '../../src/widget/hold/shopify-cart.ts';
import { inWidget, mountWidget, startHarness, type WidgetHarness } from '../helpers/render-widget.ts';

interface Line {
  key: string;
  variant_id: number;
  quantity: number;
  properties: Record<string, string>;
}

/** A storefront cart as Shopify's: `/cart.js`, `/cart/add.js` (items form), `/cart/change.js` (0 removes). */
function fakeCart(lines: Line[] = []) {
  let next = lines.length;
  const routes: Record<string, (init: RequestInit) => Response> = {
    '/cart.js': () => Response.json({ token: 'c1-shop', items: lines }),
    '/cart/add.js': (init) => {
      for (const item of (
        JSON.parse(String(init.body)) as {
          items: { id: number; quantity: number; properties: Record<string, string> }[];
        }
      ).items) {
        lines.push({ key: `k${next++}`, variant_id: item.id, quantity: item.quantity, properties: item.properties });
      }
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
  return { lines, routes };
}

const booking = (key: string, reservation: string, start: string, finish: string, units = '1'): Line => ({
  key,
  variant_id: 8001,
  quantity: 1,
  properties: { Start: start, _start: start, _finish: finish, _units: units, _reservation_id: reservation },
});

describe('pruneShopifyCart', () => {
  const held = {
    id: 7,
    items: [{ external_id: '8001', start: 'A', finish: 'B', quantity: 1 }],
  } as unknown as Reservation;
  async function prune(r: Reservation | undefined, lines: Line[]) {
    const cart = fakeCart(lines);
    const fetcher: WidgetFetch = async (input, init) =>
      cart.routes[new URL(input, 'https://shop.example').pathname]!(init);
    const json = async (f: WidgetFetch, path: string, init: RequestInit) => (await f(`/${path}`, init)).json();
    const gone = await pruneShopifyCart(r, fetcher, json, new AbortController().signal);
    return { gone: gone.map((l) => l.key), left: cart.lines.map((l) => l.key) };
  }

  it('keeps the lines of the days held and everything that is not a booking', async () => {
    const other = { key: 'shirt', variant_id: 5, quantity: 2, properties: {} };
    expect(await prune(held, [booking('kept', '7', 'A', 'B'), other])).toEqual({ gone: [], left: ['kept', 'shirt'] });
  });

  it('takes out a line of days the hold no longer has, or another number of units', async () => {
    expect(
      await prune(held, [
        booking('old days', '7', 'C', 'D'),
        booking('old units', '7', 'A', 'B', '2'),
        booking('kept', '7', 'A', 'B'),
      ]),
    ).toEqual({
      gone: ['old days', 'old units'],
      left: ['kept'],
    });
  });

  it('takes out every booking line when nothing is held, or the lines are another reservation’s', async () => {
    expect(await prune(undefined, [booking('a', '7', 'A', 'B')])).toEqual({ gone: ['a'], left: [] });
    expect(await prune(held, [booking('b', '6', 'A', 'B')])).toEqual({ gone: ['b'], left: [] });
  });
});

describe('the widget on Shopify', () => {
  let harness: WidgetHarness;
  beforeEach(async () => {
    harness = await startHarness();
    (globalThis as { Shopify?: unknown }).Shopify = { routes: { root: '/' } };
  });
  afterEach(() => {
    delete (globalThis as { Shopify?: unknown }).Shopify;
    return harness.close();
  });

  async function open(lines: Line[] = []) {
    const cart = fakeCart(lines);
    Object.assign(harness.storefront, cart.routes);
    const el = await mountWidget(harness, { product: '7001', variant: '8001' });
    const w = inWidget(el);
    await waitFor(() => expect(el.shadowRoot!.querySelector('table:not([aria-busy])')).toBeTruthy());
    const day = (name: string) => w.getByRole('button', { name: new RegExp(`^${name}`) });
    const events: { type: string; detail: { error?: string } }[] = [];
    for (const type of ['reserved', 'error'])
      el.addEventListener(`booking-widget:${type}`, (e) => events.push({ type, detail: (e as CustomEvent).detail }));
    const live = () => el.shadowRoot!.querySelector('p.sr[aria-live=polite]')!.textContent;
    return { el, w, day, cart, events, live };
  }

  it('after Update hold to other days, the cart has the new days only, not the old line as well', async () => {
    const { w, day, cart, events } = await open();
    fireEvent.click(day('Tuesday, November 24, 2026'));
    fireEvent.click(day('Wednesday, November 25, 2026'));
    fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(events.filter((e) => e.type === 'reserved')).toHaveLength(1), { timeout: 10_000 });
    expect(cart.lines.map((l) => l.properties.Start)).toEqual(['Nov 24, 2026']);
    fireEvent.click(day('Friday, November 27, 2026'));
    fireEvent.click(day('Saturday, November 28, 2026'));
    fireEvent.click(await w.findByRole('button', { name: 'Update hold' }));
    await waitFor(() => expect(events.filter((e) => e.type === 'reserved')).toHaveLength(2));
    expect(cart.lines.map((l) => [l.properties.Start, l.properties.Finish, l.quantity])).toEqual([
      ['Nov 27, 2026', 'Nov 28, 2026', 2],
    ]);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
  });

  it('tells the page of a Release and of an expiry only once the cart has let go of the lines, so a theme refreshing its cart then sees them gone', async () => {
    const { el, w, day, cart, events } = await open();
    const linesWhen: Record<string, number> = {};
    for (const type of ['released', 'expired'])
      el.addEventListener(`booking-widget:${type}`, () => (linesWhen[type] = cart.lines.length));
    fireEvent.click(day('Tuesday, November 24, 2026'));
    fireEvent.click(day('Wednesday, November 25, 2026'));
    fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(events.filter((e) => e.type === 'reserved')).toHaveLength(1), { timeout: 10_000 });
    expect(cart.lines).toHaveLength(1);
    fireEvent.click(await w.findByRole('button', { name: 'Release' }));
    await waitFor(() => expect(linesWhen).toEqual({ released: 0 }), { timeout: 10_000 });

    fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(events.filter((e) => e.type === 'reserved')).toHaveLength(2), { timeout: 10_000 });
    expect(cart.lines).toHaveLength(1);
    harness.service.clock.advance(16 * 60_000);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(linesWhen).toEqual({ released: 0, expired: 0 }), { timeout: 10_000 });
  });

  it('on a page load, takes the lines of a hold that ran out while the page was closed out of the cart and says so', async () => {
    const shirt = { key: 'shirt', variant_id: 5, quantity: 1, properties: {} };
    const { w, cart, live } = await open([
      booking('gone', '424242', '2026-11-23T13:00:00.000Z', '2026-11-24T13:00:00.000Z'),
      shirt,
    ]);
    await waitFor(() => expect(cart.lines).toEqual([shirt]), { timeout: 10_000 });
    expect(
      w.getByText('Your hold has expired and was removed from your cart.', { selector: '[part=hold-expired]' }),
    ).toBeTruthy();
    expect(live()).toBe('Your hold has expired and was removed from your cart.');
  });

  it('on a page load with a live hold, keeps its line and says nothing of an expiry', async () => {
    const first = await open();
    fireEvent.click(first.day('Tuesday, November 24, 2026'));
    fireEvent.click(first.day('Tuesday, November 24, 2026'));
    fireEvent.click(first.w.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(first.cart.lines).toHaveLength(1), { timeout: 10_000 });
    document.body.replaceChildren();
    const { el, w, cart } = await open(first.cart.lines);
    await w.findByRole('button', { name: 'Release' }, { timeout: 10_000 });
    // The sweep reads the cart once the reservation is known; give it the time to act.
    await waitFor(() => expect(harness.sent.filter((r) => r.url.pathname === '/cart.js').length).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cart.lines).toHaveLength(1);
    expect(el.shadowRoot!.querySelector('[part=hold-expired]')).toBeNull();
  });

  it('says the dates are in the cart only when the cart took them', async () => {
    const { w, day, cart, events, live } = await open();
    cart.routes['/cart/add.js'] = () => new Response('{"status":500}', { status: 500 });
    Object.assign(harness.storefront, cart.routes);
    fireEvent.click(day('Tuesday, November 24, 2026'));
    fireEvent.click(day('Tuesday, November 24, 2026'));
    fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(events.filter((e) => e.type === 'reserved')).toHaveLength(1), { timeout: 10_000 });
    expect(events.filter((e) => e.type === 'error').map((e) => e.detail.error)).toEqual(['cart_failed']);
    expect(live()).toMatch(/^Held: /);
    expect(live()).not.toContain('It is in your cart.');
  });

  it('says the dates are in the cart once the cart took them', async () => {
    const { w, day, events, live } = await open();
    fireEvent.click(day('Tuesday, November 24, 2026'));
    fireEvent.click(day('Tuesday, November 24, 2026'));
    fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(events.filter((e) => e.type === 'reserved')).toHaveLength(1), { timeout: 10_000 });
    expect(live()).toMatch(/^Held: .+ It is in your cart\.$/);
  });
});
