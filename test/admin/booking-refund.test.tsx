/**
 * A booking its customer cancelled with their manage link (issue 31 point 4), as the merchant
 * sees it in the admin: the cancellation said on the booking's page, a Shopify order's refund
 * due with the order named until "Mark as refunded", and the Bookings screen's "Refund due" filter.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { routeDetail } from '../../src/admin/models/session.ts';
import { Bookings } from '../../src/admin/screens/Bookings.tsx';
import { renderScreen, requestsTo, startAdmin, type AdminHarness } from '../helpers/render-admin.tsx';
import { booking, bookWithLink, postCancel, setCutoff } from '../service/manage/helpers.ts';

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

/** A Shopify order's booking (order #1001) its customer has cancelled with their link. */
async function cancelledByCustomer(): Promise<number> {
  await setCutoff(admin.service, 48);
  const { id, url } = await bookWithLink(admin.service, booking('2026-12-12'));
  await admin.service.db.query(
    `UPDATE bookings SET tags = '["shopify"]', fields = '[{"name": "Shopify order", "value": "#1001"}]' WHERE id = $1`,
    [id],
  );
  expect((await postCancel(admin.service, url)).status).toBe(200);
  return id;
}

it('says the customer cancelled, names the order to refund, and after "Mark as refunded" says when it was marked', async () => {
  const id = await cancelledByCustomer();
  go(`#/bookings/${id}`);
  renderScreen(<Bookings />);
  await screen.findByRole('heading', { name: `Booking #${id}` });
  await screen.findByText(/The customer cancelled this booking with their link on/);
  expect(screen.getByText(/Refund due:/).closest('p')!.textContent).toContain('refund order #1001 in Shopify');

  fireEvent.click(screen.getByRole('button', { name: 'Mark as refunded' }));
  await waitFor(() =>
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
      `Refund of booking #${id} marked as made.`,
    ),
  );
  await screen.findByText(/Refund marked as made on/);
  expect(screen.queryByRole('button', { name: 'Mark as refunded' })).toBeNull();
  const stored = await (await admin.api('GET', `/v1/bookings/${id}`)).json();
  expect(stored).toMatchObject({ refund_due: false, refunded_at: expect.any(String) });
});

it('lists only the refunds still to make under Status "Refund due", whenever their bookings were', async () => {
  const due = await cancelledByCustomer();
  // Another booking, not cancelled: not a refund.
  const other = await admin.api('POST', '/v1/bookings', booking('2026-12-20'));
  expect(other.status).toBe(201);
  go('#/bookings');
  renderScreen(<Bookings />);
  const status = await screen.findByLabelText('Status');
  fireEvent.change(status, { target: { value: 'refund' } });
  await waitFor(() =>
    expect(Object.fromEntries(requestsTo(admin, '/v1/bookings').at(-1)!.url.searchParams)).toMatchObject({
      refund_due: 'true',
    }),
  );
  const list = await waitFor(() => {
    const items = screen.getAllByRole('listitem').filter((li) => li.textContent?.includes('refund due'));
    expect(items).toHaveLength(1);
    return items[0]!;
  });
  expect(within(list).getByText(new RegExp(`#${due} ·`))).toBeTruthy();
  expect(requestsTo(admin, '/v1/bookings').at(-1)!.url.searchParams.has('start_min')).toBe(false);
});
