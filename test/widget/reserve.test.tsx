/**
 * Holding the chosen days against the real in-process service: the request, the hold shown
 * with its countdown, a 409, expiry on a moved clock, and the Shopify cart.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { options } from 'preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Reservation } from '../../src/shared/records.ts';
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

/** Holds units of a variant for another cart, straight through the API. */
async function holdForAnotherCart(items: object[]) {
  const res = await harness.service.fetch(
    new Request(`${harness.service.baseUrl}/v1/reservations`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
      body: JSON.stringify({ cart_token: 'someone-else', items }),
    }),
  );
  expect(res.status).toBe(201);
}

async function open(product: string, variant: string, attributes: Record<string, string> = { 'cart-token': 'cart-a' }) {
  const el = await mountWidget(harness, { product, variant, ...attributes });
  const events = { reserved: [] as unknown[], expired: [] as unknown[], error: [] as unknown[] };
  for (const name of ['reserved', 'expired', 'error'] as const)
    el.addEventListener(`booking-widget:${name}`, (e) => events[name].push((e as CustomEvent).detail));
  const w = inWidget(el);
  await w.findByRole('button', { name: 'Tuesday, November 24, 2026' });
  const day = (name: string) => w.getByRole('button', { name: new RegExp(`^${name}`) });
  return { el, w, events, day };
}

/** The zone suffix the hold shows: the shop's zone is named (isolated for bidi) unless the shopper is in it. */
const zoneSuffix = ` (\u2068${new Intl.DateTimeFormat('en', { timeZone: 'Australia/Melbourne', timeZoneName: 'longGeneric' }).formatToParts(Date.now()).find((p) => p.type === 'timeZoneName')!.value}\u2069)`;

it('holds the chosen range with one request however often Reserve is pressed, then shows the hold', async () => {
  const { w, events, day } = await open('7001', '8001');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(day('Thursday, November 26, 2026'));
  const reserve = w.getByRole('button', { name: 'Reserve' });
  fireEvent.click(reserve);
  expect(reserve.textContent).toBe('Reserving…');
  fireEvent.click(reserve);
  fireEvent.click(reserve);
  const item = await heldItem(w, /^Kayak hire – Single kayak:/);
  expect(item.textContent).toBe(`Kayak hire – Single kayak: Nov 24, 2026 – Nov 26, 2026${zoneSuffix} (3 days) × 1`);
  const posts = requestsTo(harness, '/v1/reservations', 'POST');
  expect(posts).toHaveLength(1);
  expect(posts[0]!.body).toEqual({
    cart_token: 'cart-a',
    items: [{ external_id: '8001', start: '2026-11-24', finish: '2026-11-27', quantity: 1 }],
  });
  expect(w.getByText('14:59 left')).toBeTruthy();
  // The choice is what is held: Reserve gives way to the hold's next steps.
  expect(w.queryByRole('button', { name: /^(Reserve|Update hold)$/ })).toBeNull();
  expect(w.getByRole('button', { name: 'Release' })).toBeTruthy();
  expect((events.reserved[0] as Reservation).cart_token).toBe('cart-a');
  // The hold is announced once, politely.
  expect(
    w.getByText(/^Held: .*Kayak hire – Single kayak.*, Nov 24, 2026 – Nov 26, 2026 × 1, until .+\.$/, {
      selector: '[aria-live=polite]',
    }),
  ).toBeTruthy();
});

it('after a hold ran out, choosing other days brings Reserve back in place of the note and its Hold again', async () => {
  const { w, day } = await open('7002', '8003');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await w.findByText('14:59 left');
  harness.service.clock.advance(15 * 60_000 + 1000);
  document.dispatchEvent(new Event('visibilitychange'));
  await w.findByRole('button', { name: 'Hold again' });
  fireEvent.click(day('Wednesday, November 25, 2026'));
  await w.findByRole('button', { name: 'Reserve' });
  expect(w.queryByRole('button', { name: 'Hold again' })).toBeNull();
  expect(w.queryByText('Your hold has expired.', { selector: '[part~=hold] p' })).toBeNull();
});

