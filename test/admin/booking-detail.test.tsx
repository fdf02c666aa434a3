/**
 * A booking's own page (`#/bookings/<id>`, issue 30 point 3) against the in-process service:
 * Move to other days, Change units, Edit customer and answers (PATCH /v1/bookings/{id}), a
 * refused move said in words with nothing changed, and Cancel in two steps; and on the Bookings
 * screen, Release hold in two steps.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeDetail } from '../../src/admin/models/session.ts';
import { Bookings } from '../../src/admin/screens/Bookings.tsx';
import { renderScreen, requestsTo, startAdmin, type AdminHarness } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  routeDetail.value = { path: [], query: {} };
  history.replaceState(null, '', location.pathname);
  await admin.close();
});

function go(hash: string): void {
  location.hash = hash;
  dispatchEvent(new HashChangeEvent('hashchange'));
}

/** Books `quantity` single kayaks from `first` to `last` (both included); resolves to the booking's id. */
async function book(first: string, last: string, quantity: number, email = 'kay@example.com'): Promise<number> {
  const next = new Date(`${last}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const r = await admin.api('POST', '/v1/bookings', {
    starts_at: `${first} 00:00`,
    finishes_at: `${next.toISOString().slice(0, 10)} 00:00`,
    items: [{ external_id: 8001, quantity }],
    customers: [{ first_name: 'Kay', last_name: 'Paddler', email }],
  });
  expect(r.status).toBe(201);
  return (await r.json()).id;
}

const stored = async (id: number) => (await admin.api('GET', `/v1/bookings/${id}`)).json();

const statusSays = (text: string) =>
  waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(text));

async function openBooking(id: number) {
  go(`#/bookings/${id}`);
  renderScreen(<Bookings />);
  await screen.findByRole('heading', { name: `Booking #${id}` });
  await screen.findByText('Dec 15, 2026');
}

describe('a booking’s page', () => {
  it('opens by its address with its days, units and customer, and links back to the bookings', async () => {
    const id = await book('2026-12-15', '2026-12-15', 1);
    await openBooking(id);
    expect(screen.getByText('1 × Kayak hire – Single kayak')).toBeTruthy();
    expect(screen.getByText(/Kay Paddler/).closest('dd')!.textContent).toContain('kay@example.com');
    expect(screen.getByRole('link', { name: 'Back to bookings' }).getAttribute('href')).toBe('#/bookings');
  });

  it('cancels only once asked twice; then says so and offers no more changes', async () => {
    const id = await book('2026-12-15', '2026-12-15', 1);
    await openBooking(id);
    fireEvent.click(screen.getByRole('button', { name: `Cancel booking #${id}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(requestsTo(admin, `/v1/bookings/${id}/cancel`, 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: `Cancel booking #${id}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await statusSays(`Booking #${id} cancelled; its units are free again.`);
    await screen.findByText('This booking is cancelled: it can no longer be changed.');
    expect(screen.queryByRole('button', { name: 'Move' })).toBeNull();
    expect((await stored(id)).status).toBe('cancelled');
  });

  // Awaits the service branch (issue 30, C): PATCH /v1/bookings/{id}.
  it('moves the booking to other days, judged without its own units', async () => {
    // Three of three kayaks: a move overlapping its own days fits only if its own units are not counted.
    const id = await book('2026-12-15', '2026-12-15', 3);
    await openBooking(id);
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    const form = screen.getByRole('form', { name: `Move booking #${id}` });
    expect((within(form).getByLabelText('First day') as HTMLInputElement).value).toBe('2026-12-15');
    fireEvent.input(within(form).getByLabelText('Last day'), { target: { value: '2026-12-16' } });
    fireEvent.submit(form);
    await statusSays(`Booking #${id} moved.`);
    await screen.findByText('Dec 15 – 16, 2026');
    expect(requestsTo(admin, `/v1/bookings/${id}`, 'PATCH')[0]!.body).toEqual({
      starts_at: '2026-12-15 00:00',
      finishes_at: '2026-12-17 00:00',
    });
    expect((await stored(id)).finishes_at_local).toBe('2026-12-17T00:00');
  });

  // Awaits the service branch (issue 30, C): PATCH /v1/bookings/{id}.
  it('moves a booking of a time of day to another time of its day', async () => {
    const products = await (await admin.api('GET', '/v1/products?external_id=7001')).json();
    const single = products[0].variants.find((v: { external_id: number }) => Number(v.external_id) === 8001);
    const tour = { counting: 'seats', departures: { sat: ['09:00', '13:00'] }, duration_minutes: 120 };
    expect((await admin.api('PUT', `/v1/variants/${single.id}`, { schedule: tour })).status).toBe(200);
    const r = await admin.api('POST', '/v1/bookings', {
      starts_at: '2026-12-05 09:00',
      finishes_at: '2026-12-05 11:00',
      items: [{ external_id: 8001, quantity: 2 }],
      customers: [{ first_name: 'Tour', last_name: 'Guest', email: 'tour@example.com' }],
    });
    const id = (await r.json()).id as number;
    go(`#/bookings/${id}`);
    renderScreen(<Bookings />);
    await screen.findByText('Sat, Dec 5, 2026, 09:00–11:00');
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    const form = await screen.findByRole('form', { name: `Move booking #${id}` });
    expect((within(form).getByLabelText('Day') as HTMLInputElement).value).toBe('2026-12-05');
    // Its own time is chosen; the other one has all 3 seats for the 2 asked.
    const nine = await within(form).findByRole('radio', { name: /^09:00–11:00/ });
    await waitFor(() => expect((nine as HTMLInputElement).checked).toBe(true));
    fireEvent.click(within(form).getByRole('radio', { name: '13:00–15:00 · 3 left' }));
    fireEvent.submit(form);
    await statusSays(`Booking #${id} moved.`);
    expect(requestsTo(admin, `/v1/bookings/${id}`, 'PATCH')[0]!.body).toEqual({
      starts_at: '2026-12-05 13:00',
      finishes_at: '2026-12-05 15:00',
    });
    await screen.findByText('Sat, Dec 5, 2026, 13:00–15:00');
  });

  // Awaits the service branch (issue 30, C): PATCH /v1/bookings/{id}.
  it('refuses a move onto full days in words, and changes nothing', async () => {
    const id = await book('2026-12-15', '2026-12-15', 1);
    await book('2026-12-18', '2026-12-18', 3, 'full@example.com');
    await openBooking(id);
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    const form = screen.getByRole('form', { name: `Move booking #${id}` });
    fireEvent.input(within(form).getByLabelText('First day'), { target: { value: '2026-12-18' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .map((a) => a.textContent)
          .join(' '),
      ).toMatch(/^Not changed: .*Nothing was changed\.$/),
    );
    expect(
      screen
        .getAllByRole('alert')
        .map((a) => a.textContent)
        .join(' '),
    ).not.toMatch(/items\[|PATCH|409/);
    expect(screen.getByRole('form', { name: `Move booking #${id}` })).toBeTruthy();
    expect((await stored(id)).starts_at_local).toBe('2026-12-15T00:00');
  });

  // Awaits the service branch (issue 30, C): PATCH /v1/bookings/{id}.
  it('changes the units, and refuses more than are free in words', async () => {
    const id = await book('2026-12-15', '2026-12-15', 1);
    await openBooking(id);
    fireEvent.click(screen.getByRole('button', { name: 'Change units' }));
    const form = screen.getByRole('form', { name: `Change units of booking #${id}` });
    const units = within(form).getByLabelText('Units of Kayak hire – Single kayak');
    fireEvent.input(units, { target: { value: '4' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .map((a) => a.textContent)
          .join(' '),
      ).toMatch(/^Not changed: .*Nothing was changed\.$/),
    );
    expect((await stored(id)).items[0].quantity).toBe(1);
    fireEvent.input(units, { target: { value: '2' } });
    fireEvent.submit(form);
    await statusSays(`Booking #${id} now has 2 units.`);
    await screen.findByText('2 × Kayak hire – Single kayak');
    expect((await stored(id)).items[0].quantity).toBe(2);
  });

  // Awaits the service branch (issue 30, C): PATCH /v1/bookings/{id} and a customer's phone.
  it('edits the customer and the answers, keeping fields that answer no question', async () => {
    const kayak = (await (await admin.api('GET', '/v1/products?external_id=7001')).json())[0];
    await admin.api('PUT', `/v1/products/${kayak.id}/questions`, {
      questions: [{ kind: 'short_text', label: 'Pick-up note' }],
    });
    const r = await admin.api('POST', '/v1/bookings', {
      starts_at: '2026-12-15 00:00',
      finishes_at: '2026-12-16 00:00',
      items: [{ external_id: 8001, quantity: 1 }],
      customers: [{ first_name: 'Kay', last_name: 'Paddler', email: 'kay@example.com' }],
      fields: [{ name: 'Shopify order', value: '#1001' }],
    });
    const id = (await r.json()).id as number;
    await openBooking(id);
    fireEvent.click(screen.getByRole('button', { name: 'Edit customer and answers' }));
    const form = screen.getByRole('form', { name: `Edit booking #${id}` });
    const f = within(form);
    expect((f.getByLabelText('Email') as HTMLInputElement).value).toBe('kay@example.com');
    fireEvent.input(f.getByLabelText('Last name'), { target: { value: 'Rower' } });
    fireEvent.input(f.getByLabelText('Phone'), { target: { value: '+61 400 111 222' } });
    fireEvent.input(await f.findByLabelText('Pick-up note'), { target: { value: 'At the jetty' } });
    fireEvent.submit(form);
    await statusSays(`Booking #${id} saved.`);
    const after = await stored(id);
    expect(after.customers[0]).toMatchObject({ last_name: 'Rower', phone: '+61 400 111 222' });
    expect(after.fields).toEqual([
      { name: 'Pick-up note', value: 'At the jetty' },
      { name: 'Shopify order', value: '#1001' },
    ]);
  });
});

describe('Release hold', () => {
  it('asks first: Keep it keeps the hold, Yes releases it', async () => {
    const held = await admin.api('POST', '/v1/reservations', {
      cart_token: 'cart-release',
      items: [{ external_id: 8001, start: '2026-12-20', quantity: 1 }],
    });
    const hold = (await held.json()) as { id: number };
    renderScreen(<Bookings />);
    const release = await screen.findByRole('button', { name: `Release hold #${hold.id}` });
    fireEvent.click(release);
    expect(screen.getByText(/The shopper's cart loses these units/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(requestsTo(admin, `/v1/reservations/${hold.id}`, 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: `Release hold #${hold.id}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, release it' }));
    await statusSays(`Hold #${hold.id} released.`);
    expect(requestsTo(admin, `/v1/reservations/${hold.id}`, 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: `Release hold #${hold.id}` })).toBeNull());
  });
});
