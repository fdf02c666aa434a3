/**
 * A booking's answers to the product's questions (its `fields`, the seed's `{name, value}`):
 * in full on the booking, and in a line the bookings list shows beside each booking.
 * @module
 */
import type { Booking } from '../../client/index.ts';

/** The most characters of answers the list's line shows. */
const LINE = 90;

/** The answers as one line for the list ("Rider's name #1: Ana; Waiver: Yes"), cut to fit; '' without any. */
export function answersLine(fields: Booking['fields']): string {
  const line = fields.map((f) => `${f.name}: ${f.value.replace(/\s+/g, ' ')}`).join('; ');
  return line.length > LINE ? `${line.slice(0, LINE - 1)}…` : line;
}

/** The answers in full, each question with its answer; nothing without any. */
export function BookingAnswers(props: { fields: Booking['fields'] }) {
  if (props.fields.length === 0) return null;
  return (
    <div class="answers">
      <h4>Answers</h4>
      <dl>
        {props.fields.map((f, i) => (
          <div key={i}>
            <dt>{f.name}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
