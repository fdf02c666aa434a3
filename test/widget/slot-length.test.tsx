/**
 * A length in slots (issue 29, point 1): a `units` variant hired by the hour (09:00-13:00, up to
 * 3 hours in a row) with a slot widget that allows runs offers a labelled Length choice; each
 * time is then the run of that length from it, or says why it cannot start one; Reserve holds
 * the whole run and the hold panel shows its span. Against the real in-process service.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { heldItem, requestsTo, type WidgetHarness } from '../helpers/render-widget.ts';
import { LOADED, type TourOptions, label, openSlotWidget, plain, radios, slotTour } from '../helpers/slot-widget.ts';
import { api } from '../service/api.ts';

let harness: WidgetHarness;
afterEach(() => harness.close());

async function hire(options: TourOptions = { hire: 3, widgetMaxSlots: 3 }) {
  const made = await slotTour(options);
  harness = made.harness;
  return made.a;
}

/** The chosen day's times, each as "span, what is left or why not" (the shopper's own time left out). */
const times = (w: Parameters<typeof radios>[0]) => radios(w).map((r) => label(r).split(', ').slice(0, 2).join(', '));

it('offers a Length of 1 to 3 hours; each time becomes the run from it, unavailable with its reason when a taken hour or the closing time is in the way', async () => {
  await hire();
  // Another cart has every boat at 11:00 on 23 November.
  await api(harness.service).post('/v1/reservations', {
    cart_token: 'other',
    items: [{ external_id: 8003, start: '2026-11-23 11:00', quantity: 8 }],
  });
  const { w, day } = await openSlotWidget(harness);
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  const length = w.getByLabelText('Length') as HTMLSelectElement;
  expect([...length.options].map((o) => plain(o.textContent))).toEqual(['1 hour', '2 hours', '3 hours']);
  expect(length.value).toBe('1');
  expect(times(w)).toEqual([
    '9:00 – 10:00 AM, 8 left',
    '10:00 – 11:00 AM, 8 left',
    '11:00 AM – 12:00 PM, fully booked',
    '12:00 – 1:00 PM, 8 left',
  ]);
  fireEvent.change(length, { target: { value: '2' } });
  await waitFor(() => expect(times(w)[0]).toBe('9:00 – 11:00 AM, 8 left'));
  expect(times(w)).toEqual([
    '9:00 – 11:00 AM, 8 left',
    '10:00 AM – 12:00 PM, fully booked',
    '11:00 AM – 1:00 PM, fully booked',
    '12:00 – 1:00 PM, unavailable for 2 hours',
  ]);
  expect(radios(w).map((r) => r.getAttribute('aria-disabled'))).toEqual([null, 'true', 'true', 'true']);
  expect(radios(w)[3]!.getAttribute('data-reason')).toBe('run');
});

