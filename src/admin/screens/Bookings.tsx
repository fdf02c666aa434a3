/**
 * Bookings and live holds: coming bookings first (those finishing from today in the shop's
 * zone; the API lists by start and has no other order), or all from the oldest; search and
 * filter; a page at a time with Previous and Next (the API's `page`/`per`, `X-Total-Count` and
 * `Link`); open one, cancel it (two steps), and release a live hold. Each change reloads the
 * list and says what happened.
 * @module
 */
import { useSignal, useSignalEffect } from '@preact/signals';
import type { Booking, Reservation } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';
import { ConfirmButton, Field, focusMessage, Status } from '../components/bits.tsx';
import { loadCatalog, products } from '../models/catalog.ts';
import { when } from '../models/dates.ts';
import { heldItem } from '../models/holds.ts';
import { shopToday } from '../models/session.ts';

/** Bookings on a page: a screenful, so the coming ones are never pages away. */
const PER = 25;

/** The `rel`s of a `Link` header (`next`, `prev`, …). */
function linkRels(response: Response): Set<string> {
  const rels = [...(response.headers.get('Link') ?? '').matchAll(/rel="?([^";]*)"?/g)].flatMap((m) => m[1]!.split(/\s+/));
  return new Set(rels);
}

/**
 * "Bookings 26–50 of 130" with Previous and Next. A button with no page to go to says so
 * (aria-disabled) rather than being disabled, so the keyboard's focus is not lost from it.
 */
function Pager(props: { from: number; count: number; paging: { total: number; next: boolean; prev: boolean }; go: (by: number) => void }) {
  const { from, count, paging } = props;
  return (
    <div class="row pager">
      <p role="status">Bookings {from}–{from + count - 1} of {paging.total}</p>
      <button type="button" aria-disabled={!paging.prev} onClick={() => paging.prev && props.go(-1)}>Previous page</button>
      <button type="button" aria-disabled={!paging.next} onClick={() => paging.next && props.go(1)}>Next page</button>
    </div>
  );
}

/** The bookings screen. */
export function Bookings() {
  const q = useSignal('');
  const status = useSignal('');
  const coming = useSignal(true);
  const page = useSignal(1);
  const paging = useSignal({ total: 0, next: false, prev: false });
  const bookings = useSignal<Booking[] | undefined>(undefined);
  const holds = useSignal<Reservation[] | undefined>(undefined);
  const message = useSignal<string | null>(null);
  const problem = useSignal<string | null>(null);
  const version = useSignal(0);
  useSignalEffect(() => {
    void version.value;
    // The products and widgets name a hold's days as its widget counts them.
    if (!products.peek()) void loadCatalog();
    const params = {
      ...(q.value.trim() && { q: q.value.trim() }),
      ...(status.value && { status: status.value as Booking['status'] }),
      ...(coming.value && { start_min: shopToday() }),
      page: page.value,
      per: PER,
    };
    Promise.all([client.bookings.list(params).withResponse(), client.reservations.list({ active: true, per: 100 })]).then(
      ([b, r]) => {
        const rels = linkRels(b.response);
        const total = Number(b.response.headers.get('X-Total-Count') ?? b.data.length);
        paging.value = { total, next: rels.has('next'), prev: rels.has('prev') };
        bookings.value = b.data;
        // A reservation whose items are all gone holds nothing: not shown.
        holds.value = r.filter((x) => x.items.length > 0);
        problem.value = null;
      },
      (error: unknown) => (problem.value = messageOf(error)),
    );
  });
  const act = async (work: Promise<unknown>, done: string) => {
    message.value = problem.value = null;
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
            {({ id }) => <input id={id} type="search" value={q.value} onInput={(e) => ((q.value = e.currentTarget.value), (page.value = 1))} placeholder="Name, email, tag or number" />}
          </Field>
          <Field label="Status">
            {({ id }) => (
              <select id={id} value={status.value} onChange={(e) => ((status.value = e.currentTarget.value), (page.value = 1))}>
                <option value="">Any</option>
                <option value="confirmed">Confirmed</option>
                <option value="pending">Pending</option>
                <option value="cancelled">Cancelled</option>
              </select>
            )}
          </Field>
          <Field label="Show">
            {({ id }) => (
              <select id={id} value={coming.value ? 'coming' : 'all'} onChange={(e) => ((coming.value = e.currentTarget.value === 'coming'), (page.value = 1))}>
                <option value="coming">Coming: from today, soonest first</option>
                <option value="all">All: from the oldest</option>
              </select>
            )}
          </Field>
        </form>
        <Status message={message.value} />
        <Status message={problem.value} error />
        {bookings.value?.length === 0 && <p>No bookings match.</p>}
        {bookings.value && bookings.value.length > 0 && <Pager from={(page.value - 1) * PER + 1} count={bookings.value.length} paging={paging.value} go={(by) => (page.value += by)} />}
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
            <li key={r.id} class="entry">
              <span class="what">
                <strong>Hold #{r.id}</strong> (cart {r.cart_token.slice(0, 12)}), until {when(r.expires_at)}
                <ul class="held">
                  {r.items.map((i, n) => <li key={n}>{heldItem(i, r.tz)}</li>)}
                </ul>
              </span>
              <span class="actions">
                <button type="button" class="danger" onClick={() => void act(client.reservations.release(r.id), `Hold #${r.id} released.`).then(focusMessage)}>Release hold #{r.id}</button>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
