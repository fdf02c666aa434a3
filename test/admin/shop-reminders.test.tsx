/**
 * The Shop screen's reminder choice (issue 31 point 3): off by default, chosen in words, saved
 * as hours before the start, and turned off again.
 */
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Shop } from '../../src/admin/screens/Shop.tsx';
import { type AdminHarness, renderScreen, startAdmin } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  await admin.close();
});

const reminderHours = async () =>
  ((await admin.api('GET', '/v1/shop').then((r) => r.json())) as { reminder_hours: number | null }).reminder_hours;

it('saves the reminder chosen in words as hours before the start, and turns it off again', async () => {
  renderScreen(<Shop />);
  const form = await screen.findByRole('form', { name: 'Shop settings' });
  const select = (await screen.findByLabelText('Reminder to customers')) as HTMLSelectElement;
  await waitFor(() => expect(select.selectedOptions[0]!.textContent).toBe('Off'));
  expect([...select.options].map((o) => o.textContent)).toEqual([
    'Off',
    '1 hour before',
    '2 hours before',
    '3 hours before',
    '6 hours before',
    '12 hours before',
    '1 day before',
    '2 days before',
    '3 days before',
  ]);
  fireEvent.change(select, { target: { value: '24' } });
  fireEvent.submit(form);
  await screen.findByText('Shop settings saved.');
  expect(await reminderHours()).toBe(24);
  fireEvent.change(select, { target: { value: '' } });
  fireEvent.submit(form);
  await waitFor(async () => expect(await reminderHours()).toBeNull());
});
