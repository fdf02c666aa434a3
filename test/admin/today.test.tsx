/**
 * The Today screen (issue 30 point 1) against the in-process service: a day's pick-ups and
 * returns with names, units and answers, each time of day's arrivals, no cancelled booking,
 * the holds soonest to lapse with the time they have left by the service's clock, the order
 * lines to check, and Tomorrow one link away; each booking links to its address.
 */
import { screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/plain-date.ts';
import { insertConflict } from '../../src/service/shopify/queries.ts';
import { routeDetail, shopToday } from '../../src/admin/models/session.ts';
import { Today } from '../../src/admin/screens/Today.tsx';
import { renderScreen, requestsTo, startAdmin, type AdminHarness } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  routeDetail.value = { path: [], query: {} };
  await admin.close();
});

/** Books `body` (customers by name) and answers its id. */
async function book(body: Record<string, unknown>): Promise<number> {
  const answer = await admin.api('POST', '/v1/bookings', body);
  expect(answer.status, await answer.clone().text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

/** Saturday 5 December 2026 in Melbourne: two kayaks out, one back, a tour at 09:00. */
async function setUpSaturday() {
  const tour = (await (await admin.api('GET', '/v1/products?external_id=7002')).json())[0].variants[0];
  const schedule = { counting: 'seats', departures: { sat: ['09:00'] }, duration_minutes: 120 };
  expect((await admin.api('PUT', `/v1/variants/${tour.id}`, { schedule })).status).toBe(200);
  const pickup = await book({
    starts_at: '2026-12-05 00:00',
    finishes_at: '2026-12-07 00:00',
    items: [{ external_id: 8001, quantity: 2 }],
    customers: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }],
    fields: [{ name: 'Experience', value: 'Paddled twice' }],
  });
  const back = await book({
    starts_at: '2026-12-03 00:00',
    finishes_at: '2026-12-06 00:00',
    items: [{ external_id: 8002, quantity: 1 }],
    customers: [{ first_name: 'Ben', last_name: 'Ng', email: 'ben@example.com' }],
  });
  const arrival = await book({
    starts_at: '2026-12-05 09:00',
    finishes_at: '2026-12-05 11:00',
    items: [{ external_id: 8003, quantity: 3 }],
    customers: [{ first_name: 'Cy', last_name: 'Twombly', email: 'cy@example.com' }],
  });
  const cancelled = await book({
    starts_at: '2026-12-05 00:00',
    finishes_at: '2026-12-06 00:00',
    items: [{ external_id: 8002, quantity: 1 }],
    customers: [{ first_name: 'Dee', last_name: 'Gone', email: 'dee@example.com' }],
  });
  expect((await admin.api('POST', `/v1/bookings/${cancelled}/cancel`)).status).toBe(200);
  return { pickup, back, arrival };
}

const part = (name: string) => screen.getByRole('region', { name });

