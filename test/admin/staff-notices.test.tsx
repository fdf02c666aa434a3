/**
 * "Email me new and cancelled bookings" under Staff, "Your account" (issue 31 point 3): ticked
 * and saved, the signed-in person's address is sent the shop's notices of the bookings made
 * from then on.
 */
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Staff } from '../../src/admin/screens/Staff.tsx';
import { type AdminHarness, renderScreen, startAdmin } from '../helpers/render-admin.tsx';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
});
afterEach(async () => {
  await admin.close();
});

it('saves the choice to be emailed new and cancelled bookings, and the next booking’s notice is written to that address', async () => {
  renderScreen(<Staff />);
  const box = (await screen.findByLabelText('Email me new and cancelled bookings')) as HTMLInputElement;
  expect(box.checked).toBe(false);
  fireEvent.click(box);
  fireEvent.click(screen.getByRole('button', { name: 'Save your account' }));
  const accountNow = async () =>
    (
      await admin.service.db.query<{ email: string; notify_bookings: boolean }>(
        `SELECT email, notify_bookings FROM staff WHERE role = 'owner'`,
      )
    ).rows[0]!;
  await waitFor(async () => expect((await accountNow()).notify_bookings).toBe(true));
  const account = await accountNow();
  const booked = await admin.api('POST', '/v1/bookings', {
    starts_at: '2026-12-15 09:00',
    finishes_at: '2026-12-15 17:00',
    items: [{ external_id: '8002', quantity: 1 }],
    customers: [{ first_name: 'Ada', email: 'ada@example.com' }],
  });
  expect(booked.status).toBe(201);
  await waitFor(async () => {
    const { rows } = await admin.service.db.query<{ recipient: string }>(
      `SELECT recipient FROM outbox_messages WHERE kind = 'merchant_new'`,
    );
    expect(rows.map((r) => r.recipient)).toEqual([account.email]);
  });
});
