/**
 * The Customers screen (issue 30 point 3) against the in-process service: the customers the
 * bookings name, searched (asked once typing pauses), each with how many bookings and the next
 * one; a customer opens with their bookings, each a link to its booking.
 * Awaits the service branch (issue 30, C): GET /v1/customers and /v1/customers/{id}.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { routeDetail } from '../../src/admin/models/session.ts';
import { Customers } from '../../src/admin/screens/Customers.tsx';
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

async function book(day: string, first_name: string, email: string): Promise<number> {
  const r = await admin.api('POST', '/v1/bookings', {
    starts_at: `${day} 00:00`,
    finishes_at: `${day} 23:00`,
    items: [{ external_id: 8001, quantity: 1 }],
    customers: [{ first_name, last_name: 'Tester', email }],
  });
  expect(r.status).toBe(201);
  return (await r.json()).id;
}

/** The customers listed, by their names. */
function listed(): string[] {
  return [...document.querySelectorAll('ul.customers > li a')].map((a) => a.textContent ?? '');
}

it('lists the customers with their bookings, searched by name; a customer opens with links to their bookings', async () => {
  const first = await book('2026-12-15', 'Ada', 'ada@example.com');
  const second = await book('2027-01-05', 'Ada', 'ada@example.com');
  await book('2026-12-16', 'Bob', 'bob@example.com');
  renderScreen(<Customers />);
  await waitFor(() => expect(listed().sort()).toEqual(['Ada Tester', 'Bob Tester']));
  const ada = screen.getByRole('link', { name: 'Ada Tester' }).closest('li')!;
  expect(ada.textContent).toContain('ada@example.com');
  expect(ada.textContent).toContain('2 bookings');
  expect(ada.textContent).toContain('next Dec 15, 2026');

  fireEvent.input(screen.getByRole('searchbox', { name: 'Search customers' }), { target: { value: 'bob' } });
  await waitFor(() => expect(listed()).toEqual(['Bob Tester']));
  expect(requestsTo(admin, '/v1/customers').at(-1)!.url.searchParams.get('q')).toBe('bob');

  fireEvent.input(screen.getByRole('searchbox', { name: 'Search customers' }), { target: { value: 'ada' } });
  await waitFor(() => expect(listed()).toEqual(['Ada Tester']));
  const href = screen.getByRole('link', { name: 'Ada Tester' }).getAttribute('href')!;
  expect(href).toMatch(/^#\/customers\/\d+$/);
  location.hash = href;
  dispatchEvent(new HashChangeEvent('hashchange'));
  await screen.findByRole('heading', { name: 'Ada Tester' });
  const links = await screen.findAllByRole('link', { name: /^Booking #/ });
  expect(links.map((a) => a.getAttribute('href')).sort()).toEqual(
    [`#/bookings/${first}`, `#/bookings/${second}`].sort(),
  );
  expect(within(links[0]!.closest('ul')!).getAllByRole('listitem')).toHaveLength(2);
});
