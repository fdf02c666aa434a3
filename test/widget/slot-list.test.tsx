/**
 * The slot widget (issue 29, SLOTS.md §3) against the real in-process service: the Sunset tour
 * (8003) turned into a variant booked by times of day, its widget into a slot widget. The list
 * of a chosen day's times (APG radio group: keys, states with their reasons, the shop's zone
 * and the shopper's), Reserve by the slot's instant, and the hold panel.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { heldItem, requestsTo, type WidgetHarness } from '../helpers/render-widget.ts';
import {
  LOADED,
  WEEK,
  type TourOptions,
  label,
  openSlotWidget,
  plain,
  radios,
  slotTour as makeTour,
  yours,
} from '../helpers/slot-widget.ts';
import { api } from '../service/api.ts';

let harness: WidgetHarness;
afterEach(() => harness.close());

/** The tour booked by times of day with a slot widget (test/helpers/slot-widget.ts); the merchant API. */
async function slotTour(options: TourOptions = {}) {
  const made = await makeTour(options);
  harness = made.harness;
  return made.a;
}

const open = (attributes: Record<string, string> = {}, first = '2026-11-23') =>
  openSlotWidget(harness, attributes, first);

it('lists a chosen day’s times as a radio group on the shop’s clock, with what is left and the shopper’s own time, and names the shop’s zone', async () => {
  await slotTour();
  const { w, day } = await open();
  fireEvent.click(day);
  const group = await w.findByRole('radiogroup', { name: 'Times on Monday, November 23, 2026' }, LOADED);
  expect(group).toBeTruthy();
  const [nine, one] = radios(w);
  // 09:00 in Melbourne (UTC+11) is 22:00 UTC the day before.
  expect(label(nine)).toBe(`9:00 – 11:00 AM, 8 left, ${yours('2026-11-22T22:00:00Z')} your time`);
  expect(label(one)).toBe(`1:00 – 3:00 PM, 8 left, ${yours('2026-11-23T02:00:00Z')} your time`);
  expect(w.getByText('Times are in Australian Eastern Time.')).toBeTruthy();
  expect(radios(w).map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'false']);
  // The choice is not complete without a time.
  expect((w.getByRole('button', { name: 'Reserve' }) as HTMLButtonElement).disabled).toBe(true);
  expect(w.getByText('Choose a time.')).toBeTruthy();
});

it('writes times on the locale’s clock: 24 hours in German, with German words', async () => {
  await slotTour();
  const { w, day } = await open({ locale: 'de' });
  fireEvent.click(day);
  await w.findByRole('radiogroup', { name: 'Uhrzeiten am Montag, 23. November 2026' }, LOADED);
  const name = plain(radios(w)[0]!.getAttribute('aria-label'));
  expect(name.startsWith('09:00–11:00 Uhr, ')).toBe(true);
  expect(name.endsWith(`, ${yours('2026-11-22T22:00:00Z', 'de')} bei Ihnen`)).toBe(true);
  expect(radios(w)[0]!.textContent).toContain('09:00–11:00 Uhr');
});

it('moves through the times with the arrow keys by the APG radio group: one tab stop, each arrow chooses, wrapping, skipping times that cannot be chosen', async () => {
  await slotTour({ departures: Object.fromEntries(WEEK.map((d) => [d, ['09:00', '11:00', '13:00', '15:00']])) });
  const a = api(harness.service);
  // 11:00 fully booked by another cart.
  await a.post('/v1/reservations', {
    cart_token: 'other',
    items: [{ external_id: 8003, start: '2026-11-23 11:00', quantity: 8 }],
  });
  const { w, day, events } = await open();
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  const tabStops = () => radios(w).filter((r) => r.tabIndex === 0);
  expect(tabStops()).toEqual([radios(w)[0]]);
  expect(radios(w)[1]!.getAttribute('aria-disabled')).toBe('true');
  fireEvent.keyDown(radios(w)[0]!, { key: 'ArrowDown' });
  // 11:00 is skipped: 13:00 is chosen, focused and the one tab stop.
  await waitFor(() => expect(radios(w)[2]!.getAttribute('aria-checked')).toBe('true'));
  expect(tabStops()).toEqual([radios(w)[2]]);
  fireEvent.keyDown(radios(w)[2]!, { key: 'ArrowRight' });
  await waitFor(() => expect(radios(w)[3]!.getAttribute('aria-checked')).toBe('true'));
  // Past the last: back to the first.
  fireEvent.keyDown(radios(w)[3]!, { key: 'ArrowDown' });
  await waitFor(() => expect(radios(w)[0]!.getAttribute('aria-checked')).toBe('true'));
  fireEvent.keyDown(radios(w)[0]!, { key: 'ArrowUp' });
  await waitFor(() => expect(radios(w)[3]!.getAttribute('aria-checked')).toBe('true'));
  fireEvent.keyDown(radios(w)[3]!, { key: 'ArrowLeft' });
  await waitFor(() => expect(radios(w)[2]!.getAttribute('aria-checked')).toBe('true'));
  // A click on a time that cannot be chosen changes nothing.
  fireEvent.click(radios(w)[1]!);
  expect(radios(w)[2]!.getAttribute('aria-checked')).toBe('true');
  // The choice says its time as instants.
  expect(events.select.at(-1)).toEqual({
    start: '2026-11-23T02:00:00.000Z',
    finish: '2026-11-23T04:00:00.000Z',
    quantity: 1,
  });
});

