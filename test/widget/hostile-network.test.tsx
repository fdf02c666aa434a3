/**
 * The widget under a hostile network (issue 8, point 5), against the real in-process service
 * with its answers corrupted on the way: slow answers, a proxy's HTML error pages, wrong JSON
 * types, truncated bodies, a 429, a `Date` header far off. Each time the shopper sees a clear
 * state, nothing is thrown into the page, and nothing is shown as held that the service did not
 * confirm.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { inWidget, mountWidget, requestsTo, startHarness, type WidgetHarness } from '../helpers/render-widget.ts';

let harness: WidgetHarness;
/** Errors that escaped to the page: unhandled rejections and uncaught errors. */
let escaped: unknown[];
const onRejection = (e: PromiseRejectionEvent) => escaped.push(e.reason);
const onError = (e: ErrorEvent) => escaped.push(e.error ?? e.message);
const onProcessRejection = (reason: unknown) => escaped.push(reason);

/** Rewrites the service's answer to a request, or returns undefined to pass it on. */
type Corrupt = (
  request: { method: string; path: string },
  real: () => Promise<Response>,
) => Promise<Response | undefined> | Response | undefined;
let corrupt: Corrupt | undefined;

beforeEach(async () => {
  escaped = [];
  corrupt = undefined;
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('error', onError);
  process.on('unhandledRejection', onProcessRejection);
  harness = await startHarness();
  const base = harness.fetch;
  harness.fetch = async (input, init) => {
    const url = new URL(input, 'https://harbour.example');
    const request = { method: init.method ?? 'GET', path: url.pathname };
    const real = () => base(input, init);
    const replaced = corrupt ? await corrupt(request, real) : undefined;
    return replaced ?? real();
  };
});
afterEach(async () => {
  vi.useRealTimers();
  await harness.close();
  window.removeEventListener('unhandledrejection', onRejection);
  window.removeEventListener('error', onError);
  process.off('unhandledRejection', onProcessRejection);
  expect(escaped, 'errors escaped into the page').toEqual([]);
});

const DAY = 'Tuesday, November 24, 2026';

/** A date widget on the page beside the theme's own content, loaded. */
async function open() {
  const theme = document.createElement('p');
  theme.textContent = 'Theme content';
  document.body.append(theme);
  const el = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-net' });
  const events: { type: string; detail: unknown }[] = [];
  for (const type of ['reserved', 'error', 'expired'])
    el.addEventListener(`booking-widget:${type}`, (e) => events.push({ type, detail: (e as CustomEvent).detail }));
  const w = inWidget(el);
  // The exact name: the day's availability is in, so it can be reserved.
  await w.findByRole('button', { name: DAY }, { timeout: 5000 });
  return { el, w, events, theme };
}

/** Picks the day and presses Reserve. */
function reserve(w: ReturnType<typeof inWidget>) {
  fireEvent.click(w.getByRole('button', { name: new RegExp(`^${DAY}`) }));
  const button = w.getByRole('button', { name: 'Reserve' });
  fireEvent.click(button);
  return button;
}

