/**
 * The Calendar screen (issue 30 point 2) against the in-process service: bookings as bars
 * across their days opening the booking, held units and free units on each day, blackouts
 * named, today marked, a free day offering Add booking and Add blackout at their addresses,
 * the filters and the search sent to the service, and the month view.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeDetail, shopToday } from '../../src/admin/models/session.ts';
import { Calendar } from '../../src/admin/screens/Calendar.tsx';
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

async function book(body: Record<string, unknown>): Promise<number> {
  const answer = await admin.api('POST', '/v1/bookings', body);
  expect(answer.status, await answer.clone().text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

/** The service's ids of the fixture's variants, by platform id. */
async function variantIds(): Promise<Record<number, number>> {
  const products = (await (await admin.api('GET', '/v1/products')).json()) as {
    variants: { id: number; external_id: number }[];
  }[];
  return Object.fromEntries(products.flatMap((p) => p.variants.map((v) => [Number(v.external_id), v.id])));
}

/** The week of Saturday 5 December 2026: Ada's kayaks from the 3rd to the 6th, Ben's double on the 1st, a hold on the 2nd. */
async function setUpWeek() {
  const ada = await book({
    starts_at: '2026-12-03 00:00',
    finishes_at: '2026-12-07 00:00',
    items: [{ external_id: 8001, quantity: 2 }],
    customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }],
  });
  const ben = await book({
    starts_at: '2026-12-01 00:00',
    finishes_at: '2026-12-02 00:00',
    items: [{ external_id: 8002, quantity: 1 }],
    customers: [{ first_name: 'Ben', last_name: 'Ng', email: 'ben@example.com' }],
  });
  const held = await admin.api('POST', '/v1/reservations', {
    cart_token: 'cart-calendar',
    items: [{ external_id: 8001, start: '2026-12-02', finish: '2026-12-03', quantity: 1 }],
  });
  expect(held.status).toBe(201);
  return { ada, ben, ids: await variantIds() };
}

/** The day's button of a row (`v<variant id>`). */
function dayButton(row: string, date: string): HTMLButtonElement {
  const button = document.querySelector<HTMLButtonElement>(`button[data-row="${row}"][data-day="${date}"]`);
  if (!button) throw new Error(`no day ${date} in row ${row}`);
  return button;
}

async function openWeek(date: string, query: Record<string, string> = {}) {
  routeDetail.value = { path: [], query: { date, ...query } };
  renderScreen(<Calendar />);
  await screen.findByRole('region', { name: 'Bookings by day' });
}