describe('Today', () => {
  it("lists the day's pick-ups, returns and arrivals by time, with names, units and answers, each opening its booking; cancelled ones are left out", async () => {
    const ids = await setUpSaturday();
    routeDetail.value = { path: [], query: { date: '2026-12-05' } };
    renderScreen(<Today />);
    await screen.findByRole('heading', { name: 'Saturday, December 5, 2026', level: 2 });
    const pickups = await waitFor(() => part('Pick-ups'));
    await within(pickups).findByRole('link', { name: 'Ada Lovelace' });
    expect(within(pickups).getByRole('link').getAttribute('href')).toBe(`#/bookings/${ids.pickup}`);
    expect(pickups.textContent).toMatch(/2 × Kayak hire – Single kayak · Dec 5\s–\s6, 2026/);
    expect(within(pickups).getByRole('definition').textContent).toBe('Paddled twice');
    expect(within(pickups).getByRole('term').textContent).toBe('Experience');

    const returns = part('Returns');
    expect(
      within(returns)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Ben Ng']);
    expect(returns.textContent).toMatch(/1 × Kayak hire – Double kayak · Dec 3\s–\s5, 2026/);
    expect(within(returns).getByRole('link').getAttribute('href')).toBe(`#/bookings/${ids.back}`);

    const nine = part('09:00–11:00 · Sunset tour – Adult');
    expect(
      within(nine)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([`#/bookings/${ids.arrival}`]);
    expect(nine.textContent).toContain('3 × Sunset tour – Adult');
    expect(document.body.textContent).not.toContain('Dee Gone');

    // The day asked for: everything touching it, every page.
    const asked = requestsTo(admin, '/v1/bookings').at(-1)!.url.searchParams;
    expect([asked.get('start_min'), asked.get('finish_max')]).toEqual(['2026-12-05', '2026-12-06']);
  });

  it('opens on today in the shop’s zone with Tomorrow one link away, and back', async () => {
    renderScreen(<Today />);
    await screen.findByRole('heading', { name: 'Today', level: 2 });
    const today = shopToday();
    const tomorrow = screen.getByRole('link', { name: 'Tomorrow' });
    expect(tomorrow.getAttribute('href')).toBe(`#/today?date=${addDays(today, 1)}`);
    expect(screen.getByRole('link', { name: 'Today' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() =>
      expect(requestsTo(admin, '/v1/bookings').at(-1)?.url.searchParams.get('start_min')).toBe(today),
    );
    await screen.findByText('Nobody picks up on this day.');

    routeDetail.value = { path: [], query: { date: addDays(today, 1) } };
    await screen.findByRole('heading', { name: 'Tomorrow', level: 2 });
    expect(screen.getByRole('link', { name: 'Today' }).getAttribute('href')).toBe('#/today');
    expect(screen.getByRole('link', { name: 'Tomorrow' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() =>
      expect(requestsTo(admin, '/v1/bookings').at(-1)?.url.searchParams.get('start_min')).toBe(addDays(today, 1)),
    );
  });

  it('lists the live holds soonest to lapse first, with the minutes each has left by the service’s clock', async () => {
    const hold = (cart: string, start: string) =>
      admin.api('POST', '/v1/reservations', {
        cart_token: cart,
        items: [{ external_id: 8001, start, finish: addDays(start as never, 1), quantity: 1 }],
      });
    expect((await hold('cart-early', '2026-12-10')).status).toBe(201);
    admin.service.clock.advance(5 * 60_000);
    expect((await hold('cart-late', '2026-12-12')).status).toBe(201);
    renderScreen(<Today />);
    const holds = await screen.findByRole('region', { name: /Holds about to expire/ });
    await waitFor(() => expect(within(holds).getAllByRole('listitem')).toHaveLength(2));
    const items = within(holds)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toMatch(/^10 minutes left \(until .+\)1 × Kayak hire – Single kayak: Dec 10, 2026 \(1 day\)$/);
    expect(items[1]).toMatch(/^15 minutes left .*Dec 12, 2026 \(1 day\)$/);
  });

  it('shows the order lines still to check and leaves out those whose days are over', async () => {
    const base = { orderId: '5001', lineId: '1', variantId: 8001, quantity: 1, reason: 'sold_out: 0 of 1 left' };
    await insertConflict(admin.service.db, 1, {
      ...base,
      orderName: '#1001',
      startAt: Date.parse('2026-12-04T13:00:00Z'),
      finishAt: Date.parse('2026-12-05T13:00:00Z'),
    });
    await insertConflict(admin.service.db, 1, {
      ...base,
      orderName: '#0999',
      lineId: '2',
      startAt: Date.parse('2026-11-01T13:00:00Z'),
      finishAt: Date.parse('2026-11-02T13:00:00Z'),
    });
    routeDetail.value = { path: [], query: { date: '2026-12-05' } };
    renderScreen(<Today />);
    const lines = await screen.findByRole('region', { name: 'Orders from Shopify' });
    await within(lines).findByRole('rowheader', { name: '#1001, line 1' });
    expect(within(lines).queryByText(/#0999/)).toBeNull();
    expect(within(lines).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('#/shop');
  });
});