/** What the service really holds for the widget's cart. */
async function heldByService(): Promise<number> {
  const { rows } = await harness.service.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM reservation_items i JOIN reservations r ON r.id = i.reservation_id WHERE r.cart_token = 'cart-net'`,
  );
  return rows[0]!.n;
}

const isHold = (r: { method: string; path: string }) => r.method === 'POST' && r.path === '/v1/reservations';

/** Expects the failed-hold state: an alert with Retry, no hold shown, the theme untouched. */
async function expectHoldFailed(w: ReturnType<typeof inWidget>, theme: HTMLElement) {
  const alert = await w.findByRole('alert', {}, { timeout: 15_000 });
  expect(alert.textContent).toContain('Could not hold these dates.');
  expect(w.queryByText('Held for you')).toBeNull();
  expect(w.queryByText(/^\d+:\d\d left$/)).toBeNull();
  expect(w.getByRole('button', { name: 'Retry' })).toBeTruthy();
  expect(theme.isConnected && theme.textContent).toBe('Theme content');
}

it('shows a hold whose answer takes 30 s as failed after the deadline, never as held, and ignores the late answer', async () => {
  const { w, events, theme } = await open();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  corrupt = (request, real) => {
    if (!isHold(request)) return undefined;
    // The service answers at once; the network delivers it 30 s later.
    return real().then((response) => new Promise<Response>((resolve) => setTimeout(() => resolve(response), 30_000)));
  };
  const button = reserve(w);
  expect(button.textContent).toBe('Reserving…');
  await vi.advanceTimersByTimeAsync(10_100);
  // The answer arrives at 30 s, after the widget gave up: it must not turn into a hold.
  await vi.advanceTimersByTimeAsync(20_000);
  vi.useRealTimers();
  await expectHoldFailed(w, theme);
  expect(events.map((e) => e.type)).toEqual(['error']);
  expect(events[0]!.detail).toMatchObject({ error: 'timeout' });
  expect(requestsTo(harness, '/v1/reservations', 'POST')).toHaveLength(1);
});

it("treats a proxy's HTML error page as a failure to load, with a Retry that recovers", async () => {
  corrupt = () =>
    new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
      status: 502,
      headers: { 'content-type': 'text/html' },
    });
  const el = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-net' });
  const w = inWidget(el);
  const alert = await w.findByRole('alert', {}, { timeout: 5000 });
  expect(alert.textContent).toContain('Could not load the calendar.');
  expect(w.queryByRole('table')).toBeNull();
  corrupt = undefined;
  fireEvent.click(w.getByRole('button', { name: 'Retry' }));
  await w.findByRole('button', { name: new RegExp(`^${DAY}`) }, { timeout: 5000 });
});

it('shows a hold answered with an HTML page (a captive portal, 200) as failed, never as held', async () => {
  const { w, events, theme } = await open();
  corrupt = (request, real) =>
    isHold(request)
      ? real().then(
          () =>
            new Response('<html>Sign in to the Wi-Fi</html>', {
              status: 200,
              headers: { 'content-type': 'text/html' },
            }),
        )
      : undefined;
  reserve(w);
  await expectHoldFailed(w, theme);
  expect(events.find((e) => e.type === 'error')?.detail).toMatchObject({ error: 'invalid_response' });
  expect(events.some((e) => e.type === 'reserved')).toBe(false);
});

it.each([
  ['a truncated body', (text: string) => text.slice(0, Math.floor(text.length / 2))],
  ['items as a string', (text: string) => JSON.stringify({ ...JSON.parse(text), items: 'lots' })],
  [
    'quantities as strings',
    (text: string) =>
      JSON.stringify({
        ...JSON.parse(text),
        items: JSON.parse(text).items.map((i: object) => ({ ...i, quantity: '1' })),
      }),
  ],
  ['expires_at as a number', (text: string) => JSON.stringify({ ...JSON.parse(text), expires_at: 1 })],
  ['an array instead of the reservation', (text: string) => `[${text}]`],
  ['null', () => 'null'],
])('shows a hold answered with %s as failed, never as held', async (_, rewrite) => {
  const { w, events, theme } = await open();
  corrupt = (request, real) =>
    isHold(request)
      ? real().then(
          async (response) =>
            new Response(rewrite(await response.text()), { status: response.status, headers: response.headers }),
        )
      : undefined;
  reserve(w);
  await expectHoldFailed(w, theme);
  expect(events.some((e) => e.type === 'reserved')).toBe(false);
});

// BUG (src/widget/models/booking-model.ts hold): the answer of a hold is shown as "Held for
// you" even with no items (loadReservation skips such reservations, hold() does not).
it('does not show a reservation without items as a hold', async () => {
  const { w, theme } = await open();
  corrupt = (request, real) =>
    isHold(request)
      ? real().then(
          async (response) =>
            new Response(JSON.stringify({ ...(await response.json()), items: [] }), {
              status: 201,
              headers: response.headers,
            }),
        )
      : undefined;
  reserve(w);
  await waitFor(() => expect(w.getByRole('button', { name: 'Reserve' }).textContent).toBe('Reserve'));
  expect(w.queryByText('Held for you')).toBeNull();
  expect(theme.textContent).toBe('Theme content');
});

it('shows a failed calendar load when every answer is truncated, never an all-unavailable calendar', async () => {
  corrupt = (_, real) =>
    real().then(
      async (response) =>
        new Response((await response.text()).slice(0, 7), { status: response.status, headers: response.headers }),
    );
  const el = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-net' });
  const w = inWidget(el);
  const alert = await w.findByRole('alert', {}, { timeout: 5000 });
  expect(alert.textContent).toContain('Could not load the calendar.');
  expect(w.queryAllByRole('button', { name: /unavailable/ })).toHaveLength(0);
});

it('says "Busy, retrying…" on Reserve while the service asks to wait a second (429), then shows the hold, without an error', async () => {
  const { w, events } = await open();
  /** Hold requests that reached the network: the first is answered 429, Retry-After: 1. */
  let attempts = 0;
  corrupt = (request) => {
    if (!isHold(request) || attempts++ > 0) return undefined;
    return new Response(
      JSON.stringify({ error: 'rate_limited', message: 'Too many requests with this token; retry after 1 s.' }),
      {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '1' },
      },
    );
  };
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const button = reserve(w);
  expect(button.textContent).toBe('Reserving…');
  await vi.waitFor(() => expect(button.textContent).toBe('Busy, retrying…'));
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect(w.queryByRole('alert')).toBeNull();
  expect(attempts).toBe(1);
  await vi.advanceTimersByTimeAsync(1000);
  vi.useRealTimers();
  await w.findByText('Held for you', {}, { timeout: 5000 });
  expect(attempts).toBe(2);
  // Held as chosen: Reserve gives way to the hold's next steps.
  expect(button.isConnected).toBe(false);
  expect(w.getByRole('button', { name: 'Release' })).toBeTruthy();
  expect(events.map((e) => e.type)).toEqual(['reserved']);
  expect(await heldByService()).toBe(1);
});

it('says "Busy, retrying…" while the calendar waits out a 503 with Retry-After, then shows the calendar and Reserve', async () => {
  let refused = 0;
  corrupt = (request) =>
    request.path === '/v1/widgets' && !refused++
      ? new Response(JSON.stringify({ error: 'internal', message: 'Busy.' }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '1' },
        })
      : undefined;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const w = inWidget(await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-net' }));
  await vi.waitFor(() => expect(w.getByRole('button', { name: 'Busy, retrying…' })).toBeTruthy());
  expect(w.queryByRole('alert')).toBeNull();
  await vi.advanceTimersByTimeAsync(1000);
  vi.useRealTimers();
  await w.findByRole('button', { name: DAY }, { timeout: 5000 });
  expect(w.getByRole('button', { name: 'Reserve' })).toBeTruthy();
  expect(w.queryByRole('alert')).toBeNull();
});

// BUG (src/widget/models/hold-clock.ts remaining): the offset from a Date header a year behind
// makes the countdown 525 614 minutes; the service holds for 15. Clamp to hold_minutes.
it.each([
  ['a year behind', 'Sat, 22 Nov 2025 01:00:00 GMT'],
  ['a year ahead', 'Mon, 22 Nov 2027 01:00:00 GMT'],
])(
  "never counts down longer than the service holds (15 min) when a proxy rewrites the hold answer's Date to %s",
  async (_, date) => {
    const { el, w } = await open();
    corrupt = (request, real) =>
      isHold(request)
        ? real().then((response) => {
            const headers = new Headers(response.headers);
            headers.set('date', date);
            return new Response(response.body, { status: response.status, headers });
          })
        : undefined;
    reserve(w);
    // Held (Release offered) or, believing the bad clock, already expired (Hold again): never longer.
    await w.findByRole('button', { name: /^(Release|Hold again)$/ });
    expect(await heldByService()).toBe(1);
    // The widget may say less than the service's 15 minutes (or that it expired), never more.
    const countdown = el.shadowRoot!.querySelector('[part=countdown]');
    if (countdown) expect(Number(countdown.textContent!.split(':')[0]!.replace(/\D/g, ''))).toBeLessThanOrEqual(15);
  },
);
