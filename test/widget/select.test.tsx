/**
 * Choosing days and a quantity, against the real in-process service.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SelectDetail } from '../../src/widget/events.ts';
import { inWidget, mountWidget, startHarness, type WidgetHarness } from '../helpers/render-widget.ts';

let harness: WidgetHarness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(() => harness.close());

async function open(product: string, variant: string) {
  const el = await mountWidget(harness, { product, variant, 'cart-token': 'cart-a' });
  const selects: SelectDetail[] = [];
  el.addEventListener('booking-widget:select', (e) => selects.push(e.detail));
  const w = inWidget(el);
  await w.findByRole('button', { name: 'Tuesday, November 24, 2026' });
  const day = (name: string) => w.getByRole('button', { name: new RegExp(`^${name}`) });
  return { el, w, selects, day };
}

it('picks one day on a date widget and reports it with an exclusive finish', async () => {
  const { w, selects, day } = await open('7002', '8003');
  const reserve = w.getByRole('button', { name: 'Reserve' });
  expect(reserve.hasAttribute('disabled')).toBe(true);
  fireEvent.click(day('Tuesday, November 24, 2026'));
  expect(day('Tuesday, November 24, 2026').getAttribute('aria-pressed')).toBe('true');
  expect(day('Tuesday, November 24, 2026').getAttribute('part')).toContain('day-selected');
  expect(selects.at(-1)).toEqual({ start: '2026-11-24', finish: '2026-11-25', quantity: 1 });
  expect(reserve.hasAttribute('disabled')).toBe(false);
  // Another day replaces it.
  fireEvent.click(day('Thursday, November 26, 2026'));
  expect(day('Tuesday, November 24, 2026').getAttribute('aria-pressed')).toBe('false');
  expect(selects.at(-1)).toEqual({ start: '2026-11-26', finish: '2026-11-27', quantity: 1 });
});

it('does not pick an unavailable day', async () => {
  const { w, selects, day } = await open('7002', '8003');
  fireEvent.click(day('Saturday, November 21, 2026'));
  expect(selects).toEqual([]);
  expect(
    w.getByText('Saturday, November 21, 2026, unavailable: in the past', { selector: '[part=message]' }),
  ).toBeTruthy();
  expect(w.getByRole('button', { name: 'Reserve' }).hasAttribute('disabled')).toBe(true);
});

it('picks a start and an end on a range widget, the last day held ("days")', async () => {
  const { w, selects, day } = await open('7001', '8001');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  expect(w.getByText('Now choose the end date.')).toBeTruthy();
  expect(selects).toEqual([]);
  fireEvent.click(day('Thursday, November 26, 2026'));
  expect(selects.at(-1)).toEqual({ start: '2026-11-24', finish: '2026-11-27', quantity: 1 });
  for (const name of ['Tuesday, November 24', 'Wednesday, November 25', 'Thursday, November 26']) {
    expect(day(name).getAttribute('aria-pressed')).toBe('true');
  }
  expect(day('Friday, November 27').getAttribute('aria-pressed')).toBe('false');
});

it('rejects a range longer than the widget allows, and one that crosses an unavailable day', async () => {
  const { w, selects, day } = await open('7001', '8001');
  fireEvent.click(w.getByRole('button', { name: 'Next month' }));
  await w.findByRole('button', { name: /^Thursday, December 24, 2026$/ });
  fireEvent.click(day('Thursday, December 24, 2026'));
  fireEvent.click(day('Saturday, December 26, 2026')); // Christmas in between is blacked out
  // The day in the way is named, and the start stays chosen.
  expect(
    w.getByText('Friday, December 25, 2026 is unavailable: choose an end before it, or another start.'),
  ).toBeTruthy();
  expect(day('Thursday, December 24, 2026').getAttribute('aria-pressed')).toBe('true');
  expect(selects).toEqual([]);
  // An earlier day starts afresh.
  fireEvent.click(day('Tuesday, December 1, 2026'));
  fireEvent.click(day('Wednesday, December 9, 2026')); // 9 days; max_days is 7
  expect(w.getByText('Choose 1 to 7 days.')).toBeTruthy();
  expect(selects).toEqual([]);
  fireEvent.click(day('Monday, December 7, 2026'));
  expect(selects.at(-1)).toEqual({ start: '2026-12-01', finish: '2026-12-08', quantity: 1 });
});

it('keeps the start after an end that is too far, so the next day chosen ends the range from it', async () => {
  const { w, selects, day } = await open('7001', '8001');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(w.getByRole('button', { name: 'Next month' }));
  fireEvent.click(await w.findByRole('button', { name: /^Thursday, December 3, 2026/ })); // 10 days
  expect(w.getByText('Choose 1 to 7 days.')).toBeTruthy();
  fireEvent.click(w.getByRole('button', { name: 'Previous month' }));
  expect(day('Tuesday, November 24, 2026').getAttribute('aria-label')).toBe('Tuesday, November 24, 2026, start');
  fireEvent.click(day('Thursday, November 26, 2026'));
  expect(selects).toEqual([{ start: '2026-11-24', finish: '2026-11-27', quantity: 1 }]);
  expect(day('Wednesday, November 25, 2026').getAttribute('aria-label')).toBe(
    'Wednesday, November 25, 2026, in your dates',
  );
  expect(day('Thursday, November 26, 2026').getAttribute('aria-label')).toBe('Thursday, November 26, 2026, end');
});

it('keeps the quantity between the widget minimum and maximum', async () => {
  const { w, selects, day } = await open('7002', '8003'); // quantity_max 6
  const quantity = w.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
  expect(quantity.value).toBe('1');
  expect(quantity.min).toBe('1');
  expect(quantity.max).toBe('6');
  fireEvent.change(quantity, { target: { value: '40' } });
  await waitFor(() => expect(quantity.value).toBe('6'));
  fireEvent.change(quantity, { target: { value: '0' } });
  await waitFor(() => expect(quantity.value).toBe('1'));
  fireEvent.change(quantity, { target: { value: '3' } });
  fireEvent.click(day('Tuesday, November 24, 2026'));
  expect(selects.at(-1)).toEqual({ start: '2026-11-24', finish: '2026-11-25', quantity: 3 });
});

it('says how many are left on a day with few, and "only N left" when the quantity asks for more', async () => {
  // Another cart holds 2 of the 3 single kayaks on 25 November.
  const other = await harness.service.fetch(
    new Request(`${harness.service.baseUrl}/v1/reservations`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
      body: JSON.stringify({
        cart_token: 'someone-else',
        items: [{ external_id: 8001, start: '2026-11-25', quantity: 2 }],
      }),
    }),
  );
  expect(other.status).toBe(201);
  const { w, day } = await open('7001', '8001');
  expect(day('Wednesday, November 25, 2026').getAttribute('aria-label')).toBe('Wednesday, November 25, 2026, 1 left');
  // Shown under the day's number, beside its button (whose visible text stays the number).
  expect(day('Wednesday, November 25, 2026').parentElement!.textContent).toContain('1 left');
  fireEvent.change(w.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '2' } });
  await waitFor(() =>
    expect(day('Wednesday, November 25, 2026').getAttribute('aria-label')).toBe(
      'Wednesday, November 25, 2026, only 1 left',
    ),
  );
  expect(day('Wednesday, November 25, 2026').getAttribute('aria-disabled')).toBe('true');
});

/** Another cart holds 2 of the 3 single kayaks on 25 November: one is left. */
async function oneKayakLeftOn25November() {
  const other = await harness.service.fetch(
    new Request(`${harness.service.baseUrl}/v1/reservations`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
      body: JSON.stringify({
        cart_token: 'someone-else',
        items: [{ external_id: 8001, start: '2026-11-25', quantity: 2 }],
      }),
    }),
  );
  expect(other.status).toBe(201);
}

