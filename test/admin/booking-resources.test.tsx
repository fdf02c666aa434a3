/**
 * A booking's assigned guide on its page (issue 39 point 4): the shopkeeper sees who leads it,
 * gives it the other guide of its pool, and when that guide is taken reads the service's reason
 * with nothing changed.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { routeDetail } from '../../src/admin/models/session.ts';
import { Bookings } from '../../src/admin/screens/Bookings.tsx';
import { type AdminHarness, renderScreen, startAdmin } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
let guides: { anna: number; ben: number };
beforeEach(async () => {
  admin = await startAdmin();
  const make = async (name: string) =>
    ((await (await admin.api('POST', '/v1/resources', { name, kind: 'staff', units: 1 })).json()) as { id: number }).id;
  guides = { anna: await make('Anna'), ben: await make('Ben') };
  const products = (await (await admin.api('GET', '/v1/products?external_id=7001')).json()) as {
    variants: { id: number; external_id: number }[];
  }[];
  const single = products[0]!.variants.find((v) => Number(v.external_id) === 8001)!;
  const requirements = [{ resources: [guides.anna, guides.ben], per: 'booking' }];
  expect((await admin.api('PUT', `/v1/variants/${single.id}`, { requirements })).status).toBe(200);
});
afterEach(async () => {
  routeDetail.value = { path: [], query: {} };
  history.replaceState(null, '', location.pathname);
  await admin.close();
});

/** A booking of one single kayak on 15 January 2027 with `guide`; its id. */
async function book(guide: number, email: string): Promise<number> {
  const r = await admin.api('POST', '/v1/bookings', {
    starts_at: '2027-01-15 00:00',
    finishes_at: '2027-01-16 00:00',
    items: [{ external_id: 8001, quantity: 1, resource_id: guide }],
    customers: [{ first_name: 'Kay', last_name: 'Paddler', email }],
  });
  expect(r.status).toBe(201);
  return (await r.json()).id;
}

async function open(id: number) {
  location.hash = `#/bookings/${id}`;
  dispatchEvent(new HashChangeEvent('hashchange'));
  renderScreen(<Bookings />);
  await screen.findByRole('heading', { name: `Booking #${id}` });
  return (await screen.findByLabelText(
    'Kayak hire – Single kayak: assigned to',
    {},
    { timeout: 5000 },
  )) as HTMLSelectElement;
}

it('shows the booking’s guide and gives it the other guide of its pool', async () => {
  const id = await book(guides.anna, 'kay@example.com');
  const select = await open(id);
  expect(select.selectedOptions[0]?.textContent).toBe('Anna');
  expect([...select.options].map((o) => o.textContent)).toEqual(['Anna', 'Ben']);
  fireEvent.change(select, { target: { value: String(guides.ben) } });
  fireEvent.click(screen.getByRole('button', { name: 'Change' }));
  await waitFor(() =>
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Single kayak: now Ben.'),
  );
  const stored = await (await admin.api('GET', `/v1/bookings/${id}`)).json();
  expect(stored.items[0].resource_id).toBe(String(guides.ben));
});

it('says why when the other guide is taken, and changes nothing', async () => {
  const id = await book(guides.anna, 'kay@example.com');
  await book(guides.ben, 'lee@example.com');
  const select = await open(id);
  fireEvent.change(select, { target: { value: String(guides.ben) } });
  fireEvent.click(within(select.closest('form')!).getByRole('button', { name: 'Change' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Not changed: .*Ben/));
  expect(screen.getByRole('alert').textContent).not.toMatch(/items\[|resource \d/);
  const stored = await (await admin.api('GET', `/v1/bookings/${id}`)).json();
  expect(stored.items[0].resource_id).toBe(String(guides.anna));
});
