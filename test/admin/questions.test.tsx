/**
 * The admin's questions (issue 27, point 8) against the in-process service: a product's
 * questions editor with its live preview (in the merchant's wording and a translation), a
 * refusal shown beside the question's field, and the answers on each booking and in the list.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Bookings } from '../../src/admin/screens/Bookings.tsx';
import { Products } from '../../src/admin/screens/Products.tsx';
import { renderScreen, startAdmin, type AdminHarness } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  await admin.close();
});

const statusSays = (text: string) =>
  waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(text));

it('adds questions to a product with a live preview, refuses a choice without options beside it, then saves', async () => {
  renderScreen(<Products />);
  fireEvent.click(await screen.findByText('Questions asked when booking Kayak hire'));
  const form = await screen.findByRole('form', { name: 'Questions of Kayak hire' });
  const f = within(form);
  fireEvent.click(f.getByRole('button', { name: 'Add a question' }));
  fireEvent.input(f.getByLabelText('Question'), { target: { value: "Rider's name" } });
  fireEvent.change(f.getByLabelText('Asked'), { target: { value: 'unit' } });
  fireEvent.click(f.getByRole('checkbox', { name: 'Required' }));
  const preview = f.getByRole('region', { name: 'Preview of the questions of Kayak hire' });
  // The preview follows the typing: one field per unit, as the shopper holding two sees it.
  expect(within(preview).getByLabelText("Rider's name (1 of 2) *")).toBeTruthy();
  expect(within(preview).getByLabelText("Rider's name (2 of 2) *")).toBeTruthy();

  fireEvent.click(f.getByRole('button', { name: 'Add a question' }));
  const second = f.getByRole('group', { name: 'Question 2' });
  fireEvent.input(within(second).getByLabelText('Question'), { target: { value: 'Paddle size' } });
  fireEvent.change(within(second).getByLabelText('Kind'), { target: { value: 'choice' } });
  fireEvent.submit(form);
  await waitFor(() => expect(within(second).getByLabelText('Options').getAttribute('aria-invalid')).toBe('true'));
  expect(admin.sent.filter((r) => r.method === 'PUT')).toHaveLength(1);
  expect((await (await admin.api('GET', `/v1/products?external_id=7001`)).json())[0]).toBeTruthy();

  fireEvent.input(within(second).getByLabelText('Options'), { target: { value: 'Short\nLong' } });
  fireEvent.input(within(second).getByLabelText('Translations'), { target: { value: 'de: Paddelgröße | Kurz, Lang' } });
  fireEvent.submit(form);
  await statusSays('The questions of Kayak hire saved (2).');
  const kayak = (await (await admin.api('GET', '/v1/products?external_id=7001')).json())[0];
  const stored = await (await admin.api('GET', `/v1/products/${kayak.id}/questions`)).json();
  expect(stored.map((q: { label: string; per: string; required: boolean }) => [q.label, q.per, q.required])).toEqual([
    ["Rider's name", 'unit', true],
    ['Paddle size', 'booking', false],
  ]);
  expect(stored[1].translations).toEqual({ de: { label: 'Paddelgröße', options: ['Kurz', 'Lang'] } });
  // The preview in German: the merchant's translation.
  fireEvent.change(within(preview).getByLabelText('Preview language'), { target: { value: 'de' } });
  const select = within(preview).getByLabelText('Paddelgröße') as HTMLSelectElement;
  expect([...select.options].map((o) => o.text)).toEqual(['Choose…', 'Kurz', 'Lang']);
});

it('shows a booking’s answers in the bookings list and on the booking', async () => {
  const booked = await admin.api('POST', '/v1/bookings', {
    starts_at: '2026-12-10 00:00',
    finishes_at: '2026-12-11 00:00',
    items: [{ external_id: 8001, quantity: 1 }],
    customers: [{ email: 'ana@example.com' }],
    fields: [
      { name: "Rider's name #1", value: 'Ana' },
      { name: 'I accept the waiver', value: 'Yes' },
    ],
  });
  expect(booked.status).toBe(201);
  renderScreen(<Bookings />);
  const line = await screen.findByText("· Rider's name #1: Ana; I accept the waiver: Yes", { exact: false });
  expect(line).toBeTruthy();
  const answers = screen.getByRole('heading', { name: 'Answers' }).parentElement!;
  expect(within(answers).getByText("Rider's name #1").nextElementSibling?.textContent).toBe('Ana');
  expect(within(answers).getByText('I accept the waiver').nextElementSibling?.textContent).toBe('Yes');
});