it('mirrors left and right in a right-to-left language', async () => {
  await slotTour();
  const { w, day } = await open({ locale: 'ar' });
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  fireEvent.keyDown(radios(w)[0]!, { key: 'ArrowLeft' });
  await waitFor(() => expect(radios(w)[1]!.getAttribute('aria-checked')).toBe('true'));
  expect(w.getByText(/^الأوقات بتوقيت/)).toBeTruthy();
});

it('shows sold-out, short and closed times disabled with their reasons, and caps the quantity at the chosen time’s seats', async () => {
  await slotTour();
  const a = api(harness.service);
  const others = (start: string, quantity: number) =>
    a.post('/v1/reservations', { cart_token: `other ${start}`, items: [{ external_id: 8003, start, quantity }] });
  await others('2026-11-26 09:00', 6);
  await others('2026-11-25 09:00', 8);
  const storm = {
    title: 'Storm',
    starts_at: '2026-11-24 12:00',
    finishes_at: '2026-11-24 14:00',
    external_variant_id: 8003,
  };
  expect((await a.post('/v1/blackouts', storm)).status).toBe(201);
  const { w, day, dayOf } = await open({}, '2026-11-26');
  // Three people first: 09:00 on Thursday has two seats left.
  fireEvent.click(w.getByRole('button', { name: 'More' }));
  fireEvent.click(w.getByRole('button', { name: 'More' }));
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  expect(label(radios(w)[0])).toMatch(/^9:00 – 11:00 AM, only 2 left, /);
  expect(radios(w)[0]!.getAttribute('aria-disabled')).toBe('true');
  expect(label(radios(w)[1])).toMatch(/^1:00 – 3:00 PM, 8 left, /);
  fireEvent.click(w.getByRole('button', { name: 'Fewer' }));
  await waitFor(() => expect(label(radios(w)[0])).toMatch(/^9:00 – 11:00 AM, 2 left, /));
  fireEvent.click(radios(w)[0]!);
  await waitFor(() => expect(radios(w)[0]!.getAttribute('aria-checked')).toBe('true'));
  // Two seats left at 09:00: the stepper stops there.
  expect(w.getByText('max 2')).toBeTruthy();
  expect((w.getByRole('button', { name: 'More' }) as HTMLButtonElement).disabled).toBe(true);
  // The 12:00–14:00 blackout closes Tuesday's 13:00 tour only (the day stays open).
  fireEvent.click(dayOf('2026-11-24')!);
  await waitFor(() => expect(label(radios(w)[1])).toMatch(/^1:00 – 3:00 PM, unavailable: closed, /));
  expect(radios(w)[1]!.getAttribute('aria-disabled')).toBe('true');
  // Another day: its time is chosen afresh.
  expect(radios(w).filter((r) => r.getAttribute('aria-checked') === 'true')).toHaveLength(0);
  fireEvent.click(dayOf('2026-11-25')!);
  await waitFor(() => expect(label(radios(w)[0])).toMatch(/^9:00 – 11:00 AM, fully booked, /));
  expect(radios(w)[0]!.getAttribute('data-reason')).toBe('sold');
});

it('holds the chosen time by its UTC instant, shows the hold with its day and time in the shop’s zone, and releases it', async () => {
  await slotTour();
  const { w, day, events } = await open();
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  fireEvent.click(radios(w)[1]!);
  fireEvent.click(w.getByRole('button', { name: 'More' }));
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  const item = await heldItem(w, /^Sunset tour – Adult:/);
  expect(plain(item.textContent)).toMatch(
    /^Sunset tour – Adult: Mon, Nov 23, 1:00 – 3:00 PM \(\u2068Australian Eastern Time\u2069\) × 2$/,
  );
  expect(requestsTo(harness, '/v1/reservations', 'POST')[0]!.body).toEqual({
    cart_token: 'cart-s',
    items: [
      { external_id: '8003', start: '2026-11-23T02:00:00.000Z', finish: '2026-11-23T04:00:00.000Z', quantity: 2 },
    ],
  });
  expect(events.reserved[0]!.items[0]).toMatchObject({ all_day: 0, start_local: '2026-11-23T13:00', quantity: 2 });
  // The held time is what is chosen: Reserve gives way to the hold's actions; the list counts the cart's own seats as free.
  expect(w.queryByRole('button', { name: /^(Reserve|Update hold)$/ })).toBeNull();
  await waitFor(() => expect(radios(w)[1]!.getAttribute('aria-label')).toMatch(/, 8 left, /));
  fireEvent.click(w.getByRole('button', { name: 'Release' }));
  await w.findByText('Released. These dates are free again.', { selector: '[part=hold-released]' });
  const release = requestsTo(harness, '/v1/reservations', 'POST')[1]!.body as { items: unknown[] };
  expect(release.items).toEqual([{ external_id: '8003', start: '2026-11-23T13:00', quantity: 0 }]);
});

