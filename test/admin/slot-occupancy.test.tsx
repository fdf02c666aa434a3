/**
 * Occupancy by slot against the in-process service: a slot variant's day with booked, held and
 * left per slot; a click opens the Bookings screen narrowed to that slot, where bookings and
 * holds of times of day read with their times in the shop's zone.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slotFilter } from '../../src/admin/models/bookings-page.ts';
import { Bookings } from '../../src/admin/screens/Bookings.tsx';
import { Occupancy } from '../../src/admin/screens/Occupancy.tsx';
import { renderScreen, requestsTo, startAdmin, type AdminHarness } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  slotFilter.value = null;
  history.replaceState(null, '', location.pathname);
  await admin.close();
});

const TOUR = { counting: 'seats', departures: { sat: ['09:00', '13:00'] }, duration_minutes: 120 };

async function setUpTour() {
  const products = await (await admin.api('GET', '/v1/products?external_id=7001')).json();
  const single = products[0].variants.find((v: { external_id: number }) => Number(v.external_id) === 8001);
  expect((await admin.api('PUT', `/v1/variants/${single.id}`, { schedule: TOUR })).status).toBe(200);
  for (const [start, email] of [
    ['09:00', 'nine@example.com'],
    ['13:00', 'one@example.com'],
  ] as const) {
    const finish = start === '09:00' ? '11:00' : '15:00';
    const booked = await admin.api('POST', '/v1/bookings', {
      starts_at: `2026-12-05 ${start}`,
      finishes_at: `2026-12-05 ${finish}`,
      items: [{ external_id: 8001, quantity: 1 }],
      customers: [{ email }],
    });
    expect(booked.status).toBe(201);
  }
  const held = await admin.api('POST', '/v1/reservations', {
    cart_token: 'cart-slot',
    items: [{ external_id: 8001, start: '2026-12-05 09:00', quantity: 1 }],
  });
  expect(held.status).toBe(201);
}

describe('Occupancy by slot', () => {
  it('shows a day’s slots with booked, held and left; a slot opens its bookings, listed with their times', async () => {
    await setUpTour();
    renderScreen(<Occupancy />);
    const section = await screen.findByRole('region', { name: 'Times of day' });
    expect(within(section).getByLabelText('Variant')).toHaveProperty('value');
    fireEvent.input(within(section).getByLabelText('Day'), { target: { value: '2026-12-05' } });
    const nine = await within(section).findByRole('button', {
      name: /^09:00–11:00: 1 of 3 left, 1 booked, 1 held\W+Open its bookings$/,
    });
    within(section).getByRole('button', { name: /^13:00–15:00: 2 of 3 left, 1 booked, 0 held\W+Open its bookings$/ });
    fireEvent.click(nine);
    expect(location.hash).toBe('#/bookings');

    cleanup();
    renderScreen(<Bookings />);
    await screen.findByText('Bookings of Kayak hire – Single kayak, Sat, Dec 5, 2026, 09:00–11:00.');
    const list = screen.getAllByRole('list')[0]!;
    await waitFor(() => expect(list.querySelectorAll('summary')).toHaveLength(1));
    const summary = list.querySelector('summary')!.textContent!;
    expect(summary).toContain('Sat, Dec 5, 2026, 09:00–11:00');
    expect(summary).toContain('nine@example.com');
    const asked = requestsTo(admin, '/v1/bookings').at(-1)!.url.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      external_variant_id: '8001',
      start_min: '2026-12-04T22:00:00.000Z',
      finish_max: '2026-12-05T00:00:00.000Z',
    });
    // The live hold of that time reads with its times too.
    await screen.findByText('1 × Kayak hire – Single kayak: Sat, Dec 5, 2026, 09:00–11:00');

    // Every booking again.
    fireEvent.click(screen.getByRole('button', { name: 'Show all bookings' }));
    await waitFor(() => expect(screen.getAllByRole('list')[0]!.querySelectorAll('summary')).toHaveLength(2));
  });

  it('says how to set one up when no variant is booked by times of day', async () => {
    renderScreen(<Occupancy />);
    const section = await screen.findByRole('region', { name: 'Times of day' });
    expect(section.textContent).toContain('No variant is booked by times of day.');
  });
});
