/**
 * "Download CSV" on the bookings screen (issue 30, point 4) against the in-process service: the
 * link names the days, product and status shown, and the file it names is the export; a period
 * that ends before it starts is said beside "To" and downloads nothing.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addDays, addMonths, startOfMonth } from '../../src/shared/plain-date.ts';
import { shopToday } from '../../src/admin/models/session.ts';
import { Bookings } from '../../src/admin/screens/Bookings.tsx';
import { renderScreen, startAdmin, type AdminHarness } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  await admin.close();
});

const exportForm = () => screen.getByRole('form', { name: 'Download bookings' });
const downloadLink = () => within(exportForm()).getByRole('link', { name: 'Download CSV' });

it('offers this month’s bookings, then the days, product and status chosen, as a file the service answers', async () => {
  const made = await admin.api('POST', '/v1/bookings', {
    starts_at: '2026-12-10 10:00',
    finishes_at: '2026-12-10 12:00',
    items: [{ external_id: 8002, quantity: 1 }],
    customers: [{ first_name: 'Zoë', last_name: 'Lovelace', email: 'zoe@example.com' }],
  });
  expect(made.status).toBe(201);
  renderScreen(<Bookings />);
  const form = within(exportForm());
  const month = startOfMonth(shopToday());
  expect((form.getByLabelText('From') as HTMLInputElement).value).toBe(month);
  expect((form.getByLabelText('To') as HTMLInputElement).value).toBe(addDays(addMonths(month, 1), -1));
  await form.findByRole('option', { name: 'Kayak hire' });

  fireEvent.input(form.getByLabelText('From'), { target: { value: '2026-12-01' } });
  fireEvent.input(form.getByLabelText('To'), { target: { value: '2026-12-31' } });
  fireEvent.change(form.getByLabelText('Product'), { target: { value: '7001' } });
  // The list's status filter goes with the file.
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'confirmed' } });
  await waitFor(() =>
    expect(downloadLink().getAttribute('href')).toBe(
      '/v1/exports/bookings.csv?start_min=2026-12-01&finish_max=2026-12-31&external_product_id=7001&status=confirmed',
    ),
  );
  expect(downloadLink().getAttribute('download')).toBe('bookings-2026-12-01-2026-12-31.csv');

  // What the browser would download with the session's cookie (here: the shop's secret token).
  const file = await admin.api('GET', downloadLink().getAttribute('href')!);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-disposition')).toBe('attachment; filename="bookings-2026-12-01-2026-12-31.csv"');
  const lines = (await file.text()).split('\r\n');
  expect(lines[1]).toMatch(/,confirmed,Kayak hire,Double kayak,1,2026-12-10 10:00,2026-12-10 12:00,Zoë Lovelace,/);
  // The details say what the file holds, in the shop's zone.
  expect(form.getByText(/times in Australia\/Melbourne/).textContent).toContain('only the confirmed ones');
});

it('says beside “To” that a period may not end before it starts, and downloads nothing until it is fixed', async () => {
  renderScreen(<Bookings />);
  const form = within(exportForm());
  fireEvent.input(form.getByLabelText('From'), { target: { value: '2026-12-10' } });
  fireEvent.input(form.getByLabelText('To'), { target: { value: '2026-12-09' } });
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  downloadLink().dispatchEvent(click);
  expect(click.defaultPrevented).toBe(true);
  const to = form.getByLabelText('To');
  await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
  const described = (to.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
  expect(described.map((el) => el?.textContent)).toContain('must be on or after “From”');
  fireEvent.input(form.getByLabelText('To'), { target: { value: '2026-12-10' } });
  await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('false'));
  expect(downloadLink().getAttribute('href')).toBe(
    '/v1/exports/bookings.csv?start_min=2026-12-10&finish_max=2026-12-10',
  );
});
