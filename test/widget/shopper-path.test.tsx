/**
 * The shopper's whole path (issue 16) against the real in-process service: what a choice
 * costs and how long it is, what to do once held (check out, keep holding, release), the
 * Shopify cart following the hold, a reload opening on the hold, and errors in words.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ErrorDetail } from '../../src/widget/events.ts';
import {
  heldItem,
  inWidget,
  mountWidget,
  requestsTo,
  startHarness,
  type WidgetHarness,
} from '../helpers/render-widget.ts';

let harness: WidgetHarness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(() => {
  delete (globalThis as { Shopify?: unknown }).Shopify;
  return harness.close();
});

async function open(attributes: Record<string, string> = {}, product = '7001', variant = '8001') {
  const el = await mountWidget(harness, { product, variant, 'cart-token': 'cart-p', ...attributes });
  const w = inWidget(el);
  // Loaded: the month's data is in (while loading, every day is named "…, Loading…").
  await waitFor(() => expect(el.shadowRoot!.querySelector('table:not([aria-busy])')).toBeTruthy());
  const day = (name: string) => w.getByRole('button', { name: new RegExp(`^${name}`) });
  return { el, w, day };
}

/** Waits for the hold panel (the hold's code may still be loading on a busy machine). */
const held = async (w: ReturnType<typeof inWidget>) => {
  return w.findByRole('button', { name: 'Release' }, { timeout: 10_000 });
};

/** Units the service holds for `cart` (a secret-token read). */
async function heldUnits(cart: string): Promise<number> {
  const res = await harness.service.fetch(
    new Request(`${harness.service.baseUrl}/v1/reservations?cart_token=${cart}&active=true`, {
      headers: { authorization: 'Bearer sk_test_harbour' },
    }),
  );
  const list = (await res.json()) as { items: { quantity: number }[] }[];
  return list.flatMap((r) => r.items).reduce((n, i) => n + i.quantity, 0);
}

