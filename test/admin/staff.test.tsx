/**
 * The Staff and Activity screens against the in-process service (issue 30 point 5): the owner
 * invites someone and sees the link, a refused address stands beside its field; a member of
 * staff sees their own account and devices but not the shop's staff; Activity lists who did what.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { Activity } from '../../src/admin/screens/Activity.tsx';
import { Staff } from '../../src/admin/screens/Staff.tsx';
import { Install } from '../../src/admin/screens/Install.tsx';
import { type AdminHarness, renderScreen, STAFF_MEMBER, startAdmin } from '../helpers/render-admin.tsx';

let admin: AdminHarness | undefined;
afterEach(async () => {
  await admin?.close();
  admin = undefined;
});

it('the owner invites someone by email address, gets the link to copy, and a taken address is refused beside its field', async () => {
  admin = await startAdmin();
  renderScreen(<Staff />);
  await screen.findByRole('heading', { name: "The shop's staff" });
  const address = screen.getByLabelText('Their email address');
  fireEvent.input(address, { target: { value: 'owner@harbour.test' } });
  fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
  await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(address.getAttribute('aria-describedby')!)?.textContent).toBe(
    'already has an account',
  );
  fireEvent.input(address, { target: { value: 'kim@harbour.test' } });
  fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
  await waitFor(() => expect(document.querySelector('.token-once code')?.textContent).toMatch(/#\/join\/[\w-]{43}$/));
  await screen.findByText('kim@harbour.test (staff)');
  expect(screen.getByText('Invitation made for kim@harbour.test: copy the link and send it to them.')).toBeTruthy();
});

it('a member of staff sees their own account and devices, not the shop’s staff; Activity lists who did what', async () => {
  admin = await startAdmin({ as: STAFF_MEMBER });
  renderScreen(<Staff />);
  await screen.findByRole('heading', { name: 'Your account' });
  await screen.findByText(/this device/);
  expect(screen.queryByRole('heading', { name: "The shop's staff" })).toBeNull();
  expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe(STAFF_MEMBER.name);
  admin.service.clock.advance(1000);
  expect((await admin.api('POST', '/v1/locations', { name: 'Pier 9' })).status).toBe(201);
  renderScreen(<Activity />);
  await screen.findByRole('cell', { name: /^created location \d+$/ });
  expect(screen.getByRole('cell', { name: 'API token sk_…bour' })).toBeTruthy();
  expect(screen.getByText(/^Changes 1–1 of 1$/)).toBeTruthy();
});

it('a member of staff is not offered to make a token on Install (the owner makes tokens), the owner is', async () => {
  admin = await startAdmin({ as: STAFF_MEMBER });
  renderScreen(<Install />);
  await screen.findByText("Only the shop's owner can make tokens: ask them for one, and paste it above.");
  expect(screen.queryByRole('button', { name: /Make a publishable token/ })).toBeNull();
  await admin.close();
  cleanup();
  admin = await startAdmin();
  renderScreen(<Install />);
  await screen.findByRole('button', { name: 'Make a publishable token for this site' });
  expect(screen.queryByText(/Only the shop's owner can make tokens/)).toBeNull();
});