it('holds the whole run: its first slot’s start to its last slot’s finish, shown as one span in the hold panel; Update hold for another length', async () => {
  await hire();
  const { w, day, events } = await openSlotWidget(harness);
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  fireEvent.change(w.getByLabelText('Length'), { target: { value: '3' } });
  await waitFor(() => expect(times(w)[0]).toBe('9:00 AM – 12:00 PM, 8 left'));
  fireEvent.click(radios(w)[0]!);
  expect(events.select.at(-1)).toEqual({
    start: '2026-11-22T22:00:00.000Z',
    finish: '2026-11-23T01:00:00.000Z',
    quantity: 1,
  });
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  const item = await heldItem(w, /^Sunset tour – Adult:/);
  expect(plain(item.textContent)).toMatch(/^Sunset tour – Adult: Mon, Nov 23, 9:00 AM – 12:00 PM \(/);
  expect(requestsTo(harness, '/v1/reservations', 'POST')[0]!.body).toEqual({
    cart_token: 'cart-s',
    items: [
      { external_id: '8003', start: '2026-11-22T22:00:00.000Z', finish: '2026-11-23T01:00:00.000Z', quantity: 1 },
    ],
  });
  // The held run is the choice: no Reserve. Another length of the same start is another choice.
  expect(w.queryByRole('button', { name: /^(Reserve|Update hold)$/ })).toBeNull();
  fireEvent.change(w.getByLabelText('Length'), { target: { value: '1' } });
  await w.findByRole('button', { name: 'Update hold' });
});

it('is reached by keyboard in order (the Length choice, then the one tab stop of the times); a length the chosen time cannot start drops it', async () => {
  await hire();
  const { el, w, day } = await openSlotWidget(harness);
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  const length = w.getByLabelText('Length') as HTMLSelectElement;
  // A native select in the tab order, before the times' one tab stop.
  expect(length.tabIndex).toBe(0);
  const focusable = [...el.shadowRoot!.querySelectorAll<HTMLElement>('select, [role=radio][tabindex="0"]')];
  expect(focusable[0]).toBe(length);
  expect(focusable[1]!.getAttribute('role')).toBe('radio');
  // 12:00 chosen by the arrow keys, then 2 hours: 12:00 cannot start them (closing at 13:00).
  fireEvent.keyDown(radios(w)[0]!, { key: 'ArrowUp' });
  await waitFor(() => expect(radios(w)[3]!.getAttribute('aria-checked')).toBe('true'));
  expect((w.getByRole('button', { name: 'Reserve' }) as HTMLButtonElement).disabled).toBe(false);
  fireEvent.change(length, { target: { value: '2' } });
  await waitFor(() => expect(radios(w)[3]!.getAttribute('aria-checked')).toBe('false'));
  expect((w.getByRole('button', { name: 'Reserve' }) as HTMLButtonElement).disabled).toBe(true);
  expect(w.getByText('Choose a time.')).toBeTruthy();
});

it('offers no Length when the widget allows one slot only, nor for a variant counted in seats', async () => {
  await hire({ hire: 3 });
  const { w, day } = await openSlotWidget(harness);
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  expect(w.queryByLabelText('Length')).toBeNull();
  expect(times(w)[0]).toBe('9:00 – 10:00 AM, 8 left');
  harness.close();
  await hire({ widgetMaxSlots: 3 });
  const tour = await openSlotWidget(harness);
  fireEvent.click(tour.day);
  await tour.w.findByRole('radiogroup', {}, LOADED);
  expect(tour.w.queryByLabelText('Length')).toBeNull();
});

it('says lengths in the shopper’s language by Intl, right to left included', async () => {
  await hire();
  const { w, day } = await openSlotWidget(harness, { locale: 'de' });
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  const length = w.getByLabelText('Dauer') as HTMLSelectElement;
  expect([...length.options].map((o) => plain(o.textContent))).toEqual(['1 Stunde', '2 Stunden', '3 Stunden']);
  harness.close();
  await hire();
  const ar = await openSlotWidget(harness, { locale: 'ar' });
  fireEvent.click(ar.day);
  await ar.w.findByRole('radiogroup', {}, LOADED);
  const arLength = ar.w.getByLabelText('المدة') as HTMLSelectElement;
  const hours = new Intl.NumberFormat('ar', { style: 'unit', unit: 'hour', unitDisplay: 'long' });
  expect([...arLength.options].map((o) => o.textContent)).toEqual([1, 2, 3].map((n) => hours.format(n)));
  expect(ar.el.shadowRoot!.querySelector('[part=widget]')!.getAttribute('dir')).toBe('rtl');
});

it('opens on a held run after a reload with its length and time chosen again, and no Reserve', async () => {
  await hire();
  const first = await openSlotWidget(harness);
  fireEvent.click(first.day);
  await first.w.findByRole('radiogroup', {}, LOADED);
  fireEvent.change(first.w.getByLabelText('Length'), { target: { value: '2' } });
  await waitFor(() => expect(times(first.w)[1]).toBe('10:00 AM – 12:00 PM, 8 left'));
  fireEvent.click(radios(first.w)[1]!);
  fireEvent.click(first.w.getByRole('button', { name: 'Reserve' }));
  await first.w.findByText('14:59 left', {}, LOADED);
  first.el.remove();
  const { w } = await openSlotWidget(harness);
  await waitFor(() => expect(radios(w)[1]!.getAttribute('aria-checked')).toBe('true'), LOADED);
  expect((w.getByLabelText('Length') as HTMLSelectElement).value).toBe('2');
  expect(times(w)[1]).toBe('10:00 AM – 12:00 PM, 8 left');
  expect(w.queryByRole('button', { name: /^(Reserve|Update hold)$/ })).toBeNull();
});
