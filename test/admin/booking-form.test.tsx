/**
 * Add booking (issue 30 point 3) against the in-process service: the form opened by its address
 * (`#/bookings/new?variant=&date=&time=`) and by the Bookings screen's button, a booking by days
 * and one by a time of day, the product's questions, fields left empty marked beside them, and a
 * full day refused in words beside the form with nothing booked.
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

/** Opens the address, as the page does on a hashchange. */
function go(hash: string): void {
  location.hash = hash;
  dispatchEvent(new HashChangeEvent('hashchange'));
}

/** The service's id of a variant, by its platform id. */
async function variantId(externalId: number): Promise<number> {
  const products = await (await admin.api('GET', '/v1/products')).json();
  for (const p of products) for (const v of p.variants) if (Number(v.external_id) === externalId) return v.id;
  throw new Error(`no variant ${externalId}`);
}

async function bookingsCount(): Promise<number> {
  return (await (await admin.api('GET', '/v1/bookings')).json()).length;
}

function fillCustomer(form: HTMLElement, c: Record<string, string>): void {
  for (const [label, value] of Object.entries(c))
    fireEvent.input(within(form).getByLabelText(label), { target: { value } });
}

const alertSays = (text: string | RegExp) =>
  waitFor(() =>
    expect(screen.getAllByRole('alert').map((a) => a.textContent ?? '')).toContainEqual(expect.stringMatching(text)),
  );

