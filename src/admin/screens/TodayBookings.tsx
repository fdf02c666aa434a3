/**
 * The bookings of a day as a list the shopkeeper works through: who (a link that opens the
 * booking), what and how many, when, and every answer to the product's questions in full.
 * @module
 */
import type { Booking } from '../../client/index.ts';
import { customersOf, periodOf, unitsOf } from '../models/booking-days.ts';
import { screenHref } from '../models/session.ts';

/** One booking: its customers (opening it), units, period and answers. */
function BookingEntry(props: { booking: Booking }) {
  const b = props.booking;
  return (
    <li>
      <p class="today-who">
        <a href={screenHref('bookings', [String(b.id)])}>{customersOf(b)}</a>{' '}
        <span class="hint">
          #{b.id}
          {b.status === 'pending' && ' · not confirmed yet'}
        </span>
      </p>
      <p class="today-what">
        {unitsOf(b)} · {periodOf(b)}
      </p>
      {b.fields.length > 0 && (
        <dl class="today-answers" aria-label={`Answers of booking #${b.id}`}>
          {b.fields.map((f, i) => (
            <div key={i}>
              <dt>{f.name}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/** A titled list of bookings ("Pick-ups"), or `empty` when there are none. */
export function TodayBookings(props: { title: string; bookings: Booking[]; empty: string; level?: 3 | 4 }) {
  const Heading = props.level === 4 ? 'h4' : 'h3';
  return (
    <section class="today-part" aria-label={props.title}>
      <Heading>
        {props.title} <span class="count">({props.bookings.length})</span>
      </Heading>
      {props.bookings.length === 0 ? (
        <p class="hint">{props.empty}</p>
      ) : (
        <ul class="list today-list">
          {props.bookings.map((b) => (
            <BookingEntry key={b.id} booking={b} />
          ))}
        </ul>
      )}
    </section>
  );
}
