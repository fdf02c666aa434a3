/**
 * "Forgot password?" in the admin (issue 38 point 3) against the in-process service: the sign-in
 * page links to a form that asks for a link by address, whose refusal is named by its input and
 * whose answer is said in words; the emailed link's page sets the new password, a refused one
 * named by its input; a new password may sign one out on one's other devices.
 */
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import { resetTokenFor } from '../../src/service/admin/password-reset.ts';
import { RESET_ANSWER } from '../../src/service/admin/reset-routes.ts';
import { manageSecret } from '../../src/service/manage/secret-queries.ts';
import { SignIn } from '../../src/admin/screens/SignIn.tsx';
import { Staff } from '../../src/admin/screens/Staff.tsx';
import { openSession } from '../../src/service/admin/sessions.ts';
import { type AdminHarness, renderScreen, startAdmin } from '../helpers/render-admin.tsx';
import { OWNER, postSignIn } from '../helpers/staff.ts';

let admin: AdminHarness | undefined;
afterEach(async () => {
  await admin?.close();
  admin = undefined;
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/admin/');
});

/** Goes to `hash` as following a link does. */
function go(hash: string) {
  location.hash = hash;
  dispatchEvent(new HashChangeEvent('hashchange'));
}

/** The text of what describes `input` (its hint and error). */
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

it('the sign-in page links to "Forgot password?", whose refused address is named by its input and whose answer is said in words', async () => {
  admin = await startAdmin();
  history.replaceState(null, '', '/admin/');
  renderScreen(<SignIn />);
  const link = await screen.findByRole('link', { name: 'Forgot password?' });
  expect(link.getAttribute('href')).toBe('#/forgot');
  go('#/forgot');
  const heading = await screen.findByRole('heading', { name: 'Forgot your password?' });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  const address = screen.getByLabelText('Email address');
  fireEvent.input(address, { target: { value: 'not an address' } });
  fireEvent.submit(address.closest('form')!);
  await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
  expect(describedText(address)).toBe('must be an email address');
  fireEvent.input(address, { target: { value: OWNER.email } });
  fireEvent.submit(address.closest('form')!);
  await screen.findByText(RESET_ANSWER);
  expect(address.getAttribute('aria-invalid')).toBe('false');
  expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
});

it('the emailed link’s page sets the new password and signs in; a refused password is named by its input', async () => {
  admin = await startAdmin();
  const { db, clock } = admin.service;
  const found = await resetTokenFor(db, OWNER.email, await manageSecret(db, undefined), clock.sqlNow?.() ?? null);
  history.replaceState(null, '', `/admin/#/reset/${found!.token}`);
  // The page asks who is signed in once the password is set (a same-origin fetch the harness does not carry).
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({}), { status: 401 }));
  renderScreen(<SignIn />);
  await screen.findByRole('heading', { name: 'Choose a new password' });
  const password = screen.getByLabelText('New password');
  fireEvent.input(password, { target: { value: 'short' } });
  fireEvent.submit(password.closest('form')!);
  await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
  expect(describedText(password)).toContain('must be at least 10 characters');
  (password as HTMLInputElement).value = 'a-brand-new-password';
  fireEvent.submit(password.closest('form')!);
  // Hashing the password (scrypt) takes a moment on a busy machine.
  await waitFor(() => expect(location.hash).toBe(''), { timeout: 15_000 });
  vi.unstubAllGlobals();
  expect((await postSignIn(admin.service, { email: OWNER.email, password: 'a-brand-new-password' })).status).toBe(204);
});

it('a new password with "sign me out on my other devices" ends the other sessions and keeps this one', async () => {
  admin = await startAdmin();
  const { db, clock } = admin.service;
  await openSession(db, 1, 'Phone Safari', clock.sqlNow?.() ?? null);
  // Saved, the screen asks who is signed in (a same-origin fetch the harness does not carry).
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({}), { status: 401 }));
  renderScreen(<Staff />);
  await screen.findByRole('heading', { name: 'Your account' });
  fireEvent.input(screen.getByLabelText('New password'), { target: { value: 'a-brand-new-password' } });
  fireEvent.input(screen.getByLabelText('Current password'), { target: { value: OWNER.password } });
  fireEvent.click(screen.getByLabelText('With a new password, sign me out on my other devices'));
  fireEvent.click(screen.getByRole('button', { name: 'Save your account' }));
  await screen.findByText('Your account is saved, and your other devices are signed out.', undefined, {
    timeout: 15_000,
  });
  const left = await db.query<{ user_agent: string }>('SELECT user_agent FROM admin_sessions ORDER BY id');
  expect(left.rows.map((row) => row.user_agent)).toEqual(['happy-dom']);
});
