/**
 * The changes of one booking (PATCH /v1/bookings/{id}): Move it to other days or another time,
 * Change its units, Edit its customer and answers. Each is a small form; the service judges a
 * move or more units against capacity without the booking's own units, and a refusal is said in
 * words beside the form with nothing changed.
 * @module
 */
import { useSignal } from '@preact/signals';
import type { Booking, Question } from '../../client/index.ts';
import { problemOf } from '../api.ts';
import { Field, focusMessage, type Say, wholeNumberOf } from '../components/bits.tsx';
import {
  answerErrors,
  askedAnswers,
  type BookingChange,
  type BookingCustomer,
  changeBooking,
  dayCountOf,
  daysOf,
  fieldsWith,
  refusalWords,
  variantById,
} from '../models/booking-edit.ts';
import { AnswerFields, CustomerFields } from './BookingFields.tsx';
import { PeriodFields, periodDraft, periodLabels, periodOf, type PeriodVariant } from './BookingPeriod.tsx';

/** What every change form is given: the booking, the screen's status, and what to do once changed. */
interface ChangeProps {
  booking: Booking;
  say: Say;
  done: (changed: Booking, words: string) => void;
}

/** Sends `change`; a refusal goes to the screen's alert (and its fields' messages to `errors`). */
async function send(props: ChangeProps, change: BookingChange, labels: Record<string, string>, words: string) {
  props.say(null);
  try {
    props.done(await changeBooking(props.booking.id, change), words);
    return {};
  } catch (error) {
    const p = problemOf(error, labels, 'Not changed');
    props.say(Object.keys(p.fields).length ? p.message : refusalWords(error, 'Not changed'), true);
    focusMessage();
    return p.fields;
  }
}

/** How the booking's first item is booked: by days (counted as its widget counts) or by times. */
export function periodVariantOf(b: Booking): PeriodVariant {
  const item = b.items[0];
  const found = item ? variantById(item.variant_id) : undefined;
  const externalId = item?.external_id ?? 0;
  return { externalId, slots: found?.variant.booking === 'slots', count: dayCountOf(externalId) };
}

/** Move: other days, or another day and time. */
export function MoveForm(props: ChangeProps) {
  const pv = periodVariantOf(props.booking);
  const start = props.booking.starts_at_local;
  const days = daysOf(props.booking, pv.count);
  const draft = useSignal(
    pv.slots
      ? periodDraft(start.slice(0, 10), start.slice(11, 16))
      : { ...periodDraft(), first: days.first, last: days.last },
  );
  const errors = useSignal<Record<string, string[]>>({});
  const units = props.booking.items[0]?.quantity ?? 1;
  const submit = async (event: Event) => {
    event.preventDefault();
    const when = periodOf(draft.value, pv);
    if ('errors' in when) {
      errors.value = when.errors;
      return;
    }
    errors.value = await send(props, when, periodLabels(pv), `Booking #${props.booking.id} moved.`);
  };
  return (
    <form onSubmit={submit} aria-label={`Move booking #${props.booking.id}`} noValidate>
      <PeriodFields
        variant={pv}
        value={draft.value}
        onChange={(d) => (draft.value = d)}
        units={units}
        errors={errors.value}
      />
      <p class="row">
        <button type="submit" class="primary">
          Move booking
        </button>
      </p>
    </form>
  );
}

/** Change units: each item's units. */
export function UnitsForm(props: ChangeProps) {
  const values = useSignal(props.booking.items.map((i) => String(i.quantity)));
  const errors = useSignal<Record<string, string[]>>({});
  const labels = Object.fromEntries(
    props.booking.items.map((item, n) => [
      `items[${n}].quantity`,
      `Units of ${item.product_title} – ${item.variant_title}`,
    ]),
  );
  const submit = async (event: Event) => {
    event.preventDefault();
    const numbers = values.value.map(wholeNumberOf);
    const bad = Object.fromEntries(
      numbers.flatMap((n, i) =>
        n === undefined || n < 1 ? [[`items[${i}].quantity`, ['enter a whole number of at least 1']]] : [],
      ),
    );
    errors.value = bad;
    if (Object.keys(bad).length) return;
    const items = props.booking.items.map((item, i) => ({ external_id: item.external_id, quantity: numbers[i]! }));
    errors.value = await send(
      props,
      { items },
      labels,
      `Booking #${props.booking.id} now has ${items.map((i) => i.quantity).join(' + ')} ${items.length === 1 && items[0]!.quantity === 1 ? 'unit' : 'units'}.`,
    );
  };
  return (
    <form onSubmit={submit} aria-label={`Change units of booking #${props.booking.id}`} noValidate>
      {props.booking.items.map((_item, n) => (
        <Field key={n} label={labels[`items[${n}].quantity`]!} errors={errors.value[`items[${n}].quantity`]}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="text"
              inputMode="numeric"
              value={values.value[n]}
              onInput={(e) => (values.value = values.value.map((v, i) => (i === n ? e.currentTarget.value : v)))}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
      ))}
      <p class="row">
        <button type="submit" class="primary">
          Change units
        </button>
      </p>
    </form>
  );
}

/** Edit: the first customer (others stay as they are) and the answers to the product's questions. */
export function DetailsForm(props: ChangeProps & { questions: Question[] }) {
  const b = props.booking;
  const first = b.customers[0] as BookingCustomer | undefined;
  const customer = useSignal<BookingCustomer>({
    first_name: first?.first_name ?? '',
    last_name: first?.last_name ?? '',
    email: first?.email ?? '',
    phone: first?.phone ?? '',
  });
  const asked = b.items.flatMap((i) => askedAnswers(props.questions, i.variant_id, i.quantity));
  const answers = useSignal(Object.fromEntries(b.fields.map((f) => [f.name, f.value])));
  const errors = useSignal<Record<string, string[]>>({});
  const submit = async (event: Event) => {
    event.preventDefault();
    const bad = answerErrors(asked, answers.value);
    errors.value = bad;
    if (Object.keys(bad).length) return;
    const { phone, ...named } = customer.value;
    const customers = [{ ...named, ...(phone?.trim() && { phone: phone.trim() }) }, ...b.customers.slice(1)];
    const labels = {
      'customers[0].first_name': 'First name',
      'customers[0].last_name': 'Last name',
      'customers[0].email': 'Email',
      'customers[0].phone': 'Phone',
    };
    errors.value = await send(
      props,
      { customers, fields: fieldsWith(asked, answers.value, b.fields) },
      labels,
      `Booking #${b.id} saved.`,
    );
  };
  return (
    <form onSubmit={submit} aria-label={`Edit booking #${b.id}`} noValidate>
      <CustomerFields value={customer.value} onChange={(c) => (customer.value = c)} errors={errors.value} />
      <AnswerFields asked={asked} answers={answers.value} onChange={(a) => (answers.value = a)} errors={errors.value} />
      <p class="row">
        <button type="submit" class="primary">
          Save customer and answers
        </button>
      </p>
    </form>
  );
}