it('counts down on the server clock and announces only the 5 and 1 minute marks', async () => {
  const { el, w, day } = await open('7002', '8003');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await w.findByText('14:59 left');
  const live = el.shadowRoot!.querySelector('p.sr[aria-live=polite]')!;
  const held = live.textContent;
  const tick = (ms: number) => {
    harness.service.clock.advance(ms);
    document.dispatchEvent(new Event('visibilitychange'));
  };
  tick(5 * 60_000);
  await w.findByText('9:59 left');
  expect(live.textContent).toBe(held);
  tick(5 * 60_000 + 1000);
  await w.findByText('4:58 left');
  expect(live.textContent).toBe('5 minutes left');
  tick(1000);
  await w.findByText('4:57 left');
  expect(live.textContent).toBe('5 minutes left');
  tick(4 * 60_000);
  await w.findByText('0:57 left');
  expect(live.textContent).toBe('1 minute left');
});

it('says when the hold has expired and holds the same items again', async () => {
  const { w, events, day } = await open('7002', '8003');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await w.findByText('14:59 left');
  harness.service.clock.advance(15 * 60_000 + 1000);
  document.dispatchEvent(new Event('visibilitychange'));
  expect((await w.findAllByText('Your hold has expired.')).length).toBeGreaterThan(0);
  expect(events.expired).toHaveLength(1);
  expect(w.queryByText(/^Sunset tour – Adult/)).toBeNull();
  // One action: Hold again, not Reserve beside it for the same days.
  expect(w.queryByRole('button', { name: 'Reserve' })).toBeNull();
  fireEvent.click(w.getByRole('button', { name: 'Hold again' }));
  await w.findByText('14:59 left');
  const posts = requestsTo(harness, '/v1/reservations', 'POST');
  expect(posts).toHaveLength(2);
  expect(posts[1]!.body).toEqual({
    cart_token: 'cart-a',
    items: [{ external_id: '8003', start: '2026-11-24', finish: '2026-11-25', quantity: 1 }],
  });
});

it('explains a 409 item by item with what is left and what can work, and refreshes availability', async () => {
  const { w, events, day } = await open('7001', '8001');
  // Between loading and reserving, another cart takes two of the three kayaks on 25 November.
  await holdForAnotherCart([{ external_id: 8001, start: '2026-11-25', quantity: 2 }]);
  fireEvent.change(w.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '2' } });
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(day('Thursday, November 26, 2026'));
  const before = requestsTo(harness, '/v1/availability').length;
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  const alert = await w.findByRole('alert');
  // Said once, with what can work (some are left: fewer), never "try again", and no Retry.
  expect(alert.textContent).toBe('Nov 24, 2026 – Nov 26, 2026: only 1 left. Choose fewer, or other dates. ');
  expect(w.queryByRole('button', { name: 'Retry' })).toBeNull();
  // The theme's copy of it says the same, not "Please try again".
  expect(events.error).toEqual([
    expect.objectContaining({ error: 'unavailable', message: 'Could not hold these dates. Choose other dates.' }),
  ]);
  await waitFor(() => expect(requestsTo(harness, '/v1/availability').length).toBeGreaterThan(before));
  // Asked of the service, not of the browser's cache: the months are the ones first asked for,
  // so the URL is the same, and a cached answer (max-age=15) would still show the taken units.
  expect(
    requestsTo(harness, '/v1/availability')
      .slice(before)
      .map((r) => r.cache),
  ).toEqual(['no-cache']);
  // One unit is left there: the day says so, and that the quantity asked for is too many.
  await waitFor(() => expect(day('Wednesday, November 25, 2026').getAttribute('aria-label')).toContain('only 1 left'));
});

it('says a day another cart took the last place of is fully booked, not that only 0 are left', async () => {
  const { w, day } = await open('7002', '8003');
  // Between loading and reserving, another cart takes all ten places on 24 November.
  await holdForAnotherCart([{ external_id: 8003, start: '2026-11-24', quantity: 10 }]);
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  const alert = await w.findByRole('alert');
  expect(alert.textContent).toContain('Nov 24, 2026: fully booked. Choose other dates.');
  expect(alert.textContent).not.toContain('only');
  await waitFor(() => expect(day('Tuesday, November 24, 2026').getAttribute('aria-label')).toContain('fully booked'));
});

