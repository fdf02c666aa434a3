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

/** The days chosen (pressed), as `YYYY-MM-DD`. */
function pressed(el: HTMLElement) {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~=day][aria-pressed=true]')].map((b) => b.dataset.day);
}

/** The message line under the calendar. */
const messageOf = (el: HTMLElement) => el.shadowRoot!.querySelector('[part=message]')!.textContent;

it('starts new dates from a day too far to end the range, saying why, so a later day is never refused again and again', async () => {
  // Issue 27: Dec 3, then 22, 14, 16 each said "Choose 1 to 7 days." with only Dec 3 chosen.
  const { el, w, selects, day } = await open('7001', '8001');
  fireEvent.click(w.getByRole('button', { name: 'Next month' }));
  fireEvent.click(await w.findByRole('button', { name: /^Thursday, December 3, 2026/ }));
  fireEvent.click(day('Tuesday, December 22, 2026'));
  expect(messageOf(el)).toBe(
    'Choose 1 to 7 days. Your dates start again from Tuesday, December 22, 2026: now choose the end date.',
  );
  expect(pressed(el)).toEqual(['2026-12-22']);
  expect(day('Tuesday, December 22, 2026').getAttribute('aria-label')).toBe('Tuesday, December 22, 2026, start');
  // An earlier day starts afresh too, and a day within reach ends the range.
  fireEvent.click(day('Monday, December 14, 2026'));
  expect(messageOf(el)).toBe('Now choose the end date.');
  fireEvent.click(day('Wednesday, December 16, 2026'));
  expect(selects).toEqual([{ start: '2026-12-14', finish: '2026-12-17', quantity: 1 }]);
  expect(pressed(el)).toEqual(['2026-12-14', '2026-12-15', '2026-12-16']);
});

it('starts new dates from a day beyond an unavailable one, naming the day in the way', async () => {
  const { el, w, selects, day } = await open('7001', '8001');
  fireEvent.click(w.getByRole('button', { name: 'Next month' }));
  fireEvent.click(await w.findByRole('button', { name: /^Thursday, December 24, 2026/ }));
  fireEvent.click(day('Saturday, December 26, 2026')); // Christmas in between is blacked out
  expect(messageOf(el)).toBe(
    'Friday, December 25, 2026 is unavailable. Your dates start again from Saturday, December 26, 2026: now choose the end date.',
  );
  expect(pressed(el)).toEqual(['2026-12-26']);
  expect(selects).toEqual([]);
  fireEvent.click(day('Monday, December 28, 2026'));
  expect(selects).toEqual([{ start: '2026-12-26', finish: '2026-12-29', quantity: 1 }]);
});

it('refuses an unavailable day without losing the start, and the next day chosen still ends the range', async () => {
  const { el, w, selects, day } = await open('7001', '8001');
  fireEvent.click(w.getByRole('button', { name: 'Next month' }));
  fireEvent.click(await w.findByRole('button', { name: /^Wednesday, December 23, 2026/ }));
  fireEvent.click(day('Friday, December 25, 2026'));
  expect(messageOf(el)).toMatch(/^Friday, December 25, 2026, unavailable/);
  expect(pressed(el)).toEqual(['2026-12-23']);
  fireEvent.click(day('Thursday, December 24, 2026'));
  expect(selects).toEqual([{ start: '2026-12-23', finish: '2026-12-25', quantity: 1 }]);
});

it('starts new dates from any day chosen once a range is complete', async () => {
  const { el, selects, day } = await open('7001', '8001');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(day('Thursday, November 26, 2026'));
  fireEvent.click(day('Saturday, November 28, 2026'));
  expect(pressed(el)).toEqual(['2026-11-28']);
  expect(messageOf(el)).toBe('Now choose the end date.');
  fireEvent.click(day('Monday, November 30, 2026'));
  expect(selects.at(-1)).toEqual({ start: '2026-11-28', finish: '2026-12-01', quantity: 1 });
});

