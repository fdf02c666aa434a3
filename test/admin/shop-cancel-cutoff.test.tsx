/**
 * The Shop screen's "Customers may cancel online until" (issue 31 point 4): saved in hours, a
 * refusal shown beside it in the merchant's words, emptied to stop online cancelling.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Shop } from '../../src/admin/screens/Shop.tsx';
import { renderScreen, startAdmin, type AdminHarness } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  await admin.close();
});

const LABEL = 'Customers may cancel online until';
const cutoff = async () =>
  ((await admin.api('GET', '/v1/shop').then((r) => r.json())) as { cancel_cutoff_hours: number | null })
    .cancel_cutoff_hours;
const statusSays = (text: string) =>
  waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(text));

it('saves the hours before the start until which customers may cancel, refuses too many beside the field, and empties to none', async () => {
  renderScreen(<Shop />);
  const form = await screen.findByRole('form', { name: 'Shop settings' });
  const field = within(form).getByLabelText(LABEL) as HTMLInputElement;
  expect(field.value).toBe('');
  fireEvent.input(field, { target: { value: '800' } });
  fireEvent.submit(form);
  await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  const described = (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id));
  expect(described.map((el) => el?.textContent).join(' ')).toContain('from 0 to 720');
  expect(await cutoff()).toBeNull();
  fireEvent.input(field, { target: { value: '48' } });
  fireEvent.submit(form);
  await statusSays('Shop settings saved.');
  expect(await cutoff()).toBe(48);
  expect(field.getAttribute('aria-invalid')).not.toBe('true');
  fireEvent.input(field, { target: { value: '' } });
  fireEvent.submit(form);
  await waitFor(async () => expect(await cutoff()).toBeNull());
});