it('greys days with no free time in the month, from the first availability request', async () => {
  await slotTour({ departures: { mon: ['09:00'], tue: ['09:00'], wed: ['09:00'], thu: ['09:00'], fri: ['09:00'] } });
  const a = api(harness.service);
  await a.post('/v1/reservations', {
    cart_token: 'other',
    items: [{ external_id: 8003, start: '2026-11-24 09:00', quantity: 8 }],
  });
  const { w } = await open({}, '2026-11-28');
  expect(w.getByRole('button', { name: /^Tuesday, November 24, 2026/ }).getAttribute('data-reason')).toBe('sold');
  // Saturday opens no time: closed, not sold.
  expect(w.getByRole('button', { name: /^Saturday, November 28, 2026/ }).getAttribute('data-reason')).toBe('closed');
  expect(w.getByRole('button', { name: /^Monday, November 23, 2026$/ }).getAttribute('aria-disabled')).toBeNull();
  expect(requestsTo(harness, '/v1/availability')).toHaveLength(1);
});

it('groups more than eight times into morning, afternoon and evening', async () => {
  const hours = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '17:00', '18:00'];
  await slotTour({ departures: Object.fromEntries(WEEK.map((d) => [d, hours])), duration: 60 });
  const { w, day } = await open();
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  expect(w.getByRole('group', { name: 'Morning' }).querySelectorAll('[role=radio]')).toHaveLength(4);
  expect(w.getByRole('group', { name: 'Afternoon' }).querySelectorAll('[role=radio]')).toHaveLength(4);
  expect(w.getByRole('group', { name: 'Evening' }).querySelectorAll('[role=radio]')).toHaveLength(2);
  // Still one tab stop across the groups.
  expect(radios(w).filter((r) => r.tabIndex === 0)).toHaveLength(1);
});

it('offers a start that occurs twice on the day the shop’s clocks go back once (Melbourne, 4 April 2027)', async () => {
  await slotTour({
    now: '2027-04-01T01:00:00.000Z',
    departures: Object.fromEntries(WEEK.map((d) => [d, ['01:00', '02:00', '03:00']])),
    duration: 30,
  });
  const { w, day } = await open({ locale: 'en-GB' }, '2027-04-04');
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  const spans = radios(w).map((r) => r.querySelector('b')!.textContent);
  expect(spans).toEqual(['01:00–01:30', '02:00–02:30', '03:00–03:30']);
});

it('keeps holding a time by its instants, and Update hold holds another time of the day', async () => {
  await slotTour();
  const { w, day } = await open();
  fireEvent.click(day);
  await w.findByRole('radiogroup', {}, LOADED);
  fireEvent.click(radios(w)[0]!);
  fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
  await w.findByText('14:59 left', {}, LOADED);
  harness.service.clock.advance(11 * 60_000);
  document.dispatchEvent(new Event('visibilitychange'));
  fireEvent.click(await w.findByRole('button', { name: 'Keep holding' }));
  await w.findByText(/^14:5\d left$/);
  const posts = () =>
    requestsTo(harness, '/v1/reservations', 'POST').map((r) => (r.body as { items: unknown[] }).items);
  expect(posts()[1]).toEqual([
    { external_id: '8003', start: '2026-11-22T22:00:00.000Z', finish: '2026-11-23T00:00:00.000Z', quantity: 1 },
  ]);
  // Another time of the same day: Update hold holds it instead.
  fireEvent.click(radios(w)[1]!);
  fireEvent.click(await w.findByRole('button', { name: 'Update hold' }));
  await waitFor(() => expect(posts()).toHaveLength(3));
  expect(posts()[2]).toEqual([
    { external_id: '8003', start: '2026-11-23T02:00:00.000Z', finish: '2026-11-23T04:00:00.000Z', quantity: 1 },
  ]);
  await waitFor(() => expect(w.queryByRole('button', { name: 'Update hold' })).toBeNull());
});

it('opens on a live hold’s day with its time chosen again after a reload', async () => {
  await slotTour();
  const first = await open();
  fireEvent.click(first.day);
  await first.w.findByRole('radiogroup', {}, LOADED);
  fireEvent.click(radios(first.w)[1]!);
  fireEvent.click(first.w.getByRole('button', { name: 'Reserve' }));
  await first.w.findByText('14:59 left', {}, LOADED);
  first.el.remove();
  const { w } = await open();
  await waitFor(() => expect(radios(w)[1]!.getAttribute('aria-checked')).toBe('true'), LOADED);
  // The choice is what is held: no Reserve, the hold's actions instead.
  expect(w.queryByRole('button', { name: /^(Reserve|Update hold)$/ })).toBeNull();
  expect(w.getByRole('button', { name: 'Release' })).toBeTruthy();
});