it('shows the days of a range across the end of daylight saving in the shop zone', async () => {
  // Melbourne leaves DST on Sunday 4 April 2027: that day is 25 hours long.
  const { w, day } = await open('7001', '8002');
  for (let i = 0; i < 5; i++) fireEvent.click(w.getByRole('button', { name: 'Next month' }));
  await w.findByRole('button', { name: /^Saturday, April 3, 2027$/ });
  fireEvent.click(day('Saturday, April 3, 2027'));
  fireEvent.click(day('Monday, April 5, 2027'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  const item = await heldItem(w, /^Kayak hire – Double kayak:/);
  expect(item.textContent).toBe(`Kayak hire – Double kayak: Apr 3, 2027 – Apr 5, 2027${zoneSuffix} (3 days) × 1`);
});

it('renders product and variant titles containing markup as text', async () => {
  await harness.service.db.query(
    `UPDATE products SET title = '<img src=x onerror=alert(1)>Tour' WHERE external_id = 7002`,
  );
  await harness.service.db.query(`UPDATE variants SET title = '<b>Adult</b>' WHERE external_id = 8003`);
  const { el, w, day } = await open('7002', '8003');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  const item = await heldItem(w, /^<img src=x onerror=alert\(1\)>Tour – <b>Adult<\/b>:/);
  // Only the bidi isolation around the titles; the titles themselves are text.
  expect([...item.querySelectorAll('*')].map((e) => e.tagName)).toEqual(['BDI']);
  expect(el.shadowRoot!.querySelector('img, b')).toBeNull();
});

it('on Shopify, holds against the cart token and adds the item with its booking as line properties', async () => {
  (globalThis as { Shopify?: unknown }).Shopify = { routes: { root: '/' } };
  const added: unknown[] = [];
  harness.storefront['/cart.js'] = () => Response.json({ token: 'c1-7f3a?key=9b2e', items: [] });
  harness.storefront['/cart/add.js'] = (init) => {
    added.push(JSON.parse(String(init.body)));
    return Response.json({ items: [] });
  };
  const { w, day } = await open('7001', '8001', {});
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(day('Thursday, November 26, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await waitFor(() => expect(added).toHaveLength(1));
  const post = requestsTo(harness, '/v1/reservations', 'POST')[0]!;
  expect((post.body as { cart_token: string }).cart_token).toBe('c1-7f3a?key=9b2e');
  const reservation = (await heldItem(w, /^Kayak hire/)) && requestsTo(harness, '/v1/reservations', 'GET')[0]!;
  expect(reservation.url.searchParams.get('cart_token')).toBe('c1-7f3a?key=9b2e');
  expect(added[0]).toEqual({
    items: [
      {
        id: 8001,
        // Priced per day: one kayak for three days is worth three of the day's price.
        quantity: 3,
        properties: {
          Start: 'Nov 24, 2026',
          Finish: 'Nov 26, 2026',
          Units: '1',
          Length: '3 days',
          _units: '1',
          // Midnight in Melbourne (UTC+11 in summer) is 13:00 UTC the day before.
          _start: '2026-11-23T13:00:00.000Z',
          _finish: '2026-11-26T13:00:00.000Z',
          _reservation_id: expect.stringMatching(/^\d+$/),
        },
      },
    ],
  });
});

it('without a cart token or Shopify, keeps a random token in localStorage for the next visit', async () => {
  localStorage.clear();
  await open('7002', '8003', {});
  const first = requestsTo(harness, '/v1/reservations')[0]!.url.searchParams.get('cart_token');
  expect(first).toBeTruthy();
  expect(localStorage.getItem('booking-widget:cart-token')).toBe(first);
  document.body.replaceChildren();
  harness.sent.length = 0;
  await open('7002', '8003', {});
  expect(requestsTo(harness, '/v1/reservations')[0]!.url.searchParams.get('cart_token')).toBe(first);
});

it('on Shopify, tells the theme the dates are reserved only once the cart has the item', async () => {
  (globalThis as { Shopify?: unknown }).Shopify = { routes: { root: '/' } };
  const order: string[] = [];
  let answerCart!: () => void;
  harness.storefront['/cart.js'] = () => Response.json({ token: 'c1-order', items: [] });
  harness.storefront['/cart/add.js'] = () => {
    order.push('cart add sent');
    return new Promise<Response>(
      (resolve) => (answerCart = () => (order.push('cart add answered'), resolve(Response.json({ items: [] })))),
    ) as unknown as Response;
  };
  const { el, w, day } = await open('7002', '8003', {});
  el.addEventListener('booking-widget:reserved', () => order.push('reserved'));
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await waitFor(() => expect(order).toEqual(['cart add sent']));
  // The hold is shown already; the event waits for the cart.
  await heldItem(w, /^Sunset tour – Adult:/);
  expect(order).toEqual(['cart add sent']);
  answerCart();
  await waitFor(() => expect(order).toEqual(['cart add sent', 'cart add answered', 'reserved']));
});

it('names the shopper’s own zone beside the time the hold lasts until, as it names the shop’s beside the days', async () => {
  const { w, day, events } = await open('7002', '8003');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await w.findByText('14:59 left');
  await waitFor(() => expect(events.reserved).toHaveLength(1));
  // The shopper's zone in words (Intl's generic name), or its own name where that is only an offset.
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const generic = new Intl.DateTimeFormat('en', { timeZone: own, timeZoneName: 'longGeneric' })
    .formatToParts(Date.now())
    .find((p) => p.type === 'timeZoneName')!.value;
  const shopper = /[+\-−]\d/.test(generic) ? own.replace(/_/g, ' ') : generic;
  const until = w.getByText('14:59 left').parentElement!.textContent!;
  const [, time, zone] = /^Held until (.+) \((.+)\)\. 14:59 left$/.exec(until) ?? [];
  expect(zone).toBe(`\u2068${shopper}\u2069`);
  // The time is the shopper's clock reading at expiry (the widget errs a second early).
  const expires = Date.parse((events.reserved[0] as Reservation).expires_at);
  expect(
    [expires, expires - 1000].map((t) => new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(t)),
  ).toContain(time);
  expect((await heldItem(w, /^Sunset tour/)).textContent).toBe(`Sunset tour – Adult: Nov 24, 2026${zoneSuffix} × 1`);
});

it('on Shopify, holding a day again with another quantity leaves one cart line for it, with the new quantity and units', async () => {
  (globalThis as { Shopify?: unknown }).Shopify = { routes: { root: '/' } };
  // A storefront cart that merges an identical line on add, as Shopify's does.
  const lines: { key: string; variant_id: number; quantity: number; properties: Record<string, string> }[] = [];
  harness.storefront['/cart.js'] = () => Response.json({ token: 'c1-twice', items: lines });
  harness.storefront['/cart/add.js'] = (init) => {
    for (const item of (
      JSON.parse(String(init.body)) as { items: { id: number; quantity: number; properties: Record<string, string> }[] }
    ).items) {
      lines.push({
        key: `${item.id}:${lines.length}`,
        variant_id: item.id,
        quantity: item.quantity,
        properties: item.properties,
      });
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
  const { w, day, events } = await open('7002', '8003', {});
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await waitFor(() => expect(events.reserved).toHaveLength(1));
  fireEvent.change(w.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '3' } });
  // Another choice than the hold: Reserve becomes "Update hold".
  fireEvent.click(await w.findByRole('button', { name: 'Update hold' }));
  await waitFor(() => expect(events.reserved).toHaveLength(2));
  expect(
    lines.map((l) => [l.variant_id, l.properties._start, l.quantity, l.properties.Units, l.properties._units]),
  ).toEqual([[8003, '2026-11-23T13:00:00.000Z', 3, '3', '3']]);
});

it('each second of the countdown re-renders the countdown alone, not the calendar, its days or the controls', async () => {
  const { w, day } = await open('7001', '8001');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(day('Thursday, November 26, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await heldItem(w, /^Kayak hire – Single kayak:/);
  const renders: Record<string, number> = {};
  const previous = options.diffed;
  options.diffed = (vnode) => {
    const name = typeof vnode.type === 'function' ? vnode.type.name : '';
    if (name) renders[name] = (renders[name] ?? 0) + 1;
    previous?.(vnode);
  };
  try {
    for (let s = 0; s < 3; s++) {
      harness.service.clock.advance(1000);
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => expect(renders.Countdown).toBe(s + 1));
    }
  } finally {
    options.diffed = previous;
  }
  expect(w.getByText(/^14:5\d left$/)).toBeTruthy();
  expect(renders).toEqual({ Countdown: 3 });
});
