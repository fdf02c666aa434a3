/**
 * Bookings and live holds: coming bookings first (those finishing from today in the shop's
 * zone; the API lists by start and has no other order), or all from the oldest; search and
 * filter (a search asks once typing pauses; an older answer never replaces a newer one); a page
 * at a time with Previous and Next (`models/bookings-page.ts`); open one, cancel it (two
 * steps), and release a live hold. Each change reloads the lists and says what happened.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { Booking } from '../../client/index.ts';
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import { client, messageOf } from '../api.ts';
import { ConfirmButton, Field, focusMessage, useStatus } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { BookingAnswers, answersLine } from './BookingAnswers.tsx';
import { BookingsExport } from './BookingsExport.tsx';
import { catalog, ensureCatalog } from '../models/catalog.ts';
import { loadBookingsPage, PER, slotFilter, type BookingsPage } from '../models/bookings-page.ts';
import { dayRange, isWholeDays, localPeriod, when } from '../models/dates.ts';
import { heldItem } from '../models/holds.ts';
import { shopToday } from '../models/session.ts';
import { useDebounced, useResource } from '../models/use-resource.ts';

/**
 * "Bookings 26–50 of 130" with Previous and Next. A button with no page to go to says so
 * (aria-disabled) rather than being disabled, so the keyboard's focus is not lost from it.
 */
function Pager(props: { shown: BookingsPage; go: (by: number) => void }) {
  const { page, bookings, total, next, prev } = props.shown;
  const from = (page - 1) * PER + 1;
  return (
    <div class="row pager">
      <p role="status">
        Bookings {from}–{from + bookings.length - 1} of {total}
      </p>
      <button type="button" aria-disabled={!prev} onClick={() => prev && props.go(-1)}>
        Previous page
      </button>
      <button type="button" aria-disabled={!next} onClick={() => next && props.go(1)}>
        Next page
      </button>
    </div>
  );
}

/** A booking's period as the shop reads it: its days, or its day and wall-clock times. */
function periodOf(b: Booking): string {
  if (!isWholeDays(b.starts_at_local, b.finishes_at_local)) return localPeriod(b.starts_at_local, b.finishes_at_local);
  const first = b.starts_at_local.slice(0, 10) as PlainDate;
  const last = addDays(b.finishes_at_local.slice(0, 10) as PlainDate, -1);
  return dayRange(first, last < first ? first : last);
}

/** The bookings screen. */
export function Bookings() {
  const q = useSignal('');
  const status = useSignal<Booking['status'] | ''>('');
  const coming = useSignal(true);
  const page = useSignal(1);
  // Typing asks once the merchant pauses; a filter or a page asks at once.
  const search = useDebounced(q);
  const { message, problem, say } = useStatus();
  const list = useResource(
    () => ({
      q: search.value.value,
      status: status.value,
      coming: coming.value,
      today: shopToday(),
      slot: slotFilter.value,
      page: page.value,
    }),
    loadBookingsPage,
  );
  // A reservation whose items are all gone holds nothing: not shown.
  const holds = useResource(
    () => undefined,
    async (_, signal) =>
      (await client.reservations.list({ active: true, per: 100 }, { signal })).filter((r) => r.items.length > 0),
  );
  // The products and widgets name a hold's days as its widget counts them.
  useEffect(() => void ensureCatalog(), []);
  const act = async (work: Promise<unknown>, done: string) => {
    say(null);
    try {
      await work;
      say(done);
      await Promise.all([list.reload(), holds.reload()]);
    } catch (error) {
      say(messageOf(error), true);
    }
  };
  const find = (event: Event) => {
    event.preventDefault();
    if (search.value.peek() === q.peek()) void list.reload();
    else search.now();
  };
  const shown = list.data.value;
  const bookings = shown?.bookings;
  return (
    <>
      <section class="card">
        <h2 tabIndex={-1}>Bookings</h2>
        <form class="row" role="search" onSubmit={find}>
          <Field label="Search">
            {({ id }) => (
              <input
                id={id}
                type="search"
                value={q.value}
                onInput={(e) => ((q.value = e.currentTarget.value), (page.value = 1))}
                placeholder="Name, email, tag or number"
              />
            )}
          </Field>
          <Field label="Status">
            {({ id }) => (
              <select
                id={id}
                value={status.value}
                onChange={(e) => ((status.value = e.currentTarget.value as Booking['status'] | ''), (page.value = 1))}
              >
                <option value="">Any</option>
                <option value="confirmed">Confirmed</option>
                <option value="pending">Pending</option>
                <option value="cancelled">Cancelled</option>
              </select>
            )}
          </Field>
          <Field label="Show">
            {({ id }) => (
              <select
                id={id}
                value={coming.value ? 'coming' : 'all'}
                onChange={(e) => ((coming.value = e.currentTarget.value === 'coming'), (page.value = 1))}
              >
                <option value="coming">Coming: from today, soonest first</option>
                <option value="all">All: from the oldest</option>
              </select>
            )}
          </Field>
        </form>
        <BookingsExport status={status.value} />
        {slotFilter.value && (
          <p class="row">
            <span>Bookings of {slotFilter.value.label}.</span>
            <button type="button" onClick={() => ((slotFilter.value = null), (page.value = 1))}>
              Show all bookings
            </button>
          </p>
        )}
        <ScreenStatus message={message} problem={problem} loads={[list, holds, catalog]} />
        {bookings?.length === 0 && <p>No bookings match.</p>}
        {shown && shown.bookings.length > 0 && <Pager shown={shown} go={(by) => (page.value = shown.page + by)} />}
        <ul class="list">
          {bookings?.map((b) => (
            <li key={b.id}>
              <details>
                <summary>
                  #{b.id} · {periodOf(b)} ·{' '}
                  {b.items.map((i) => `${i.quantity} × ${i.product_title} – ${i.variant_title}`).join(', ')} ·{' '}
                  {b.customers[0]?.email ?? ''} · {b.status}
                  {b.fields.length > 0 && <span class="hint"> · {answersLine(b.fields)}</span>}
                </summary>
                <p>
                  Customers:{' '}
                  {b.customers.map((c) => `${c.first_name} ${c.last_name} <${c.email}>`).join(', ') || 'none'}
                </p>
                {b.tags.length > 0 && <p>Tags: {b.tags.join(', ')}</p>}
                <BookingAnswers fields={b.fields} />
                {b.status !== 'cancelled' && (
                  <ConfirmButton
                    label={`Cancel booking #${b.id}`}
                    question={`Cancel booking #${b.id} and free its units?`}
                    confirmLabel="Yes, cancel it"
                    onConfirm={() =>
                      act(client.bookings.cancel(b.id), `Booking #${b.id} cancelled; its units are free again.`)
                    }
                  />
                )}
              </details>
            </li>
          ))}
        </ul>
      </section>
      <section class="card">
        <h2>Live holds</h2>
        {holds.data.value?.length === 0 && <p>No live holds.</p>}
        <ul class="list">
          {holds.data.value?.map((r) => (
            <li key={r.id} class="entry">
              <span class="what">
                <strong>Hold #{r.id}</strong> (cart {r.cart_token.slice(0, 12)}), until {when(r.expires_at)}
                <ul class="held">
                  {r.items.map((i, n) => (
                    <li key={n}>{heldItem(i, r.tz)}</li>
                  ))}
                </ul>
              </span>
              <span class="actions">
                <button
                  type="button"
                  class="danger"
                  onClick={() =>
                    void act(client.reservations.release(r.id), `Hold #${r.id} released.`).then(focusMessage)
                  }
                >
                  Release hold #{r.id}
                </button>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
