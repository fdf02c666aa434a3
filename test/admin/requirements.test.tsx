/**
 * What a variant needs, in the product editor (issue 39 point 4): the shopkeeper requires one
 * guide per booking, Anna or Ben, and reads it back in plain words; a missing pool is named
 * beside its boxes; taking Anna out of the pool first names the upcoming booking she leads.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { Products } from '../../src/admin/screens/Products.tsx';
import { type AdminHarness, renderScreen, startAdmin } from '../helpers/render-admin.tsx';

let admin: AdminHarness | undefined;
afterEach(async () => {
  await admin?.close();
  admin = undefined;
});

/** Two guides, Anna and Ben; their ids. */
async function guides(harness: AdminHarness): Promise<{ anna: number; ben: number }> {
  const make = async (name: string) =>
    ((await (await harness.api('POST', '/v1/resources', { name, kind: 'staff', units: 1 })).json()) as { id: number })
      .id;
  return { anna: await make('Anna'), ben: await make('Ben') };
}

/** Opens "What Kayak hire needs" and the editor of Single kayak. */
async function openEditor() {
  renderScreen(<Products />);
  const summary = await screen.findByText(/^What Kayak hire needs/);
  fireEvent.click(summary);
  fireEvent.click(await screen.findByRole('button', { name: 'Change what Single kayak needs' }));
  return screen.getByRole('form', { name: 'What Single kayak needs' });
}

it('requires one guide per booking, Anna or Ben, and reads it back in plain words; an empty pool is named beside its boxes', async () => {
  admin = await startAdmin();
  await guides(admin);
  const form = await openEditor();
  fireEvent.click(within(form).getByRole('button', { name: 'Add a need to Single kayak' }));
  fireEvent.submit(form);
  const pool = await within(form).findByRole('group', { name: 'Any one of' });
  await waitFor(() => expect(pool.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(pool.getAttribute('aria-describedby')!)?.textContent).toBe('choose at least one');
  fireEvent.click(within(pool).getByLabelText('Anna'));
  fireEvent.click(within(pool).getByLabelText('Ben'));
  expect((within(form).getByLabelText('For') as HTMLSelectElement).value).toBe('booking');
  fireEvent.submit(form);
  await screen.findByText('Single kayak: what it needs is saved.');
  await screen.findByText('Each booking needs one of Anna or Ben');
});

it('names the upcoming booking that would lose its guide before taking Anna out, and saves when asked again', async () => {
  admin = await startAdmin();
  const { anna, ben } = await guides(admin);
  const products = (await (await admin.api('GET', '/v1/products?external_id=7001')).json()) as {
    variants: { id: number; external_id: number }[];
  }[];
  const single = products[0]!.variants.find((v) => Number(v.external_id) === 8001)!;
  const put = await admin.api('PUT', `/v1/variants/${single.id}`, {
    requirements: [{ resources: [anna, ben], per: 'booking' }],
  });
  expect(put.status).toBe(200);
  const booked = await admin.api('POST', '/v1/bookings', {
    starts_at: '2027-01-15 00:00',
    finishes_at: '2027-01-16 00:00',
    items: [{ external_id: 8001, quantity: 1, resource_id: anna }],
    customers: [{ first_name: 'Kay', last_name: 'Paddler', email: 'kay@example.com' }],
  });
  expect(booked.status).toBe(201);
  const form = await openEditor();
  fireEvent.click(within(form).getByLabelText('Anna'));
  fireEvent.submit(form);
  const warning = await within(form).findByRole('alert');
  expect(warning.textContent).toContain('This upcoming booking would lose its resource');
  expect(within(warning).getByRole('link').textContent).toMatch(/Kay Paddler$/);
  expect(warning.textContent).toContain('(Anna)');
  fireEvent.click(within(form).getByRole('button', { name: 'Save anyway' }));
  await screen.findByText('Each booking needs Ben');
});