it('shows, once a start is chosen, which days cannot end the range and why, still choosable', async () => {
  const { el, w, day } = await open('7001', '8001');
  const noEnd = () => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~=day-no-end]')].map((b) => b.dataset.day);
  fireEvent.click(w.getByRole('button', { name: 'Next month' }));
  fireEvent.click(await w.findByRole('button', { name: /^Tuesday, December 1, 2026/ }));
  // 7 days at most: the 7th is the last end; from the 8th on they are too long.
  expect(day('Monday, December 7, 2026').getAttribute('part')).not.toContain('day-no-end');
  const tooFar = day('Tuesday, December 8, 2026');
  expect(tooFar.getAttribute('part')).toContain('day-no-end');
  expect(tooFar.getAttribute('aria-label')).toBe('Tuesday, December 8, 2026, cannot end your dates: too long');
  expect(tooFar.title).toBe('cannot end your dates: too long');
  expect(tooFar.hasAttribute('aria-disabled')).toBe(false);
  expect(noEnd()[0]).toBe('2026-12-08');
  // Hovering one previews no range.
  fireEvent.mouseEnter(tooFar);
  expect(el.shadowRoot!.querySelectorAll('[part~=day-preview]')).toHaveLength(0);
  // Across Christmas (blacked out), a day within 7 days says what is in the way; days before
  // the start would be new starts, not ends: not marked.
  fireEvent.click(day('Wednesday, December 23, 2026'));
  expect(day('Saturday, December 26, 2026').getAttribute('aria-label')).toBe(
    'Saturday, December 26, 2026, cannot end your dates: an unavailable day in between',
  );
  expect(noEnd()).toEqual(['2026-12-26', '2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31']);
  // Once the range is complete, nothing is marked.
  fireEvent.click(day('Thursday, December 24, 2026'));
  expect(pressed(el)).toEqual(['2026-12-23', '2026-12-24']);
  expect(noEnd()).toEqual([]);
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

it('caps the quantity at what the chosen days all have, so raising it can never spoil the choice', async () => {
  await oneKayakLeftOn25November();
  const { w, day } = await open('7001', '8001');
  const quantity = w.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
  const more = w.getByRole('button', { name: 'More' });
  // Before a choice: what a single kayak has, 3, not the widget's quantity_max of 10.
  expect(w.getByText('max 3')).toBeTruthy();
  expect(quantity.max).toBe('3');
  fireEvent.click(day('Tuesday, November 24, 2026'));
  fireEvent.click(day('Thursday, November 26, 2026'));
  // One kayak is left on the 25th: one is the most these days can have.
  await waitFor(() => expect(w.getByText('max 1')).toBeTruthy());
  expect(more.hasAttribute('disabled')).toBe(true);
  fireEvent.change(quantity, { target: { value: '3' } });
  await waitFor(() => expect(quantity.value).toBe('1'));
  expect(w.getByRole('button', { name: 'Reserve' }).hasAttribute('disabled')).toBe(false);
  // New dates from the 27th: three again.
  fireEvent.click(day('Friday, November 27, 2026'));
  await waitFor(() => expect(w.getByText('max 3')).toBeTruthy());
  expect(more.hasAttribute('disabled')).toBe(false);
});

it('offers no more double kayaks than exist (2), and brings a quantity down to them when the variant changes', async () => {
  const { el, w } = await open('7001', '8001');
  const quantity = w.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
  fireEvent.change(quantity, { target: { value: '3' } });
  await waitFor(() => expect(quantity.value).toBe('3'));
  el.setAttribute('variant', '8002');
  await waitFor(() => expect(w.getByText('max 2')).toBeTruthy());
  expect(quantity.value).toBe('2');
  expect(quantity.max).toBe('2');
  expect(w.getByRole('button', { name: 'More' }).hasAttribute('disabled')).toBe(true);
  // No day turns "only 2 left": two is all there is.
  expect(el.shadowRoot!.querySelectorAll('button[part~=day-short]')).toHaveLength(0);
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
