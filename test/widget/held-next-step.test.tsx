/**
 * What the held state offers off Shopify (issue 27): with `checkout-url`, Check out; with a page
 * that takes the hold into its own cart (`preventDefault()` on `booking-widget:reserved`), the
 * page's cart; with neither, a plain sentence saying this page has no checkout and what the
 * shopper can do. And until the widget's settings arrive, the controls are a skeleton, never
 * defaults taken back a moment later ("max 10", "Choose a date.").
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  inWidget,
  mountWidget,
  startHarness,
  type WidgetAttributes,
  type WidgetHarness,
} from '../helpers/render-widget.ts';

let harness: WidgetHarness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(() => harness.close());

const NO_CHECKOUT = /^Not booked yet: this page has no checkout\. To book, contact the shop before your hold ends\.$/;

/** Holds Nov 24–26 of the single kayak off Shopify; `onReserved` listens as a page would. */
async function hold(attributes: WidgetAttributes, onReserved?: (e: Event) => void) {
  const el = await mountWidget(harness, { product: '7001', variant: '8001', 'cart-token': 'cart-a', ...attributes });
  if (onReserved) el.addEventListener('booking-widget:reserved', onReserved);
  const w = inWidget(el);
  const root = el.shadowRoot!;
  // By date, in any language: once the month's data is in (a loading day is not chosen).
  const day = (d: string) => root.querySelector<HTMLElement>(`[data-day="${d}"]:not([part~=day-loading])`)!;
  await waitFor(() => expect(day('2026-11-24')).toBeTruthy());
  fireEvent.click(day('2026-11-24'));
  fireEvent.click(day('2026-11-26'));
  fireEvent.click(root.querySelector<HTMLElement>('[part~=reserve-button]')!);
  // The first hold of a file waits for the hold's code too (transformed on demand under test).
  await waitFor(() => expect(root.querySelector('[part~=hold-item]')).toBeTruthy(), { timeout: 10_000 });
  return w;
}

it('without checkout-url and with no cart of the page, the held state says the page has no checkout and to contact the shop', async () => {
  const w = await hold({});
  expect(w.getByText(NO_CHECKOUT).getAttribute('part')).toBe('hold-next');
  expect(w.queryByRole('link', { name: 'Check out' })).toBeNull();
  expect(w.getByRole('button', { name: 'Release' })).toBeTruthy();
});

it('a page that puts the hold in its own cart (preventDefault on booking-widget:reserved) is left the next step', async () => {
  const w = await hold({}, (e) => e.preventDefault());
  expect(w.queryByText(NO_CHECKOUT)).toBeNull();
  expect(w.getByRole('button', { name: 'Release' })).toBeTruthy();
});

it('with checkout-url the held state leads there, and says nothing of a missing checkout', async () => {
  const w = await hold({ 'checkout-url': '/checkout?from=widget' });
  expect(w.getByRole('link', { name: 'Check out' }).getAttribute('href')).toBe('/checkout?from=widget');
  expect(w.queryByText(NO_CHECKOUT)).toBeNull();
});

it('the sentence is in the widget’s language', async () => {
  const w = await hold({ locale: 'de' });
  expect(w.getByText(/^Noch nicht gebucht: Diese Seite hat keine Kasse\./)).toBeTruthy();
});

it('until the widget’s settings arrive the controls are a skeleton: no default quantity, maximum or instruction', async () => {
  let open!: () => void;
  harness.gate = new Promise<void>((resolve) => (open = resolve));
  const el = await mountWidget(harness, { product: '7001', variant: '8001', 'cart-token': 'cart-a' });
  const root = el.shadowRoot!;
  const max = root.querySelector('[part~=quantity-max]')!;
  const message = root.querySelector('[part~=message]')!;
  expect(max.textContent).toBe('');
  expect(max.classList.contains('sk')).toBe(true);
  expect(message.textContent).toBe('');
  expect(message.classList.contains('sk')).toBe(true);
  expect(root.querySelector<HTMLInputElement>('[part~=quantity]')!.value).toBe('');
  expect(root.querySelector<HTMLButtonElement>('[part~=step-up]')!.disabled).toBe(true);
  // The settings are in: the widget's own maximum and the range's first instruction, never a default first.
  open();
  const w = inWidget(el);
  await w.findByText('Choose a start date.');
  expect(max.textContent).toMatch(/^max \d+$/);
  expect(max.classList.contains('sk')).toBe(false);
  expect(root.querySelector<HTMLInputElement>('[part~=quantity]')!.value).toBe('1');
});
