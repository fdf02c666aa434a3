/**
 * Occupancy's days (issue 30): today's column marked, a blackout named by its title rather
 * than a striped "–", each cell a link to that variant's day in the Calendar, and a day's
 * heading offering to add a blackout on it; and `#/blackouts/new?date=…&variant=…` opening the
 * add form filled in, which then saves that day for that variant.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/plain-date.ts';
import { routeDetail, shopToday } from '../../src/admin/models/session.ts';
import { Blackouts } from '../../src/admin/screens/Blackouts.tsx';
import { Occupancy } from '../../src/admin/screens/Occupancy.tsx';
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

async function singleKayakId(): Promise<number> {
  const products = await (await admin.api('GET', '/v1/products?external_id=7001')).json();
  return products[0].variants.find((v: { external_id: number }) => Number(v.external_id) === 8001).id;
}

describe('Occupancy days', () => {
  it('marks today, names a blackout by its title, and links each cell to its day in the calendar', async () => {
    const today = shopToday();
    const closed = addDays(today, 2);
    const made = await admin.api('POST', '/v1/blackouts', {
      title: 'Staff training',
      starts_at: closed,
      finishes_at: addDays(closed, 1),
      external_variant_id: 8001,
    });
    expect(made.status).toBe(201);
    const single = await singleKayakId();
    renderScreen(<Occupancy />);
    const grid = await screen.findByRole('region', { name: 'Units free by variant and day' });
    const row = await within(grid).findByRole('row', { name: /^Kayak hire – Single kayak/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[2]!.querySelector('[aria-hidden="true"]')!.textContent).toBe('Staff training');
    const link = within(cells[2]!).getByRole('link');
    expect(link.textContent).toContain('closed: Staff training');
    expect(link.getAttribute('href')).toBe(`#/calendar?date=${closed}&variant=${single}`);
    expect(cells[0]!.className).toContain('today');
    expect(within(cells[0]!).getByRole('link').textContent).toMatch(/, today\. Open in the calendar$/);
    const heads = within(grid).getAllByRole('columnheader');
    expect(heads[1]!.className).toBe('today');
    expect(heads[1]!.textContent).toContain('today');
    expect(grid.querySelectorAll('th.today')).toHaveLength(1);
  });

  it("a day's heading offers adding a blackout on it, and the calendar", async () => {
    renderScreen(<Occupancy />);
    const day = addDays(shopToday(), 3);
    const grid = await screen.findByRole('region', { name: 'Units free by variant and day' });
    await waitFor(() => expect(grid.querySelector(`button[data-day="${day}"]`)).not.toBeNull());
    const head = grid.querySelector<HTMLButtonElement>(`button[data-day="${day}"]`)!;
    fireEvent.click(head);
    expect(head.getAttribute('aria-expanded')).toBe('true');
    const offer = await screen.findByRole('region', { name: /\d{4}$/ });
    expect(within(offer).getByRole('link', { name: 'Add blackout' }).getAttribute('href')).toBe(
      `#/blackouts/new?date=${day}`,
    );
    expect(within(offer).getByRole('link', { name: 'Open in the calendar' }).getAttribute('href')).toBe(
      `#/calendar?date=${day}`,
    );
    fireEvent.click(within(offer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(head));
  });
});

describe('Blackouts from an address', () => {
  it('#/blackouts/new?date=…&variant=… opens the add form on that day for that variant, and saves it', async () => {
    const single = await singleKayakId();
    history.replaceState(null, '', `#/blackouts/new?date=2026-12-09&variant=${single}`);
    routeDetail.value = { path: ['new'], query: { date: '2026-12-09', variant: String(single) } };
    renderScreen(<Blackouts />);
    const form = await screen.findByRole('form', { name: 'Add a blackout' });
    expect((within(form).getByLabelText('First day') as HTMLInputElement).value).toBe('2026-12-09');
    expect((within(form).getByLabelText('Last day') as HTMLInputElement).value).toBe('2026-12-09');
    expect((within(form).getByLabelText('Applies to') as HTMLSelectElement).value).toBe('v:8001');
    expect(location.hash).toBe('#/blackouts');
    // The month shown is the day's.
    await screen.findByRole('region', { name: 'Blackouts in December 2026' });

    fireEvent.input(within(form).getByLabelText('Title (only you see it)'), { target: { value: 'Hull check' } });
    fireEvent.submit(form);
    await screen.findByText('Blackout “Hull check” added.');
    expect(requestsTo(admin, '/v1/blackouts', 'POST').at(-1)!.body).toMatchObject({
      title: 'Hull check',
      starts_at: '2026-12-09',
      finishes_at: '2026-12-10',
      all_day: 1,
      external_variant_id: 8001,
    });
    expect(screen.queryByRole('form', { name: 'Add a blackout' })).toBeNull();
  });

  it('#/blackouts/new?date=…&product=… opens it for every variant of the product', async () => {
    // The address as well as its signal: happy-dom announces an earlier replaceState as a late hashchange.
    history.replaceState(null, '', '#/blackouts/new?date=2026-12-10&product=7001');
    routeDetail.value = { path: ['new'], query: { date: '2026-12-10', product: '7001' } };
    renderScreen(<Blackouts />);
    const form = await screen.findByRole('form', { name: 'Add a blackout' });
    expect((within(form).getByLabelText('Applies to') as HTMLSelectElement).value).toBe('p:7001');
    expect((within(form).getByLabelText('First day') as HTMLInputElement).value).toBe('2026-12-10');
  });
});
