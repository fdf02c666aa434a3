/**
 * Bookings and live holds: search and filter bookings, open one, cancel it (two steps), and
 * release a live hold. Each change reloads the list and says what happened.
 * @module
 */
import { useSignal, useSignalEffect } from '@preact/signals';
import type { Booking, Reservation } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';
import { ConfirmButton, Field, focusMessage, Status } from '../components/bits.tsx';
import { session } from '../models/session.ts';

function when(iso: string): string {
  const s = session.value?.shop;
  return new Intl.DateTimeFormat(s?.locale ?? 'en', { dateStyle: 'medium', timeStyle: 'short', timeZone: s?.tz ?? 'UTC' }).format(new Date(iso));
}

/** The bookings screen. */
export function Bookings() {
  const q = useSignal('');
  const status = useSignal('');
  const bookings = useSignal<Booking[] | undefined>(undefined);
  const holds = useSignal<Reservation[] | undefined>(undefined);
  const message = useSignal<string | null>(null);
  const problem = useSignal<string | null>(null);
  const version = useSignal(0);
  useSignalEffect(() => {
    void version.value;
    const params = { ...(q.value.trim() && { q: q.value.trim() }), ...(status.value && { status: status.value as Booking['status'] }), per: 100 };
    Promise.all([client.bookings.list(params), client.reservations.list({ active: true, per: 100 })]).then(
      ([b, r]) => ((bookings.value = b), (holds.value = r), (problem.value = null)),
      (error: unknown) => (problem.value = messageOf(error)),
    );
  });
  const act = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      message.value = done;
      version.value++;
    } catch (error) {
      problem.value = messageOf(error);
    }
  };
  return (
    <>
      <section class="card">
        <h2 tabIndex={-1}>Bookings</h2>
        <form class="row" role="search" onSubmit={(e) => (e.preventDefault(), version.value++)}>
          <Field label="Search">
            {({ id }) => <input id={id} type="search" value={q.value} onInput={(e) => (q.value = e.currentTarget.value)} placeholder="Name, email, tag or number" />}
          </Field>
          <Field label="Status">
            {({ id }) => (
              <select id={id} value={status.value} onChange={(e) => (status.value = e.currentTarget.value)}>
                <option value="">Any</option>
                <option value="confirmed">Confirmed</option>
                <option value="pending">Pending</option>
                <option value="cancelled">Cancelled</option>
              </select>
            )}
          </Field>
        </form>
        <Status message={message.value} />
        <Status message={problem.value} error />
        {bookings.value?.length === 0 && <p>No bookings match.</p>}
        <ul class="list">
          {bookings.value?.map((b) => (
            <li key={b.id}>
              <details>
                <summary>
                  #{b.id} · {when(b.starts_at)} – {when(b.finishes_at)} · {b.items.map((i) => `${i.quantity} × ${i.product_title} – ${i.variant_title}`).join(', ')} · {b.customers[0]?.email ?? ''} · {b.status}
                </summary>
                <p>Customers: {b.customers.map((c) => `${c.first_name} ${c.last_name} <${c.email}>`).join(', ') || 'none'}</p>
                {b.tags.length > 0 && <p>Tags: {b.tags.join(', ')}</p>}
                {b.fields.map((f) => <p key={f.name}>{f.name}: {f.value}</p>)}
                {b.status !== 'cancelled' && (
                  <ConfirmButton label={`Cancel booking #${b.id}`} question={`Cancel booking #${b.id} and free its units?`} confirmLabel="Yes, cancel it" onConfirm={() => act(client.bookings.cancel(b.id), `Booking #${b.id} cancelled; its units are free again.`)} />
                )}
              </details>
            </li>
          ))}
        </ul>
      </section>
      <section class="card">
        <h2>Live holds</h2>
        {holds.value?.length === 0 && <p>No live holds.</p>}
        <ul class="list">
          {holds.value?.map((r) => (
            <li key={r.id} class="row">
              <span>
                Hold #{r.id} (cart {r.cart_token.slice(0, 12)}) until {when(r.expires_at)}: {r.items.map((i) => `${i.quantity} × ${i.product_title} – ${i.variant_title}, ${when(i.start)}`).join('; ')}
              </span>
              <button type="button" class="danger" onClick={() => void act(client.reservations.release(r.id), `Hold #${r.id} released.`).then(focusMessage)}>Release hold #{r.id}</button>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
