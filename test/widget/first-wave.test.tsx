/**
 * What the widget shows and asks for before its data arrives (bench findings: layout shift,
 * request waves): the calendar at its final size from the first frame, and every first request
 * in one wave, also at a month's end and on Shopify. Against the real in-process service.
 */
import { waitFor } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import {
  heldItem,
  inWidget,
  mountWidget,
  requestsTo,
  startHarness,
  type WidgetHarness,
} from '../helpers/render-widget.ts';

let harness: WidgetHarness;
afterEach(() => {
  delete (globalThis as { Shopify?: unknown }).Shopify;
  return harness.close();
});

/** Holds every API answer until the returned function is called. */
function holdAnswers(): () => void {
  let open!: () => void;
  harness.gate = new Promise((resolve) => (open = resolve));
  return open;
}

/** The API requests sent so far, as `GET /v1/path?query`. */
const apiRequests = () =>
  harness.sent.filter((r) => r.url.pathname.startsWith('/v1/')).map((r) => `${r.method} ${r.url.pathname}`);

it('shows a busy calendar of the month’s weeks and the Reserve button before any answer has arrived', async () => {
  harness = await startHarness();
  const release = holdAnswers();
  const el = await mountWidget(harness, { product: '7001', variant: '8001', 'cart-token': 'cart-a' });
  const w = inWidget(el);
  const table = w.getByRole('table');
  expect(table.getAttribute('aria-busy')).toBe('true');
  // November 2026 in en-US weeks (from Sunday): five rows, no empty sixth one.
  expect(table.querySelectorAll('tbody tr')).toHaveLength(5);
  expect(w.getByRole('button', { name: 'Sunday, November 22, 2026, Loading…' }).getAttribute('aria-disabled')).toBe(
    'true',
  );
  expect(w.getByRole('button', { name: 'Reserve' }).hasAttribute('disabled')).toBe(true);
  expect(w.getByRole('spinbutton', { name: 'Quantity' })).toBeTruthy();
  release();
  await waitFor(() => expect(el.shadowRoot!.querySelector('table:not([aria-busy])')).toBeTruthy());
  // The same table, now with the shop's days: nothing was replaced, only filled in.
  expect(w.getByRole('table')).toBe(table);
  expect(w.getByRole('button', { name: 'Sunday, November 22, 2026, unavailable: too soon to book' })).toBeTruthy();
});

it('asks for everything the first month needs in one wave, even when the shop is already in the next month', async () => {
  // 14:00 UTC on 30 November is 01:00 on 1 December in Melbourne: the shopper's clock (UTC
  // here) is still in November, the shop is in December, and the calendar shows December and
  // loads January with it.
  harness = await startHarness({ now: '2026-11-30T14:00:00.000Z' });
  const release = holdAnswers();
  const el = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-a' });
  await waitFor(() => expect(apiRequests()).toHaveLength(4));
  expect(apiRequests().sort()).toEqual([
    'GET /v1/availability',
    'GET /v1/blackouts',
    'GET /v1/reservations',
    'GET /v1/widgets',
  ]);
  const availability = requestsTo(harness, '/v1/availability')[0]!.url.searchParams;
  expect([availability.get('start'), availability.get('finish')]).toEqual(['2026-11-01', '2027-02-01']);
  release();
  const w = inWidget(el);
  await waitFor(() => expect(el.shadowRoot!.querySelector('table:not([aria-busy])')).toBeTruthy());
  expect(w.getByRole('heading').textContent).toBe('December 2026');
  expect(
    w.getByRole('button', { name: 'Friday, December 25, 2026, unavailable: \u2068Christmas Day\u2069' }),
  ).toBeTruthy();
  // Nothing more was needed for December and the month after it.
  expect(apiRequests()).toHaveLength(4);
});

it('on Shopify, asks for availability without waiting for /cart.js and never again when the cart holds nothing of this variant', async () => {
  harness = await startHarness();
  (globalThis as { Shopify?: unknown }).Shopify = { routes: { root: '/' } };
  let cartAnswer!: () => void;
  const cart = new Promise<void>((resolve) => (cartAnswer = resolve));
  harness.storefront['/cart.js'] = () =>
    cart.then(() => Response.json({ token: 'c1-empty', items: [] })) as unknown as Response;
  const el = await mountWidget(harness, { product: '7001', variant: '8001' });
  await waitFor(() => expect(requestsTo(harness, '/v1/availability')).toHaveLength(1));
  expect(requestsTo(harness, '/v1/availability')[0]!.url.searchParams.has('cart_token')).toBe(false);
  expect(requestsTo(harness, '/v1/reservations')).toHaveLength(0);
  cartAnswer();
  await waitFor(() => expect(requestsTo(harness, '/v1/reservations')).toHaveLength(1));
  await waitFor(() => expect(el.shadowRoot!.querySelector('table:not([aria-busy])')).toBeTruthy());
  expect(requestsTo(harness, '/v1/reservations')[0]!.url.searchParams.get('cart_token')).toBe('c1-empty');
  expect(requestsTo(harness, '/v1/availability')).toHaveLength(1);
});

it('on Shopify, asks for availability again with the cart token when the cart already holds this variant', async () => {
  harness = await startHarness();
  const held = await harness.service.fetch(
    new Request(`${harness.service.baseUrl}/v1/reservations`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
      body: JSON.stringify({ cart_token: 'c1-held', items: [{ external_id: 8001, start: '2026-11-25', quantity: 3 }] }),
    }),
  );
  expect(held.status).toBe(201);
  (globalThis as { Shopify?: unknown }).Shopify = { routes: { root: '/' } };
  harness.storefront['/cart.js'] = () => Response.json({ token: 'c1-held', items: [] });
  const el = await mountWidget(harness, { product: '7001', variant: '8001' });
  const w = inWidget(el);
  await waitFor(() => expect(requestsTo(harness, '/v1/availability')).toHaveLength(2));
  expect(requestsTo(harness, '/v1/availability').map((r) => r.url.searchParams.get('cart_token'))).toEqual([
    null,
    'c1-held',
  ]);
  // This cart's own three kayaks do not make the 25th look fully booked to it.
  // (It opens selected: the cart holds it.)
  await waitFor(() =>
    expect(w.getByRole('button', { name: /^Wednesday, November 25, 2026/ }).getAttribute('aria-label')).toBe(
      'Wednesday, November 25, 2026, start',
    ),
  );
  expect(await heldItem(w, /^Kayak hire – Single kayak:/)).toBeTruthy();
});
