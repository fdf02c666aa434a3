/**
 * One booking (`#/bookings/<id>`): when, what, who, its answers and tags, and what the merchant
 * may do with it: Move, Change units, Edit customer and answers, Cancel (two steps). A cancelled
 * booking can only be read; one its customer cancelled says so, with the refund it left
 * (`BookingRefund`).
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { Booking, Question } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';
import { ConfirmButton, focusMessage, useStatus } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { itemsOf, periodOf } from '../models/bookings-page.ts';
import { customerName } from '../models/customers.ts';
import { back, loadBooking, variantById } from '../models/booking-edit.ts';
import { catalog, ensureCatalog } from '../models/catalog.ts';
import { screenHref } from '../models/session.ts';
import { useResource } from '../models/use-resource.ts';
import { BookingAnswers } from './BookingAnswers.tsx';
import { BookingRefund } from './BookingRefund.tsx';
import { DetailsForm, MoveForm, UnitsForm } from './BookingChanges.tsx';
import { BookingResources } from './BookingResources.tsx';

/** The changes offered, by the button that opens each. */
const CHANGES = [
  ['move', 'Move'],
  ['units', 'Change units'],
  ['details', 'Edit customer and answers'],
] as const;

type Change = (typeof CHANGES)[number][0];

/** A booking's status in words. */
const STATUS_WORDS: Record<Booking['status'], string> = {
  confirmed: 'Confirmed',
  pending: 'Pending: its order is not paid yet',
  cancelled: 'Cancelled',
};

/** The questions of the booking's products (for its answers' fields). */
async function questionsOf(b: Booking, signal: AbortSignal): Promise<Question[]> {
  const ids = [...new Set(b.items.map((i) => variantById(i.variant_id)?.product.id).filter((id) => id !== undefined))];
  return (await Promise.all(ids.map((id) => client.questions.list(id, { signal })))).flat();
}

/** Booking `id`, with its actions. */
export function BookingDetail(props: { id: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const open = useSignal<Change | null>(null);
  const { message, problem, say } = useStatus();
  const booking = useResource(() => props.id, loadBooking);
  const questions = useResource(
    () => (booking.data.value && catalog.data.value ? booking.data.value : undefined),
    (b, signal) => (b ? questionsOf(b, signal) : Promise.resolve([])),
  );
  useEffect(() => {
    void ensureCatalog();
    back.fromDetail = true;
    heading.current?.focus();
  }, []);
  const b = booking.data.value;
  // The customer record of the first customer (issue 30): a link to them and their other bookings.
  const customerId = (b as { customer_id?: number | null } | undefined)?.customer_id;
  const done = (_changed: Booking, words: string) => {
    open.value = null;
    say(words);
    void booking.reload().then(focusMessage);
  };
  const cancel = async () => {
    say(null);
    try {
      await client.bookings.cancel(props.id);
      say(`Booking #${props.id} cancelled; its units are free again.`);
      await booking.reload();
    } catch (error) {
      say(messageOf(error), true);
    }
  };
  return (
    <section class="card">
      <h2 tabIndex={-1} ref={heading}>
        Booking #{props.id}
      </h2>
      <p>
        <a href={screenHref('bookings')}>Back to bookings</a>
      </p>
      <ScreenStatus message={message} problem={problem} loads={[booking, catalog]} />
      {b && (
        <>
          <dl class="facts">
            <div>
              <dt>When</dt>
              <dd>{periodOf(b)}</dd>
            </div>
            <div>
              <dt>What</dt>
              <dd>{itemsOf(b)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{STATUS_WORDS[b.status]}</dd>
            </div>
            <div>
              <dt>Customer</dt>
              <dd>
                {b.customers.length === 0
                  ? 'none'
                  : b.customers.map((c, n) => (
                      <span key={n} class="customer">
                        <span>
                          {n === 0 && customerId ? (
                            <a href={screenHref('customers', [String(customerId)])}>{customerName(c)}</a>
                          ) : (
                            customerName(c)
                          )}
                        </span>
                        {c.email && <span>{c.email}</span>}
                        {(c as { phone?: string }).phone && <span>{(c as { phone?: string }).phone}</span>}
                      </span>
                    ))}
              </dd>
            </div>
            {b.tags.length > 0 && (
              <div>
                <dt>Tags</dt>
                <dd>{b.tags.join(', ')}</dd>
              </div>
            )}
          </dl>
          <BookingResources booking={b} say={say} done={done} />
          <BookingAnswers fields={b.fields} />
          <BookingRefund booking={b} say={say} marked={() => void booking.reload().then(focusMessage)} />
          {b.status === 'cancelled' ? (
            <p>This booking is cancelled: it can no longer be changed.</p>
          ) : (
            <>
              <p class="row">
                {CHANGES.map(([key, label]) => (
                  <button
                    key={key}
                    type="button"
                    aria-expanded={open.value === key}
                    onClick={() => ((open.value = open.value === key ? null : key), say(null))}
                  >
                    {label}
                  </button>
                ))}
                <ConfirmButton
                  label={`Cancel booking #${b.id}`}
                  question={`Cancel booking #${b.id} and free its units?`}
                  confirmLabel="Yes, cancel it"
                  onConfirm={cancel}
                />
              </p>
              {/* Whether it moves by days or by times is the catalogue's to say. */}
              {open.value === 'move' && catalog.data.value && (
                <MoveForm key={b.starts_at} booking={b} say={say} done={done} />
              )}
              {open.value === 'units' && <UnitsForm booking={b} say={say} done={done} />}
              {open.value === 'details' && (
                <DetailsForm booking={b} say={say} done={done} questions={questions.data.value ?? []} />
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
