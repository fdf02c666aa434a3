/**
 * The `<booking-widget>` element in a page: attributes changing at run time, removal, several
 * instances, the script included twice, and the language chosen. Against the real service.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { BookingWidgetElement, defineBookingWidget } from '../../src/widget/element.ts';
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
  document.documentElement.lang = '';
  vi.restoreAllMocks();
  return harness.close();
});

const ready = (el: BookingWidgetElement) =>
  waitFor(() => expect(el.shadowRoot!.querySelector('table:not([aria-busy])')).toBeTruthy());

it('follows a variant change in place: the new variant’s availability, the same widget record', async () => {
  const el = await mountWidget(harness, { product: '7001', variant: '8001', 'cart-token': 'cart-a' });
  await ready(el);
  const w = inWidget(el);
  fireEvent.click(w.getByRole('button', { name: 'Tuesday, November 24, 2026' }));
  el.setAttribute('variant', '8002');
  await waitFor(() =>
    expect(
      requestsTo(harness, '/v1/availability').some((r) => r.url.searchParams.get('external_variant_id') === '8002'),
    ).toBe(true),
  );
  await ready(el);
  expect(requestsTo(harness, '/v1/widgets')).toHaveLength(1);
  // The choice made for the other variant is dropped, not carried over.
  expect(w.getByRole('button', { name: 'Tuesday, November 24, 2026' }).getAttribute('aria-pressed')).toBe('false');
});

it('starts afresh for another product', async () => {
  const el = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-a' });
  await ready(el);
  el.setAttribute('product', '7001');
  el.setAttribute('variant', '8001');
  await waitFor(() => expect(requestsTo(harness, '/v1/widgets')).toHaveLength(2));
  await waitFor(() =>
    expect(
      inWidget(el).getByRole('button', { name: 'Sunday, November 22, 2026, unavailable: too soon to book' }),
    ).toBeTruthy(),
  );
});

it('when removed, aborts its requests, stops its timers and dispatches nothing more', async () => {
  let open!: () => void;
  harness.gate = new Promise((resolve) => (open = resolve));
  const el = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-a' });
  const events = vi.fn();
  el.addEventListener('booking-widget:ready', events);
  el.addEventListener('booking-widget:error', events);
  await waitFor(() => expect(requestsTo(harness, '/v1/widgets')).toHaveLength(1));
  el.remove();
  expect(harness.sent.every((r) => r.signal?.aborted)).toBe(true);
  expect(el.shadowRoot!.childNodes).toHaveLength(0);
  open();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(events).not.toHaveBeenCalled();
});

it('stops the countdown timer and the visibility listener of a hold when removed', async () => {
  const el = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-a' });
  await ready(el);
  const w = inWidget(el);
  const cleared = vi.spyOn(globalThis, 'clearInterval');
  const unlistened = vi.spyOn(document, 'removeEventListener');
  fireEvent.click(w.getByRole('button', { name: 'Tuesday, November 24, 2026' }));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await w.findByText('14:59 left');
  const expired = vi.fn();
  el.addEventListener('booking-widget:expired', expired);
  el.remove();
  expect(cleared).toHaveBeenCalled();
  expect(unlistened).toHaveBeenCalledWith('visibilitychange', expect.any(Function));
  harness.service.clock.advance(20 * 60_000);
  document.dispatchEvent(new Event('visibilitychange'));
  expect(expired).not.toHaveBeenCalled();
});

it('runs two widgets on one page independently', async () => {
  const date = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-a' });
  const range = await mountWidget(harness, { product: '7001', variant: '8001', 'cart-token': 'cart-a' });
  await ready(date);
  await ready(range);
  const [d, r] = [inWidget(date), inWidget(range)];
  fireEvent.click(d.getByRole('button', { name: 'Tuesday, November 24, 2026' }));
  expect(d.getByRole('button', { name: 'Reserve' }).hasAttribute('disabled')).toBe(false);
  expect(r.getByRole('button', { name: 'Tuesday, November 24, 2026' }).getAttribute('aria-pressed')).toBe('false');
  expect(r.getByRole('button', { name: 'Reserve' }).hasAttribute('disabled')).toBe(true);
  expect(r.getByRole('button', { name: 'Sunday, November 22, 2026, unavailable: too soon to book' })).toBeTruthy();
  expect(d.getByRole('button', { name: 'Sunday, November 22, 2026' })).toBeTruthy();
});

it('removed before its app has arrived, it sends nothing more, renders nothing and reports no error', async () => {
  defineBookingWidget();
  const el = document.createElement('booking-widget');
  el.fetch = harness.fetch;
  el.now = () => harness.service.clock.now();
  for (const [name, value] of Object.entries({
    api: harness.service.baseUrl,
    token: 'pk_test_harbour',
    product: '7002',
    variant: '8003',
    'cart-token': 'cart-gone',
  }))
    el.setAttribute(name, value);
  const errors: unknown[] = [];
  el.addEventListener('booking-widget:error', (e) => errors.push(e.detail));
  document.body.append(el);
  // The first wave left at once, with the element's signal.
  const wave = harness.sent.length;
  expect(wave).toBeGreaterThan(0);
  el.remove();
  expect(harness.sent.every((r) => r.signal?.aborted)).toBe(true);
  await el.rendered;
  await new Promise((r) => setTimeout(r, 50));
  expect(el.shadowRoot!.childElementCount).toBe(0);
  expect(harness.sent).toHaveLength(wave);
  expect(errors).toEqual([]);
});

it('catches a rendering error inside the widget: a message with Retry, the theme told in the shopper’s words, and Retry renders again', async () => {
  const el = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-a' });
  await ready(el);
  const errors: { error: string; message: string; detail?: string }[] = [];
  el.addEventListener('booking-widget:error', (e) => errors.push(e.detail));
  // A bug in a render: building the month heading's formatter throws, once, when the
  // language changes (the formatters are built while the calendar renders).
  const Real = Intl.DateTimeFormat;
  let broken = true;
  // A function, not an arrow: the widget calls it with `new`.
  // biome-ignore lint/complexity/useArrowFunction: an arrow function cannot be constructed
  const format = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
    locale?: string | string[],
    o?: Intl.DateTimeFormatOptions,
  ) {
    if (broken && o?.month === 'long' && !o.weekday) {
      broken = false;
      throw new Error('formatter broke');
    }
    return new Real(locale, o);
  } as never);
  const w = inWidget(el);
  el.setAttribute('locale', 'en-GB');
  const alert = await w.findByRole('alert');
  expect(alert.textContent).toContain('Could not load the calendar.');
  // The shopper's words as `message` (a theme may show it); the bug's own words only as `detail`.
  expect(errors).toEqual([
    { error: 'internal', message: 'The calendar could not load. Please try again.', detail: 'formatter broke' },
  ]);
  format.mockRestore();
  fireEvent.click(w.getByRole('button', { name: 'Retry' }));
  expect((await w.findByRole('heading')).textContent).toBe('November 2026');
});

it('defines the element once however often the script runs', async () => {
  defineBookingWidget();
  defineBookingWidget();
  await import('../../src/widget/main.ts');
  expect(customElements.get('booking-widget')).toBe(BookingWidgetElement);
});

it('takes its language from the attribute, then the widget record, never from <html lang> when both exist', async () => {
  document.documentElement.lang = 'fr';
  const de = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-a', locale: 'de' });
  const en = await mountWidget(harness, { product: '7002', variant: '8003', 'cart-token': 'cart-a' });
  await ready(de);
  await ready(en);
  expect(inWidget(de).getByRole('heading').textContent).toBe('November 2026');
  expect(inWidget(de).getByRole('button', { name: 'Reservieren' })).toBeTruthy();
  expect(
    inWidget(de).getByRole('button', { name: 'Samstag, 21. November 2026, nicht verfügbar: vergangen' }),
  ).toBeTruthy();
  // The shop's widget record says "en".
  expect(inWidget(en).getByRole('button', { name: 'Reserve' })).toBeTruthy();
  // A live change of language re-renders in place.
  de.setAttribute('locale', 'ja');
  await waitFor(() => expect(inWidget(de).getByRole('button', { name: '予約する' })).toBeTruthy());
  expect(requestsTo(harness, '/v1/widgets')).toHaveLength(2);
});

it('on Shopify without a variant attribute, follows the variant chosen in the theme’s product form', async () => {
  (globalThis as { Shopify?: unknown }).Shopify = { routes: { root: '/' } };
  try {
    const form = document.createElement('form');
    form.action = '/cart/add';
    form.innerHTML = '<input type="hidden" name="id" value="8001">';
    document.body.append(form);
    const el = await mountWidget(harness, { product: '7001', 'cart-token': 'cart-a' });
    await ready(el);
    const w = inWidget(el);
    expect(requestsTo(harness, '/v1/availability').map((r) => r.url.searchParams.get('external_variant_id'))).toEqual([
      '8001',
    ]);
    // The theme's variant picker writes the field and fires change, as Shopify themes do.
    const id = form.querySelector('input')!;
    id.value = '8002';
    id.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() =>
      expect(
        requestsTo(harness, '/v1/availability').map((r) => r.url.searchParams.get('external_variant_id')),
      ).toContain('8002'),
    );
    await ready(el);
    fireEvent.click(w.getByRole('button', { name: /^Tuesday, November 24, 2026/ }));
    fireEvent.click(w.getByRole('button', { name: /^Tuesday, November 24, 2026/ }));
    fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
    await heldItem(w, /^Kayak hire – Double kayak:/);
  } finally {
    delete (globalThis as { Shopify?: unknown }).Shopify;
  }
});
