/**
 * Where the focus goes once a hold is made (issue 16): the button the shopper pressed is gone
 * or moved (Reserve, Keep holding, Update hold, Retry), so the hold's title takes the focus,
 * never the page's body; a refused hold's explanation takes it; a page load never moves it.
 * Against the real in-process service.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { BookingWidgetElement } from '../../src/widget/element.ts';
import { inWidget, mountWidget, startHarness, type WidgetHarness } from '../helpers/render-widget.ts';

let harness: WidgetHarness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(() => harness.close());

async function open(product = '7002', variant = '8003') {
  const el = await mountWidget(harness, { product, variant, 'cart-token': 'cart-focus' });
  const w = inWidget(el);
  await waitFor(() => expect(el.shadowRoot!.querySelector('table:not([aria-busy])')).toBeTruthy());
  const day = (name: string) => w.getByRole('button', { name: new RegExp(`^${name}`) });
  return { el, w, day };
}

/** The element with the focus inside the widget (null when the focus is elsewhere: the body). */
const focused = (el: BookingWidgetElement) => el.shadowRoot!.activeElement;
/** The hold's title, "Held for you". */
const title = (el: BookingWidgetElement) => el.shadowRoot!.querySelector('[part=hold-title]');

/** Presses `button` as a shopper does: it has the focus first. */
function press(button: HTMLElement) {
  button.focus();
  fireEvent.click(button);
}

it('after Reserve the focus is on the hold’s title, not lost to the page', async () => {
  const { el, w, day } = await open();
  fireEvent.click(day('Tuesday, November 24, 2026'));
  press(w.getByRole('button', { name: 'Reserve' }));
  await w.findByText('14:59 left', {}, { timeout: 10_000 });
  await waitFor(() => expect(focused(el)).toBe(title(el)));
  expect(focused(el)!.textContent).toBe('Held for you');
});

it('after Keep holding (whose button then goes) the focus is on the hold’s title', async () => {
  const { el, w, day } = await open();
  fireEvent.click(day('Tuesday, November 24, 2026'));
  press(w.getByRole('button', { name: 'Reserve' }));
  await w.findByText('14:59 left', {}, { timeout: 10_000 });
  harness.service.clock.advance(11 * 60_000);
  document.dispatchEvent(new Event('visibilitychange'));
  const keep = await w.findByRole('button', { name: 'Keep holding' });
  press(keep);
  expect(focused(el)).toBe(keep);
  await w.findByText(/^14:5\d left$/);
  expect(keep.isConnected).toBe(false);
  await waitFor(() => expect(focused(el)).toBe(title(el)));
});

it('after Update hold the focus is on the hold’s title', async () => {
  const { el, w, day } = await open();
  fireEvent.click(day('Tuesday, November 24, 2026'));
  press(w.getByRole('button', { name: 'Reserve' }));
  await w.findByText('14:59 left', {}, { timeout: 10_000 });
  press(w.getByRole('button', { name: 'More' }));
  const update = await w.findByRole('button', { name: 'Update hold' });
  press(update);
  expect(focused(el)).toBe(update);
  await waitFor(() => expect(w.queryByRole('button', { name: 'Update hold' })).toBeNull());
  await waitFor(() => expect(focused(el)).toBe(title(el)));
});

it('after a hold’s Retry succeeds the focus is on the hold’s title', async () => {
  const { el, w, day } = await open();
  fireEvent.click(day('Tuesday, November 24, 2026'));
  harness.failWith = () => Response.json({ error: 'internal', message: 'down' }, { status: 500 });
  press(w.getByRole('button', { name: 'Reserve' }));
  const retry = await w.findByRole('button', { name: 'Retry' });
  harness.failWith = undefined;
  press(retry);
  await w.findByText('14:59 left', {}, { timeout: 10_000 });
  await waitFor(() => expect(focused(el)).toBe(title(el)));
});

it('after a 409 the focus is on the message that says which dates did not fit', async () => {
  const { el, w, day } = await open();
  // Between loading and reserving, another cart takes all ten places on 24 November.
  const other = await harness.service.fetch(
    new Request(`${harness.service.baseUrl}/v1/reservations`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
      body: JSON.stringify({
        cart_token: 'someone-else',
        items: [{ external_id: 8003, start: '2026-11-24', quantity: 10 }],
      }),
    }),
  );
  expect(other.status).toBe(201);
  fireEvent.click(day('Tuesday, November 24, 2026'));
  press(w.getByRole('button', { name: 'Reserve' }));
  const alert = await w.findByRole('alert');
  expect(alert.textContent).toContain('Nov 24, 2026: fully booked.');
  await waitFor(() => expect(focused(el)).toBe(alert));
});

it('a page load that finds a live hold shows it without taking the focus', async () => {
  const first = await open();
  fireEvent.click(first.day('Tuesday, November 24, 2026'));
  press(first.w.getByRole('button', { name: 'Reserve' }));
  await first.w.findByText('14:59 left', {}, { timeout: 10_000 });
  document.body.replaceChildren();
  const { el, w } = await open();
  await w.findByRole('button', { name: 'Release' }, { timeout: 10_000 });
  expect(title(el)).toBeTruthy();
  expect(focused(el)).toBeNull();
});
