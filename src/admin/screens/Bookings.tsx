/**
 * Bookings and live holds: coming bookings first (those finishing from today in the shop's
 * zone; the API lists by start and has no other order), or all from the oldest; search and
 * filter (a search asks once typing pauses; an older answer never replaces a newer one); a page
 * at a time with Previous and Next (`models/bookings-page.ts`); a booking's summary, cancel it
 * (two steps), open it (`#/bookings/<id>`, BookingDetail.tsx), add one (`#/bookings/new`,
 * BookingForm.tsx); and release a live hold (two steps, HoldsList.tsx).
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { client, messageOf } from '../api.ts';
import { ConfirmButton, Field, useStatus } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { BookingAnswers, answersLine } from './BookingAnswers.tsx';
import { BookingsExport } from './BookingsExport.tsx';
import { BookingDetail } from './BookingDetail.tsx';
import { BookingForm } from './BookingForm.tsx';
import { HoldsList } from './HoldsList.tsx';
import { Pager } from './BookingsPager.tsx';
import { back } from '../models/booking-edit.ts';
import { catalog, ensureCatalog } from '../models/catalog.ts';
import { type BookingsQuery, itemsOf, loadBookingsPage, PER, periodOf, slotFilter } from '../models/bookings-page.ts';
import { routeDetail, screenHref, shopToday } from '../models/session.ts';
import { useDebounced, useResource } from '../models/use-resource.ts';

/** The bookings screen: the list, or (by the address) a booking or the form to add one. */
export function Bookings() {
  const [first] = routeDetail.value.path;
  if (first === 'new') return <BookingForm query={routeDetail.value.query} />;
  if (first && /^\d+$/.test(first)) return <BookingDetail key={first} id={Number(first)} />;
  return <BookingsList />;
}

/** The list of bookings and the live holds. */
function BookingsList() {
  const q = useSignal('');
  const status = useSignal<BookingsQuery['status']>('');
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The products and widgets name a hold's days as its widget counts them.
    void ensureCatalog();
    if (back.fromDetail) heading.current?.focus();
    back.fromDetail = false;
  }, []);
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
        <h2 tabIndex={-1} ref={heading}>
          Bookings
        </h2>
        <p class="row">
          <a class="button" href={screenHref('bookings', ['new'])}>
            Add booking
          </a>
        </p>
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
                onChange={(e) => ((status.value = e.currentTarget.value as BookingsQuery['status']), (page.value = 1))}
              >
                <option value="">Any</option>
                <option value="confirmed">Confirmed</option>
                <option value="pending">Pending</option>
                <option value="cancelled">Cancelled</option>
                <option value="refund">Refund due</option>
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
        <BookingsExport status={status.value === 'refund' ? '' : status.value} />
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
        {shown && shown.bookings.length > 0 && (
          <Pager
            noun="Bookings"
            per={PER}
            shown={{ ...shown, count: shown.bookings.length }}
            go={(by) => (page.value = shown.page + by)}
          />
        )}
        <ul class="list">
          {bookings?.map((b) => (
            <li key={b.id}>
              <details>
                <summary>
                  #{b.id} · {periodOf(b)} · {itemsOf(b)} · {b.customers[0]?.email ?? ''} · {b.status}
                  {b.refund_due && <strong class="refund-due"> · refund due</strong>}
                  {b.fields.length > 0 && <span class="hint"> · {answersLine(b.fields)}</span>}
                </summary>
                <p>
                  Customers:{' '}
                  {b.customers.map((c) => `${c.first_name} ${c.last_name} <${c.email}>`).join(', ') || 'none'}
                </p>
                {b.tags.length > 0 && <p>Tags: {b.tags.join(', ')}</p>}
                <BookingAnswers fields={b.fields} />
                <p class="row">
                  <a class="button" href={screenHref('bookings', [String(b.id)])}>
                    Open booking #{b.id}
                  </a>
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
                </p>
              </details>
            </li>
          ))}
        </ul>
      </section>
      <HoldsList
        holds={holds.data.value}
        release={(r) => act(client.reservations.release(r.id), `Hold #${r.id} released.`)}
      />
    </>
  );
}