it('shows a range’s length and what it comes to, and the hold’s total, from the page’s price', async () => {
  const { w, day } = await open({ price: '65', currency: 'AUD', 'checkout-url': '/checkout' });
  expect(w.getByText('Choose a start date.')).toBeTruthy();
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(day('Thursday, November 26, 2026'));
  const money = (n: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'AUD' }).format(n);
  // The summary is in the hold's file, which the first pick loads (if the browser's idle time did not).
  expect(await w.findByText(`3 days · Total ${money(195)}`, {}, { timeout: 10_000 })).toBeTruthy();
  fireEvent.click(w.getByRole('button', { name: 'More' }));
  expect(await w.findByText(`3 days · Total ${money(390)}`)).toBeTruthy();
  expect((w.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2');
  // The kayaks' most is what a single kayak has (3), not the widget's quantity_max (10).
  expect(w.getByText('max 3')).toBeTruthy();
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await heldItem(w, /^Kayak hire/);
  expect(w.getByText(`Total ${money(390)}`)).toBeTruthy();
  expect(w.getByRole('link', { name: 'Check out' }).getAttribute('href')).toBe('/checkout');
});

it('releases the hold at once: the units are free, the Shopify lines leave the cart, focus lands on the note that says so', async () => {
  (globalThis as { Shopify?: unknown }).Shopify = { routes: { root: '/' } };
  const lines: { key: string; quantity: number; properties: Record<string, string> }[] = [];
  harness.storefront['/cart.js'] = () => Response.json({ token: 'cart-shop', items: lines });
  harness.storefront['/cart/add.js'] = (init) => {
    for (const item of (
      JSON.parse(String(init.body)) as { items: { quantity: number; properties: Record<string, string> }[] }
    ).items) {
      lines.push({ key: `k${lines.length}`, quantity: item.quantity, properties: item.properties });
    }
    return Response.json({ items: lines });
  };
  harness.storefront['/cart/change.js'] = (init) => {
    const { id, quantity } = JSON.parse(String(init.body)) as { id: string; quantity: number };
    const i = lines.findIndex((l) => l.key === id);
    if (quantity === 0) lines.splice(i, 1);
    else lines[i]!.quantity = quantity;
    return Response.json({ items: lines });
  };
  const { el, w, day } = await open({ 'cart-token': '' });
  const released: unknown[] = [];
  el.addEventListener('booking-widget:released', (e) => released.push(e.detail));
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(day('Wednesday, November 25, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await held(w);
  await waitFor(() => expect(lines).toHaveLength(1));
  // Two days of one kayak, priced per day: the line is worth two.
  expect(lines[0]!.quantity).toBe(2);
  expect(await heldUnits('cart-shop')).toBe(1);
  expect(w.getByRole('link', { name: 'Check out' }).getAttribute('href')).toBe('/cart');
  fireEvent.click(w.getByRole('button', { name: 'Release' }));
  const note = await w.findByText('Released. Your dates were removed from your cart.', {
    selector: '[part=hold-released]',
  });
  await waitFor(() => expect(el.shadowRoot!.activeElement).toBe(note));
  expect(await heldUnits('cart-shop')).toBe(0);
  await waitFor(() => expect(lines).toEqual([]));
  expect(released).toHaveLength(1);
});

it('off Shopify, a Release says the dates are free again, and speaks of no cart the widget does not have', async () => {
  const { w, day } = await open();
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(day('Wednesday, November 25, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  fireEvent.click(await held(w));
  expect(
    await w.findByText('Released. These dates are free again.', { selector: '[part=hold-released]' }),
  ).toBeTruthy();
  expect(await heldUnits('cart-p')).toBe(0);
  expect(w.queryByText(/cart/)).toBeNull();
});

it('offers to keep holding near the end, which renews the hold for its full length', async () => {
  const { w, day } = await open({}, '7002', '8003');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await held(w);
  await w.findByText('14:59 left');
  expect(w.queryByRole('button', { name: 'Keep holding' })).toBeNull();
  harness.service.clock.advance(11 * 60_000);
  document.dispatchEvent(new Event('visibilitychange'));
  const keep = await w.findByRole('button', { name: 'Keep holding' });
  expect(w.getByText(/^3:5\d left$/).getAttribute('part')).toBe('countdown countdown-ending');
  fireEvent.click(keep);
  await w.findByText(/^14:5\d left$/);
  expect(requestsTo(harness, '/v1/reservations', 'POST')).toHaveLength(2);
  expect(w.queryByRole('button', { name: 'Keep holding' })).toBeNull();
});

it('after a reload with a live hold, opens on the held days, selected, with the held quantity', async () => {
  const first = await open();
  fireEvent.click(first.day('Saturday, November 28, 2026'));
  fireEvent.click(first.day('Monday, November 30, 2026'));
  fireEvent.click(first.w.getByRole('button', { name: 'More' }));
  fireEvent.click(first.w.getByRole('button', { name: 'Reserve' }));
  await held(first.w);
  document.body.replaceChildren();
  const el = await mountWidget(harness, { product: '7001', variant: '8001', 'cart-token': 'cart-p' });
  const w = inWidget(el);
  await held(w);
  await waitFor(() =>
    expect(w.getByRole('button', { name: /^Saturday, November 28, 2026/ }).getAttribute('aria-label')).toBe(
      'Saturday, November 28, 2026, start',
    ),
  );
  expect(w.getByRole('button', { name: /^Monday, November 30, 2026/ }).getAttribute('aria-label')).toBe(
    'Monday, November 30, 2026, end',
  );
  expect((w.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2');
  // What is chosen is what is held: nothing to reserve.
  expect(w.queryByRole('button', { name: /^(Reserve|Update hold)$/ })).toBeNull();
});

it('tells the theme a failure in the shopper’s words and language, the developer’s sentence apart', async () => {
  harness.failWith = () =>
    new Response(JSON.stringify({ error: 'internal', message: 'Boom at GET /v1/widgets' }), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    });
  const errors: ErrorDetail[] = [];
  const listen = (e: Event) => errors.push((e as CustomEvent<ErrorDetail>).detail);
  document.addEventListener('booking-widget:error', listen);
  try {
    const el = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-p', locale: 'de' });
    await inWidget(el).findByRole('alert');
    await waitFor(() => expect(errors.length).toBeGreaterThan(0));
    expect(errors[0]!.message).toBe('Der Kalender konnte nicht geladen werden. Bitte versuchen Sie es erneut.');
    expect(errors[0]!.detail).toContain('/v1/');
    expect(errors[0]!.message).not.toMatch(/\/v1\/|GET|500/);
  } finally {
    document.removeEventListener('booking-widget:error', listen);
  }
});