it('shows a day with fewer left than asked for unlike a fully booked one: its own look, "only 1 left" on screen, and its key in the legend', async () => {
  await oneKayakLeftOn25November();
  const { el, w, day } = await open('7001', '8001');
  fireEvent.click(w.getByRole('button', { name: 'More' }));
  const short = day('Wednesday, November 25, 2026');
  await waitFor(() => expect(short.getAttribute('data-reason')).toBe('short'));
  expect(short.getAttribute('part')!.split(' ')).toEqual(expect.arrayContaining(['day-unavailable', 'day-short']));
  expect(short.getAttribute('part')).not.toContain('day-sold');
  expect(short.parentElement!.querySelector('.left')!.textContent).toBe('only 1 left');
  expect(short.title).toBe('only 1 left');
  const key = [...el.shadowRoot!.querySelectorAll('[part=legend] li')].find(
    (li) => li.textContent === 'Fewer than you asked for',
  );
  expect(key!.querySelector('[part~=swatch]')!.getAttribute('part')).toContain('day-short');
});

it('says which day is in the way and how many it has left when a raised quantity no longer fits the chosen days', async () => {
  await oneKayakLeftOn25November();
  const { w, day } = await open('7001', '8001');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(day('Thursday, November 26, 2026'));
  const reserve = w.getByRole('button', { name: 'Reserve' });
  expect(reserve.hasAttribute('disabled')).toBe(false);
  fireEvent.click(w.getByRole('button', { name: 'More' }));
  await waitFor(() => expect(reserve.hasAttribute('disabled')).toBe(true));
  expect(w.getByText('Wednesday, November 25, 2026: only 1 left.', { selector: '[part=message]' })).toBeTruthy();
  // Back to one kayak: the choice fits again, and the message says so no more.
  fireEvent.click(w.getByRole('button', { name: 'Fewer' }));
  await waitFor(() => expect(reserve.hasAttribute('disabled')).toBe(false));
  expect(w.queryByText(/only 1 left/, { selector: '[part=message]' })).toBeNull();
});

it('previews the range under the pointer or the focus once a start is chosen, and drops it when the pointer leaves', async () => {
  const { el, w, day } = await open('7001', '8001');
  const previewed = () =>
    [...el.shadowRoot!.querySelectorAll('[part~=day-preview]')].map((b) => (b as HTMLElement).dataset.day);
  fireEvent.mouseEnter(day('Friday, November 27, 2026'));
  // No start yet: nothing to preview.
  expect(previewed()).toEqual([]);
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.mouseEnter(day('Friday, November 27, 2026'));
  await waitFor(() => expect(previewed()).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']));
  fireEvent.focus(day('Wednesday, November 25, 2026'));
  await waitFor(() => expect(previewed()).toEqual(['2026-11-25']));
  fireEvent.mouseLeave(w.getByRole('table'));
  await waitFor(() => expect(previewed()).toEqual([]));
});