describe('Calendar', () => {
  it('shows bookings as bars across their days opening them, held and free units on each day, and blackouts by title', async () => {
    const { ada, ben, ids } = await setUpWeek();
    await openWeek('2026-12-05');
    const single = `v${ids[8001]}`;
    const adaBar = await screen.findByRole('link', { name: /^Ada Lovelace, 2 × Kayak hire – Single kayak, Dec 3/ });
    expect(adaBar.getAttribute('href')).toBe(`#/bookings/${ada}`);
    // Thursday to Saturday of this week: the bar goes on into the next one.
    expect(adaBar.closest('td')!.colSpan).toBe(3);
    expect(adaBar.className).toContain('after');
    const benBar = screen.getByRole('link', { name: /^Ben Ng, 1 × Kayak hire – Double kayak/ });
    expect(benBar.getAttribute('href')).toBe(`#/bookings/${ben}`);
    expect(benBar.closest('td')!.colSpan).toBe(1);

    expect(dayButton(single, '2026-12-02').getAttribute('aria-label')).toBe('Wed, Dec 2: 0 bookings, 2 free, 1 held');
    expect(dayButton(single, '2026-12-04').getAttribute('aria-label')).toMatch(/: 1 booking, 1 free$/);
    expect(dayButton(single, '2026-12-02').textContent).toBe('2 free 1 held');
    // The day's row is its description: the button is named by its day.
    const described = dayButton(single, '2026-12-02').getAttribute('aria-describedby')!;
    expect(document.getElementById(described)!.textContent).toBe('Kayak hire – Single kayak');

    const tour = dayButton(`v${ids[8003]}`, '2026-12-01');
    expect(tour.getAttribute('aria-label')).toMatch(/closed: Tour guide away$/);
    expect(tour.textContent).toBe('Tour guide away');
    expect(tour.closest('td')!.className).toContain('closed');
  });

  it('a free day offers Add booking and Add blackout for its variant and day; Close gives the focus back', async () => {
    const { ids } = await setUpWeek();
    await openWeek('2026-12-05');
    const day = dayButton(`v${ids[8001]}`, '2026-12-04');
    fireEvent.click(day);
    const offer = await screen.findByRole('region', { name: /December 4, 2026 · Kayak hire – Single kayak/ });
    expect(day.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(offer).getByRole('heading'));
    expect(within(offer).getByRole('link', { name: 'Add booking' }).getAttribute('href')).toBe(
      `#/bookings/new?variant=${ids[8001]}&date=2026-12-04`,
    );
    expect(within(offer).getByRole('link', { name: 'Add blackout' }).getAttribute('href')).toBe(
      `#/blackouts/new?date=2026-12-04&variant=${ids[8001]}`,
    );
    expect(offer.textContent).toContain('1 unit free, 2 booked, 0 held.');
    fireEvent.click(within(offer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(day));

    // A closed day offers no booking.
    fireEvent.click(dayButton(`v${ids[8003]}`, '2026-12-01'));
    const closed = await screen.findByRole('region', { name: /December 1, 2026 · Sunset tour – Adult/ });
    expect(closed.textContent).toContain('Closed: Tour guide away.');
    expect(within(closed).queryByRole('link', { name: 'Add booking' })).toBeNull();

    // A product's row offers a booking of each of its variants, and a blackout of the product.
    fireEvent.change(screen.getByLabelText('Rows'), { target: { value: 'product' } });
    const kayaks = await waitFor(() =>
      dayButton(document.querySelector('tbody tr')!.querySelector('button')!.dataset.row!, '2026-12-04'),
    );
    fireEvent.click(kayaks);
    const product = await screen.findByRole('region', { name: /December 4, 2026 · Kayak hire$/ });
    expect(
      within(product)
        .getAllByRole('link', { name: /^Add booking/ })
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Add booking: Single kayak', `#/bookings/new?variant=${ids[8001]}&date=2026-12-04`],
      ['Add booking: Double kayak', `#/bookings/new?variant=${ids[8002]}&date=2026-12-04`],
    ]);
    expect(within(product).getByRole('link', { name: 'Add blackout' }).getAttribute('href')).toBe(
      '#/blackouts/new?date=2026-12-04&product=7001',
    );
  });

  it('marks today, where the days are one stop for Tab', async () => {
    await openWeek(shopToday());
    const head = await waitFor(() => {
      const th = document.querySelector('thead th.today');
      if (!th) throw new Error('no today');
      return th;
    });
    expect(head.textContent).toContain('today');
    expect(document.querySelectorAll('thead th.today')).toHaveLength(1);
    expect(
      dayButton(document.querySelector('button[data-row]')!.getAttribute('data-row')!, shopToday()).getAttribute(
        'aria-label',
      ),
    ).toMatch(/, today$/);
    const stops = document.querySelectorAll<HTMLButtonElement>('button[data-day][tabindex="0"]');
    expect([...stops].map((b) => b.dataset.day)).toEqual([shopToday()]);
  });

  it('narrows by product, variant, location and status, and searches by name, email or order', async () => {
    const { ids } = await setUpWeek();
    await openWeek('2026-12-05');
    const rowNames = () => [...document.querySelectorAll('tbody th[scope="row"]')].map((th) => th.textContent);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    const lastAsked = () => Object.fromEntries(requestsTo(admin, '/v1/bookings').at(-1)!.url.searchParams);

    fireEvent.change(screen.getByLabelText('Product'), { target: { value: '7002' } });
    await waitFor(() => expect(rowNames()).toEqual(['Sunset tour – Adult']));
    expect(lastAsked()).toMatchObject({
      external_product_id: '7002',
      start_min: '2026-11-29',
      finish_max: '2026-12-06',
    });

    fireEvent.change(screen.getByLabelText('Product'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Variant'), { target: { value: String(ids[8002]) } });
    await waitFor(() => expect(rowNames()).toEqual(['Kayak hire – Double kayak']));
    expect(lastAsked()).toMatchObject({ external_variant_id: '8002' });
    fireEvent.change(screen.getByLabelText('Variant'), { target: { value: '' } });

    const stKilda = [...(screen.getByLabelText('Location') as HTMLSelectElement).options].find(
      (o) => o.text === 'St Kilda',
    )!.value;
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: stKilda } });
    await waitFor(() => expect(rowNames()).toEqual(['Sunset tour – Adult']));
    expect(lastAsked()).toMatchObject({ location_id: stKilda });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: '' } });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'cancelled' } });
    await waitFor(() => expect(lastAsked()).toMatchObject({ status: 'cancelled' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Ada Lovelace/ })).toBeNull());
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });

    fireEvent.input(screen.getByLabelText('Search'), { target: { value: 'ben@' } });
    await waitFor(() => expect(lastAsked()).toMatchObject({ q: 'ben@' }));
    await waitFor(() => expect(rowNames()).toEqual(['Kayak hire – Double kayak']));

    fireEvent.change(screen.getByLabelText('Rows'), { target: { value: 'product' } });
    await waitFor(() => expect(rowNames()).toEqual(['Kayak hire']));
    // The address keeps the days and filters, so Back from a booking returns to them.
    expect(location.hash).toBe('#/calendar?date=2026-12-05&rows=product');
  });

  it('shows a month, a column per day, and moves a month at a time', async () => {
    const { ids } = await setUpWeek();
    const single = `v${ids[8001]}`;
    await openWeek('2026-12-05');
    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() =>
      expect(Object.fromEntries(requestsTo(admin, '/v1/bookings').at(-1)!.url.searchParams)).toMatchObject({
        start_min: '2026-12-01',
        finish_max: '2027-01-01',
      }),
    );
    await waitFor(() => expect(document.querySelectorAll('thead th[scope="col"]')).toHaveLength(32));
    // Christmas closes every variant, by its title.
    expect(
      dayButton(document.querySelector('button[data-row]')!.getAttribute('data-row')!, '2026-12-25').textContent,
    ).toBe('Christmas');
    // The month says "free" and "held" in words too: what is seen is in each day's name.
    const held = dayButton(single, '2026-12-02');
    expect(held.textContent).toBe('2 free 1 held');
    expect(held.getAttribute('aria-label')).toContain(held.textContent!.replace(' 1', ', 1'));
    expect(location.hash).toBe('#/calendar?date=2026-12-05&view=month');
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(document.querySelectorAll('thead th[scope="col"]')).toHaveLength(32));
    await waitFor(() => expect(document.querySelector('button[data-day="2027-01-10"]')).not.toBeNull());
    expect(location.hash).toBe('#/calendar?date=2027-01-01&view=month');
  });

  it('opens on the view, day and filters its address names', async () => {
    await openWeek('2026-12-05', { view: 'month', product: '7002', rows: 'product', status: 'cancelled' });
    await waitFor(() => expect(document.querySelectorAll('thead th[scope="col"]')).toHaveLength(32));
    await waitFor(() =>
      expect([...document.querySelectorAll('tbody th[scope="row"]')].map((th) => th.textContent)).toEqual([
        'Sunset tour',
      ]),
    );
    expect(Object.fromEntries(requestsTo(admin, '/v1/bookings').at(-1)!.url.searchParams)).toMatchObject({
      external_product_id: '7002',
      status: 'cancelled',
    });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('cancelled');
  });
});
