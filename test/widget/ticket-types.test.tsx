/**
 * Ticket types against the real in-process service (issue 39, RESOURCES.md §4): the Sunset
 * cruise's Adult and Child share the boat's 12 seats; one stepper per type with its price in
 * place of the quantity, what is left for the group, one post for every type chosen, the hold
 * listing each type, a refusal when the seats run out said from its codes, and a reload.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reservation } from '../../src/shared/records.ts';
import { heldItem, requestsTo, type WidgetHarness } from '../helpers/render-widget.ts';
import { ADULT, CHILD, openCruise, ticketTour } from './ticket-tour.ts';

let harness: WidgetHarness;
afterEach(() => harness?.close());

/** Text without bidi isolates and with Intl's narrow and no-break spaces as plain ones. */
const plain = (s: string | null | undefined) =>
  (s ?? '').replace(/[\u2068\u2069]/g, '').replace(/[\u202f\u00a0]/g, ' ');

/** Another cart holds `quantity` Adults on `start`, straight through the API. */
async function anotherCartHolds(quantity: number, start = '2026-11-24', extra: object = {}) {
  const res = await harness.service.fetch(
    new Request(`${harness.service.baseUrl}/v1/reservations`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
      body: JSON.stringify({ cart_token: 'someone-else', items: [{ external_id: ADULT, start, quantity, ...extra }] }),
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
}

/** The field of a ticket type, by its title. */
const field = (w: Awaited<ReturnType<typeof openCruise>>['w'], title: RegExp) =>
  w.getByRole('spinbutton', { name: title }) as HTMLInputElement;

describe('a product whose variants are ticket types', () => {
  it('shows one stepper per type with its price, in place of the quantity', async () => {
    ({ harness } = await ticketTour({ guides: false }));
    const { w } = await openCruise(harness);
    expect(w.getByRole('group', { name: 'Tickets' })).toBeTruthy();
    expect(w.queryByRole('spinbutton', { name: 'Quantity' })).toBeNull();
    expect(plain(field(w, /^Adult/).labels?.[0]?.textContent)).toBe('AdultA$79.00 each');
    expect(field(w, /^Adult/).value).toBe('1');
    expect(field(w, /^Child/).value).toBe('0');
    // Fewer than the least quantity overall is not offered; none of a type is.
    expect((w.getByRole('button', { name: 'Fewer: Adult' }) as HTMLButtonElement).disabled).toBe(true);
    expect((w.getByRole('button', { name: 'Fewer: Child' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('caps each type at what it has, and the group at the seats left on the chosen day', async () => {
    ({ harness } = await ticketTour({ guides: false }));
    await anotherCartHolds(4);
    const { el, w, dayOf } = await openCruise(harness);
    fireEvent.click(dayOf('2026-11-24')!);
    // What is left for the whole group, which each type's field is described by.
    await waitFor(() =>
      expect(plain(el.shadowRoot!.getElementById('tk-left')!.textContent)).toBe('Boat seats: 8 left'),
    );
    // Child's own capacity is 6, whatever seats are free.
    fireEvent.change(field(w, /^Child/), { target: { value: '9' } });
    expect(field(w, /^Child/).value).toBe('6');
    // 1 Adult and 6 Children: one more Adult fits the 8 seats, a second does not.
    fireEvent.click(w.getByRole('button', { name: 'More: Adult' }));
    expect(field(w, /^Adult/).value).toBe('2');
    expect((w.getByRole('button', { name: 'More: Adult' }) as HTMLButtonElement).disabled).toBe(true);
    expect((w.getByRole('button', { name: 'More: Child' }) as HTMLButtonElement).disabled).toBe(true);
    expect(plain(w.getByText(/Total/).textContent)).toBe('Adult 2 × A$79.00, Child 6 × A$49.00 · Total A$452.00');
  });

  it('is used by keyboard: the steppers’ buttons and fields are in the tab order and act on Enter and typing', async () => {
    ({ harness } = await ticketTour({ guides: false }));
    const { el, w, dayOf } = await openCruise(harness);
    fireEvent.click(dayOf('2026-11-24')!);
    const more = w.getByRole('button', { name: 'More: Child' });
    more.focus();
    expect(el.shadowRoot!.activeElement).toBe(more);
    // A native button: Enter and Space click it.
    fireEvent.click(more);
    expect(field(w, /^Child/).value).toBe('1');
    const child = field(w, /^Child/);
    child.focus();
    fireEvent.change(child, { target: { value: '3' } });
    expect(child.value).toBe('3');
    expect(child.getAttribute('aria-describedby')).toBe('tk-left');
    for (const el of [child, more, w.getByRole('button', { name: 'Fewer: Child' })]) expect(el.tabIndex).toBe(0);
  });

  it('holds Adults 2 and Children 1 in one post, and the hold lists each type with the group’s total', async () => {
    ({ harness } = await ticketTour({ guides: false }));
    const { el, w, dayOf } = await openCruise(harness);
    const reserved: Reservation[] = [];
    el.addEventListener('booking-widget:reserved', (e) => reserved.push(e.detail));
    fireEvent.click(dayOf('2026-11-24')!);
    fireEvent.click(w.getByRole('button', { name: 'More: Adult' }));
    fireEvent.click(w.getByRole('button', { name: 'More: Child' }));
    fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
    await heldItem(w, /^Sunset cruise – Child:/);
    expect(requestsTo(harness, '/v1/reservations', 'POST').map((r) => r.body)).toEqual([
      {
        cart_token: 'cart-t',
        items: [
          { external_id: ADULT, start: '2026-11-24', finish: '2026-11-25', quantity: 2 },
          { external_id: CHILD, start: '2026-11-24', finish: '2026-11-25', quantity: 1 },
        ],
      },
    ]);
    const items = el.shadowRoot!.querySelectorAll('[part=hold-item]');
    expect([...items].map((i) => plain(i.textContent).replace(/ \(.*\)/, ''))).toEqual([
      'Sunset cruise – Adult: Nov 24, 2026 × 2',
      'Sunset cruise – Child: Nov 24, 2026 × 1',
    ]);
    expect(plain(w.getByText(/^Total A/).textContent)).toBe('Total A$207.00');
    expect(reserved[0]!.items.map((i) => [i.external_id, i.quantity])).toEqual([
      [8010, 2],
      [8011, 1],
    ]);
    // The choice is what is held: Reserve gives way to the hold's actions.
    expect(w.queryByRole('button', { name: /^(Reserve|Update hold)$/ })).toBeNull();
    // Fewer Children afterwards is an update of the hold: Child's item goes with quantity 0.
    fireEvent.click(w.getByRole('button', { name: 'Fewer: Child' }));
    fireEvent.click(await w.findByRole('button', { name: 'Update hold' }));
    await waitFor(() => expect(el.shadowRoot!.querySelectorAll('[part=hold-item]')).toHaveLength(1));
    expect(requestsTo(harness, '/v1/reservations', 'POST').at(-1)!.body).toEqual({
      cart_token: 'cart-t',
      items: [
        { external_id: ADULT, start: '2026-11-24', finish: '2026-11-25', quantity: 2 },
        { external_id: CHILD, start: '2026-11-24', finish: '2026-11-25', quantity: 0 },
      ],
    });
  });

  it('says what the seats have left when another cart took them, claims no hold, and marks the day', async () => {
    ({ harness } = await ticketTour({ guides: false }));
    const { el, w, dayOf } = await openCruise(harness);
    fireEvent.click(dayOf('2026-11-24')!);
    fireEvent.click(w.getByRole('button', { name: 'More: Adult' }));
    fireEvent.click(w.getByRole('button', { name: 'More: Child' }));
    await anotherCartHolds(10);
    fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
    const alert = await w.findByRole('alert');
    expect(plain(alert.textContent)).toBe('Boat seats: only 2 left on Nov 24, 2026. Choose fewer, or other dates. ');
    expect(el.shadowRoot!.querySelector('[part~=hold]')).toBeNull();
    await waitFor(() =>
      expect(dayOf('2026-11-24')!.getAttribute('aria-label')).toBe('Tuesday, November 24, 2026, only 2 left'),
    );
    expect(plain(el.shadowRoot!.getElementById('tk-left')!.textContent)).toBe('Boat seats: 2 left');
  });

  it('keeps the units set when a day has fewer of a type, says so by the type, and names the type a refusal is about', async () => {
    ({ harness } = await ticketTour({ guides: false }));
    // Another cart has 3 of the 6 Children's places on the 24th.
    const res = await harness.service.fetch(
      new Request(`${harness.service.baseUrl}/v1/reservations`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_harbour', 'content-type': 'application/json' },
        body: JSON.stringify({
          cart_token: 'someone-else',
          items: [{ external_id: CHILD, start: '2026-11-24', quantity: 3 }],
        }),
      }),
    );
    expect(res.status).toBe(201);
    const { el, w, dayOf } = await openCruise(harness);
    fireEvent.change(field(w, /^Child/), { target: { value: '5' } });
    fireEvent.click(dayOf('2026-11-24')!);
    await waitFor(() =>
      expect(plain(field(w, /^Child/).labels?.[0]?.textContent)).toBe('ChildA$49.00 eachonly 3 left'),
    );
    // Never taken back behind the shopper's back.
    expect(field(w, /^Child/).value).toBe('5');
    fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
    const alert = await w.findByRole('alert');
    expect(plain(alert.textContent)).toBe('Child: only 3 left on Nov 24, 2026. Choose fewer, or other dates. ');
    expect(el.shadowRoot!.querySelector('[part~=hold]')).toBeNull();
  });

  it('holds the types for a range of days in one post, the summary saying its length and the total per day', async () => {
    ({ harness } = await ticketTour({ type: 'range', guides: false, settings: { pricing: 'day', max_days: 7 } }));
    const { w, dayOf } = await openCruise(harness);
    fireEvent.click(dayOf('2026-11-24')!);
    fireEvent.click(dayOf('2026-11-26')!);
    fireEvent.click(w.getByRole('button', { name: 'More: Child' }));
    expect(plain(w.getByText(/Total/).textContent)).toBe(
      '3 days · Adult 1 × A$79.00, Child 1 × A$49.00 · Total A$384.00',
    );
    fireEvent.click(w.getByRole('button', { name: 'Reserve' }));
    await heldItem(w, /^Sunset cruise – Child:/);
    expect((requestsTo(harness, '/v1/reservations', 'POST')[0]!.body as { items: unknown[] }).items).toEqual([
      { external_id: ADULT, start: '2026-11-24', finish: '2026-11-27', quantity: 1 },
      { external_id: CHILD, start: '2026-11-24', finish: '2026-11-27', quantity: 1 },
    ]);
    expect(plain(w.getByText(/^Total A/).textContent)).toBe('Total A$384.00');
  });

  it('shows the held types again after a reload, and offers nothing to reserve', async () => {
    ({ harness } = await ticketTour({ guides: false }));
    const first = await openCruise(harness);
    fireEvent.click(first.dayOf('2026-11-24')!);
    fireEvent.click(first.w.getByRole('button', { name: 'More: Child' }));
    fireEvent.click(first.w.getByRole('button', { name: 'More: Child' }));
    fireEvent.click(first.w.getByRole('button', { name: 'Reserve' }));
    await heldItem(first.w, /^Sunset cruise – Child:/);
    first.el.remove();
    const again = await openCruise(harness);
    await heldItem(again.w, /^Sunset cruise – Child:/);
    await waitFor(() => expect(field(again.w, /^Child/).value).toBe('2'));
    expect(field(again.w, /^Adult/).value).toBe('1');
    expect(again.w.queryByRole('button', { name: /^(Reserve|Update hold)$/ })).toBeNull();
  });
});
