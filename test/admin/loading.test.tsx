/**
 * What the merchant sees while a screen loads: one status line, the newest answer only, an
 * error in words with Retry, and every product of a large catalogue. Screens are rendered
 * alone against the in-process service through the admin's client.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Bookings } from '../../src/admin/screens/Bookings.tsx';
import { Products } from '../../src/admin/screens/Products.tsx';
import { Tokens } from '../../src/admin/screens/Tokens.tsx';
import { errorAnswer, renderScreen, requestsTo, startAdmin, type AdminHarness } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  await admin.close();
});

/** Books one single kayak for `email` on `day` (shop-local), as a storefront would. */
async function book(day: string, email: string): Promise<void> {
  const r = await admin.api('POST', '/v1/bookings', {
    starts_at: `${day} 09:00`,
    finishes_at: `${day} 17:00`,
    items: [{ external_id: 8001, quantity: 1 }],
    customers: [{ email, first_name: email.split('@')[0], last_name: 'Test' }],
  });
  expect(r.status).toBe(201);
}

/** The bookings listed on the screen, by their customers' emails. */
function listedEmails(): string[] {
  const list = screen.getAllByRole('list')[0]!;
  return [...list.querySelectorAll('li > details > summary')].map(
    (d) => /[\w.]+@[\w.]+/.exec(d.textContent ?? '')?.[0] ?? '',
  );
}

const searches = () => requestsTo(admin, '/v1/bookings').map((r) => r.url.searchParams.get('q'));

describe('Bookings search', () => {
  it('typed quickly, asks once the merchant pauses and shows only the newest answer', async () => {
    await book('2026-12-15', 'alice@example.com');
    await book('2026-12-16', 'albert@example.com');
    await book('2026-12-17', 'bob@example.com');
    renderScreen(<Bookings />);
    await waitFor(() => expect(listedEmails()).toHaveLength(3));
    const field = screen.getByRole('searchbox', { name: 'Search' });
    for (const typed of ['a', 'al', 'ali', 'alic', 'alice']) fireEvent.input(field, { target: { value: typed } });
    await waitFor(() => expect(listedEmails()).toEqual(['alice@example.com']));
    // One request for the first list, one for what stood typed: none per key.
    expect(searches()).toEqual([null, 'alice']);
  });

  it('drops a slow answer that arrives after a newer one', async () => {
    await book('2026-12-15', 'alice@example.com');
    await book('2026-12-16', 'bob@example.com');
    const r = await admin.api('POST', '/v1/bookings/1/cancel');
    expect(r.status).toBe(200);
    renderScreen(<Bookings />);
    await waitFor(() => expect(listedEmails()).toHaveLength(2));
    const status = screen.getByRole('combobox', { name: 'Status' });
    // The merchant asks for cancelled bookings, and changes their mind before the answer comes.
    const releaseCancelled = admin.hold(
      (req) => req.url.pathname === '/v1/bookings' && req.url.searchParams.get('status') === 'cancelled',
    );
    fireEvent.change(status, { target: { value: 'cancelled' } });
    await waitFor(() =>
      expect(requestsTo(admin, '/v1/bookings').at(-1)?.url.searchParams.get('status')).toBe('cancelled'),
    );
    fireEvent.change(status, { target: { value: 'confirmed' } });
    await waitFor(() => expect(listedEmails()).toEqual(['bob@example.com']));
    releaseCancelled();
    const stale = requestsTo(admin, '/v1/bookings').find((req) => req.url.searchParams.get('status') === 'cancelled')!;
    expect(stale.signal?.aborted).toBe(true);
    // Give the late answer its chance to arrive and be (wrongly) shown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listedEmails()).toEqual(['bob@example.com']);
  });
});

describe('A screen loading', () => {
  it('shows one status line saying Loading… until the data is in', async () => {
    const release = admin.hold((req) => req.url.pathname === '/v1/tokens');
    renderScreen(<Tokens />);
    await waitFor(() => expect(requestsTo(admin, '/v1/tokens')).toHaveLength(1));
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Loading…']);
    expect(screen.getByRole('alert').textContent).toBe('');
    release();
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['']);
  });

  it('says in words why it could not load, with Retry that loads it again', async () => {
    admin.failWith = () => errorAnswer(500);
    renderScreen(<Tokens />);
    const alert = screen.getByRole('alert');
    await waitFor(() =>
      expect(alert.textContent).toContain(
        'The booking service failed to do that: try again, and if it keeps failing, tell its administrator.',
      ),
    );
    expect(alert.textContent).not.toMatch(/500|http/i);
    admin.failWith = undefined;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(requestsTo(admin, '/v1/tokens')).toHaveLength(2);
  });
});

describe('Products', () => {
  it("shows a shop's 251st product: the catalogue reads every page", async () => {
    // The fixture has 2 products; 249 more make 251, one more than a page of 250 holds.
    for (let n = 3; n <= 251; n++) {
      const r = await admin.api('POST', '/v1/products', {
        external_id: 100_000 + n,
        title: `Product ${n}`,
        variants: [],
      });
      expect(r.status).toBe(201);
    }
    renderScreen(<Products />);
    await screen.findByRole('heading', { name: /^Product 251\b/ }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { name: /^Kayak hire\b/ })).toBeTruthy();
    expect(requestsTo(admin, '/v1/products').length).toBeGreaterThanOrEqual(2);
  });
});