describe('Add booking', () => {
  it('opens from the Bookings screen’s button, prefilled from its address, books the days and opens the new booking', async () => {
    renderScreen(<Bookings />);
    const add = await screen.findByRole('link', { name: 'Add booking' });
    expect(add.getAttribute('href')).toBe('#/bookings/new');
    const single = await variantId(8001);
    go(`#/bookings/new?variant=${single}&date=2026-12-15`);
    const form = await screen.findByRole('form', { name: 'Add booking' });
    const f = within(form);
    await waitFor(() =>
      expect((f.getByLabelText('Product and variant') as HTMLSelectElement).value).toBe(String(single)),
    );
    expect((f.getByLabelText('First day') as HTMLInputElement).value).toBe('2026-12-15');
    expect((f.getByLabelText('Last day') as HTMLInputElement).value).toBe('2026-12-15');
    fillCustomer(form, { 'First name': 'Walk', 'Last name': 'In', Email: 'walk.in@example.com' });
    fireEvent.input(f.getByLabelText('Last day'), { target: { value: '2026-12-16' } });
    fireEvent.input(f.getByLabelText('Units'), { target: { value: '2' } });
    fireEvent.submit(form);
    await waitFor(() => expect(location.hash).toMatch(/^#\/bookings\/\d+$/));
    const posted = requestsTo(admin, '/v1/bookings', 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({
      starts_at: '2026-12-15 00:00',
      finishes_at: '2026-12-17 00:00',
      items: [{ external_id: 8001, quantity: 2 }],
      customers: [{ first_name: 'Walk', last_name: 'In', email: 'walk.in@example.com' }],
      fields: [],
    });
    dispatchEvent(new HashChangeEvent('hashchange'));
    const id = location.hash.split('/').at(-1)!;
    await screen.findByRole('heading', { name: `Booking #${id}` });
    await screen.findByText('2 × Kayak hire – Single kayak');
    expect(screen.getByText('Dec 15 – 16, 2026')).toBeTruthy();
  });

  it('asks a stay counted in nights by its check-in and check-out, as the product’s widget counts it', async () => {
    const widgets = await (await admin.api('GET', '/v1/widgets')).json();
    const kayak = widgets.find((w: { title: string }) => w.title === 'Kayak hire');
    expect((await admin.api('PUT', `/v1/widgets/${kayak.id}`, { settings: { count: 'nights' } })).status).toBe(200);
    go('#/bookings/new?variant=8001&date=2026-12-15');
    renderScreen(<Bookings />);
    const form = await screen.findByRole('form', { name: 'Add booking' });
    const f = within(form);
    // The check-out is the day after the check-in: one night.
    await waitFor(() => expect((f.getByLabelText('Check-in') as HTMLInputElement).value).toBe('2026-12-15'));
    await waitFor(() => expect((f.getByLabelText('Check-out') as HTMLInputElement).value).toBe('2026-12-16'));
    fireEvent.input(f.getByLabelText('Check-in'), { target: { value: '2026-12-16' } });
    expect((f.getByLabelText('Check-out') as HTMLInputElement).value).toBe('2026-12-17');
    fillCustomer(form, { 'First name': 'Night', 'Last name': 'Owl', Email: 'owl@example.com' });
    fireEvent.submit(form);
    await waitFor(() => expect(location.hash).toMatch(/^#\/bookings\/\d+$/));
    expect(requestsTo(admin, '/v1/bookings', 'POST')[0]!.body).toMatchObject({
      starts_at: '2026-12-16 00:00',
      finishes_at: '2026-12-17 00:00',
    });
  });

  it('refuses a full day in words beside the form, and books nothing', async () => {
    const full = await admin.api('POST', '/v1/bookings', {
      starts_at: '2026-12-15 00:00',
      finishes_at: '2026-12-16 00:00',
      items: [{ external_id: 8001, quantity: 3 }],
      customers: [{ first_name: 'Group', last_name: 'Booking', email: 'group@example.com' }],
    });
    expect(full.status).toBe(201);
    go(`#/bookings/new?variant=8001&date=2026-12-15`);
    renderScreen(<Bookings />);
    const form = await screen.findByRole('form', { name: 'Add booking' });
    await waitFor(() =>
      expect((within(form).getByLabelText('Product and variant') as HTMLSelectElement).selectedOptions[0]?.text).toBe(
        'Kayak hire – Single kayak',
      ),
    );
    fillCustomer(form, { 'First name': 'Late', 'Last name': 'Caller', Email: 'late@example.com' });
    fireEvent.submit(form);
    // In words: the variant, that nothing is left, what was asked (never `items[0]` or a status code).
    await alertSays(/^Not booked: .*Single kayak.*(fully booked|left).*\(.*1 asked\)\. Nothing was changed\.$/);
    expect(within(form).getByRole('alert').textContent).not.toMatch(/items\[|sold_out|409/);
    // The alert is inside the form, beside its Book button; the address stays on the form.
    expect(within(form).getByRole('alert').textContent).toContain('fully booked');
    expect(location.hash).toBe('#/bookings/new?variant=8001&date=2026-12-15');
    expect(await bookingsCount()).toBe(1);
  });

  it('marks what is missing beside its field and sends nothing', async () => {
    go('#/bookings/new');
    renderScreen(<Bookings />);
    const form = await screen.findByRole('form', { name: 'Add booking' });
    fireEvent.submit(form);
    await alertSays('Not booked: fix the fields marked above.');
    const product = within(form).getByLabelText('Product and variant');
    expect(product.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(product.getAttribute('aria-describedby')!)?.textContent).toBe(
      'choose a product and variant',
    );
    expect(requestsTo(admin, '/v1/bookings', 'POST')).toHaveLength(0);
  });

  it('offers a time of day’s variant its day’s times, with what is left, and books the one chosen', async () => {
    const single = await variantId(8001);
    const tour = { counting: 'seats', departures: { sat: ['09:00', '13:00'] }, duration_minutes: 120 };
    expect((await admin.api('PUT', `/v1/variants/${single}`, { schedule: tour })).status).toBe(200);
    go(`#/bookings/new?variant=${single}&date=2026-12-05&time=13:00`);
    renderScreen(<Bookings />);
    const form = await screen.findByRole('form', { name: 'Add booking' });
    const times = await within(form).findByRole('group', { name: 'Time' });
    const one = await within(times).findByRole('radio', { name: '13:00–15:00 · 3 left' });
    await waitFor(() => expect((one as HTMLInputElement).checked).toBe(true));
    expect(within(times).getByRole('radio', { name: '09:00–11:00 · 3 left' })).toBeTruthy();
    fillCustomer(form, { 'First name': 'Tour', 'Last name': 'Guest', Email: 'tour@example.com' });
    fireEvent.submit(form);
    await waitFor(() => expect(location.hash).toMatch(/^#\/bookings\/\d+$/));
    expect(requestsTo(admin, '/v1/bookings', 'POST')[0]!.body).toMatchObject({
      starts_at: '2026-12-05 13:00',
      finishes_at: '2026-12-05 15:00',
    });
  });

  it('asks the product’s questions, per unit where asked so, and books the answers as the booking’s fields', async () => {
    const kayak = (await (await admin.api('GET', '/v1/products?external_id=7001')).json())[0];
    const put = await admin.api('PUT', `/v1/products/${kayak.id}/questions`, {
      questions: [
        { kind: 'short_text', label: "Rider's name", required: true, per: 'unit' },
        { kind: 'choice', label: 'Paddle size', options: ['Short', 'Long'] },
      ],
    });
    expect(put.status).toBe(200);
    go(`#/bookings/new?variant=8001&date=2026-12-15`);
    renderScreen(<Bookings />);
    const form = await screen.findByRole('form', { name: 'Add booking' });
    const f = within(form);
    fireEvent.input(f.getByLabelText('Units'), { target: { value: '2' } });
    await f.findByLabelText("Rider's name #2 (required)");
    fillCustomer(form, { 'First name': 'Ana', 'Last name': 'Rider', Email: 'ana@example.com' });
    fireEvent.input(f.getByLabelText("Rider's name #1 (required)"), { target: { value: 'Ana' } });
    fireEvent.submit(form);
    // The second rider is required too: marked beside it, nothing sent.
    await waitFor(() =>
      expect(f.getByLabelText("Rider's name #2 (required)").getAttribute('aria-invalid')).toBe('true'),
    );
    expect(requestsTo(admin, '/v1/bookings', 'POST')).toHaveLength(0);
    fireEvent.input(f.getByLabelText("Rider's name #2 (required)"), { target: { value: 'Ben' } });
    fireEvent.change(f.getByLabelText('Paddle size'), { target: { value: 'Long' } });
    fireEvent.submit(form);
    await waitFor(() => expect(location.hash).toMatch(/^#\/bookings\/\d+$/));
    expect(requestsTo(admin, '/v1/bookings', 'POST')[0]!.body).toMatchObject({
      fields: [
        { name: "Rider's name #1", value: 'Ana' },
        { name: "Rider's name #2", value: 'Ben' },
        { name: 'Paddle size', value: 'Long' },
      ],
    });
  });

  // Awaits the service branch (issue 30, C): POST /v1/bookings takes a customer's `phone`.
  it('books a phone customer with their phone number', async () => {
    go(`#/bookings/new?variant=8001&date=2026-12-15`);
    renderScreen(<Bookings />);
    const form = await screen.findByRole('form', { name: 'Add booking' });
    await waitFor(() =>
      expect((within(form).getByLabelText('Product and variant') as HTMLSelectElement).value).not.toBe(''),
    );
    fillCustomer(form, {
      'First name': 'Phone',
      'Last name': 'Caller',
      Email: 'phone@example.com',
      Phone: '+61 400 000 000',
    });
    fireEvent.submit(form);
    await waitFor(() => expect(location.hash).toMatch(/^#\/bookings\/\d+$/));
    const booking = await (await admin.api('GET', `/v1/bookings/${location.hash.split('/').at(-1)}`)).json();
    expect(booking.customers[0]).toMatchObject({ email: 'phone@example.com', phone: '+61 400 000 000' });
  });
});
