/**
 * Messages: the emails sent about bookings (GET /v1/messages), to customers (confirmation,
 * change, cancellation) and to the shop (new and cancelled bookings), newest first. Each can be
 * opened to read it exactly as it is, or would be, sent: the HTML in a sandboxed frame (no
 * script, no same origin; it inherits the admin's CSP, which the messages are written for) and
 * the plain text. Messages kept because no mail server is set up, or that could not be
 * delivered, say so and can be sent again; one held because its address is not one email
 * address (a Shopify order's `a@x, evil@example.com`) says whose address and cannot.
 * @module
 */
import { useSignal } from '@preact/signals';
import type { BookingMessage } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';
import { useStatus } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { MessageTemplates } from './MessageTemplates.tsx';
import { when } from '../models/dates.ts';
import { useResource } from '../models/use-resource.ts';

/** The newest messages shown. */
const SHOWN = 50;

const KINDS: Record<BookingMessage['kind'], string> = {
  customer_confirmation: 'Confirmation to the customer',
  customer_change: 'Change notice to the customer',
  customer_cancellation: 'Cancellation to the customer',
  customer_reminder: 'Reminder to the customer',
  merchant_new: 'New booking, to you',
  merchant_cancellation: 'Cancelled booking, to you',
};

/**
 * A held message's state: never sent, never retried, because its address is not one email
 * address (`Not sent: order #1001's email address 'a@x, evil@example.com' is not one email address`).
 */
function heldState(reason: string | null): string {
  const why = reason?.replace(/^not sent: /, '') || 'its address is not one email address';
  return `Not sent: ${why}`;
}

/** Where a message stands, in the merchant's words. */
export function stateOf(m: BookingMessage): string {
  switch (m.state) {
    case 'sent':
      return m.sent_at ? `Sent ${when(m.sent_at)}` : 'Sent';
    case 'pending':
      return m.attempts > 0 ? 'Not delivered yet: will try again' : 'Waiting to be sent';
    case 'unsent':
      return 'Not sent: no mail server is set up';
    case 'failed':
      return `Could not be sent: ${m.last_error ?? 'the mail server refused it'}`;
    case 'held':
      // The service's reason opens "not sent: " in its own words; the screen capitalises it.
      return heldState(m.last_error);
  }
}

/** The message opened below the list: its HTML as the recipient sees it, its text, its details. */
function MessageView(props: { message: BookingMessage }) {
  const m = props.message;
  return (
    <section aria-label={`Message: ${m.subject}`} class="message-view">
      <h3>{m.subject}</h3>
      <p>
        To {m.to}, from {m.from}
      </p>
      <iframe title={`The message as sent: ${m.subject}`} sandbox="" srcdoc={m.html} class="message-html" />
      <h4>As plain text</h4>
      <pre class="message-text" tabIndex={0}>
        {m.text}
      </pre>
      {m.attachments.length > 0 && <p>Attached: {m.attachments.map((a) => a.filename).join(', ')} (calendar file)</p>}
      <details>
        <summary>Details</summary>
        <dl>
          <dt>Message-ID</dt>
          <dd>
            <code>{m.message_id}</code>
          </dd>
          <dt>Attempts</dt>
          <dd>{m.attempts}</dd>
          {m.last_error && (
            <>
              <dt>Last error</dt>
              <dd>{m.last_error}</dd>
            </>
          )}
          <dt>Written</dt>
          <dd>{when(m.created_at)}</dd>
        </dl>
      </details>
    </section>
  );
}

/** The Messages screen. */
export function Messages() {
  const messages = useResource(
    () => undefined,
    (_, signal) => client.messages.list({ per: SHOWN }, { signal }),
  );
  const open = useSignal<number | null>(null);
  const { message, problem, say } = useStatus();
  const sendAgain = async (m: BookingMessage) => {
    say(null);
    try {
      await client.messages.resend(m.id);
      say(`"${m.subject}" to ${m.to} will be sent again in a moment.`);
      await messages.reload();
    } catch (error) {
      say(messageOf(error), true);
    }
  };
  const list = messages.data.value;
  const opened = list?.find((m) => m.id === open.value);
  return (
    <section class="card">
      <h2 tabIndex={-1}>Messages</h2>
      <p>
        The emails about bookings: confirmations, changes and cancellations to your customers, and new and cancelled
        bookings to you. Open one to read it as it is sent.
      </p>
      <ScreenStatus message={message} problem={problem} loads={[messages]} />
      {list && list.length === 0 && <p>No messages yet: they are written when a booking is made.</p>}
      {list && list.length > 0 && (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Messages">
          <table class="stack">
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">Kind</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((m) => (
                <tr key={m.id}>
                  <th scope="row">{m.subject}</th>
                  <td data-label="To">{m.to}</td>
                  <td data-label="Kind">{KINDS[m.kind]}</td>
                  <td data-label="State">{stateOf(m)}</td>
                  <td class="actions">
                    <button
                      type="button"
                      aria-expanded={open.value === m.id}
                      onClick={() => (open.value = open.value === m.id ? null : m.id)}
                    >
                      {open.value === m.id ? 'Close' : 'Open'} <span class="sr-only">{m.subject}</span>
                    </button>
                    {(m.state === 'failed' || m.state === 'unsent') && (
                      <button type="button" onClick={() => void sendAgain(m)}>
                        Send again <span class="sr-only">{m.subject}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {opened && <MessageView message={opened} />}
      <MessageTemplates />
    </section>
  );
}
