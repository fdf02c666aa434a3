/**
 * The Messages screen (issue 31 point 2): with no mail server, booking messages are kept and
 * shown exactly as they would be sent (the HTML in a sandboxed frame, the text), and a failed
 * one with its error; both can be sent again.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEFAULT_FROM } from '../../src/service/messages/mail-settings.ts';
import { sendDueMessages } from '../../src/service/messages/sender.ts';
import { Messages } from '../../src/admin/screens/Messages.tsx';
import { type AdminHarness, renderScreen, requestsTo, startAdmin } from '../helpers/render-admin.tsx';
import { heldLine, orderPayload, webhook } from '../service/shopify/payloads.ts';

let admin: AdminHarness;
beforeEach(async () => {
  admin = await startAdmin();
  await admin.service.db.query(`UPDATE shops SET notify_email = 'desk@harbour.example' WHERE name = 'Harbour Kayaks'`);
  const booked = await admin.api('POST', '/v1/bookings', {
    starts_at: '2026-12-15 09:00',
    finishes_at: '2026-12-15 17:00',
    items: [{ external_id: '8002', quantity: 1 }],
    customers: [{ first_name: '<b>Ada</b>', last_name: 'Lovelace', email: 'ada@example.com' }],
  });
  expect(booked.status).toBe(201);
  // No mail server: the sender keeps both messages, unsent.
  const settings = { transport: null, from: DEFAULT_FROM, pollMs: 1, leaseMs: 60_000, retryMs: 1, maxAttempts: 3 };
  expect(await sendDueMessages(admin.service.db, settings)).toMatchObject({ unsent: 2 });
});
afterEach(async () => {
  await admin.close();
});

const rowOf = (subject: string) => screen.getByRole('rowheader', { name: subject }).closest('tr')!;

it('lists the messages kept without a mail server, and shows one exactly as it would be sent', async () => {
  renderScreen(<Messages />);
  const subject = 'Your booking at Harbour Kayaks is confirmed';
  await waitFor(() => expect(screen.getByRole('rowheader', { name: subject })).toBeTruthy());
  const row = rowOf(subject);
  expect(within(row).getByText('ada@example.com')).toBeTruthy();
  expect(within(row).getByText('Not sent: no mail server is set up')).toBeTruthy();
  expect(screen.getByRole('rowheader', { name: 'New booking #1: <b>Ada</b> Lovelace' })).toBeTruthy();

  fireEvent.click(within(row).getByRole('button', { name: `Open ${subject}` }));
  const view = screen.getByRole('region', { name: `Message: ${subject}` });
  const sent = (await (await admin.api('GET', '/v1/messages')).json()) as Array<{
    subject: string;
    html: string;
    text: string;
  }>;
  const message = sent.find((m) => m.subject === subject)!;
  const frame = within(view).getByTitle(`The message as sent: ${subject}`) as HTMLIFrameElement;
  expect(frame.tagName).toBe('IFRAME');
  // No script, no same origin: the frame's document can do nothing to the admin.
  expect(frame.getAttribute('sandbox')).toBe('');
  expect(frame.getAttribute('srcdoc')).toBe(message.html);
  expect(message.html).toContain('&lt;b&gt;Ada&lt;/b&gt; Lovelace');
  expect(message.html).not.toContain('<b>');
  expect(view.querySelector('pre')!.textContent).toBe(message.text);
  expect(within(view).getByText('Attached: booking.ics (calendar file)')).toBeTruthy();
});

it('sends a kept message again when asked, and says so', async () => {
  renderScreen(<Messages />);
  const subject = 'Your booking at Harbour Kayaks is confirmed';
  await waitFor(() => expect(screen.getByRole('rowheader', { name: subject })).toBeTruthy());
  fireEvent.click(within(rowOf(subject)).getByRole('button', { name: `Send again ${subject}` }));
  await waitFor(() => expect(within(rowOf(subject)).getByText('Waiting to be sent')).toBeTruthy());
  expect(screen.getByRole('status').textContent).toBe(
    `"${subject}" to ada@example.com will be sent again in a moment.`,
  );
  expect(
    requestsTo(admin, '/v1/messages/1/resend', 'POST').length +
      requestsTo(admin, '/v1/messages/2/resend', 'POST').length,
  ).toBe(1);
});

it('shows a message that could not be delivered with its error, and offers to send it again', async () => {
  await admin.service.db.query(
    `UPDATE outbox_messages SET state = 'failed', attempts = 8, last_error = '550 mailbox unavailable' WHERE kind = 'merchant_new'`,
  );
  renderScreen(<Messages />);
  const subject = 'New booking #1: <b>Ada</b> Lovelace';
  await waitFor(() => expect(screen.getByRole('rowheader', { name: subject })).toBeTruthy());
  const row = rowOf(subject);
  expect(within(row).getByText('Could not be sent: 550 mailbox unavailable')).toBeTruthy();
  expect(within(row).getByRole('button', { name: `Send again ${subject}` })).toBeTruthy();
});

it('shows a Shopify order’s message held for its address list, says why in plain words, and offers no sending again', async () => {
  const list = 'a@x, evil@example.com';
  const held = await admin.api('POST', '/v1/reservations', {
    cart_token: 'cart-shopify',
    items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-12', quantity: 1 }],
  });
  expect(held.status).toBe(201);
  const hold = (await held.json()) as { id: number; items: Array<{ start: string; finish: string }> };
  const payload = orderPayload({
    lines: [heldLine(1001, 8001, hold.items[0]!.start, hold.items[0]!.finish, 1, 2, hold.id)],
  });
  const ordered = await admin.service.fetch(
    webhook('orders/create', { ...payload, email: list, customer: { ...payload.customer, email: list } }),
  );
  expect(ordered.status).toBe(200);
  const settings = { transport: null, from: DEFAULT_FROM, pollMs: 1, leaseMs: 60_000, retryMs: 1, maxAttempts: 3 };
  expect(await sendDueMessages(admin.service.db, settings)).toMatchObject({ held: 1 });

  renderScreen(<Messages />);
  await waitFor(() => expect(screen.getAllByText(list)).toHaveLength(1));
  const row = screen.getByText(list).closest('tr')!;
  expect(within(row).getByText('Confirmation to the customer')).toBeTruthy();
  expect(
    within(row).getByText(`Not sent: order #9999's email address '${list}' is not one email address`),
  ).toBeTruthy();
  expect(within(row).queryByRole('button', { name: /^Send again/ })).toBeNull();
});
