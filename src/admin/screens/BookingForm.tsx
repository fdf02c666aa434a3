/**
 * Add booking (`#/bookings/new?variant=&date=&time=`): a phone or walk-in customer, a product
 * and variant, the days or the time, the units and the product's questions. The service judges
 * it against capacity as any booking: a refusal is said in words beside the form and nothing is
 * booked; once booked, the new booking opens.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { Question } from '../../client/index.ts';
import { client, problemOf } from '../api.ts';
import { Field, focusMessage, useStatus, wholeNumberOf } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import {
  answerErrors,
  askedAnswers,
  back,
  type BookingCustomer,
  createBooking,
  dayCountOf,
  fieldsWith,
  refusalWords,
  variantById,
} from '../models/booking-edit.ts';
import { catalog, ensureCatalog, products } from '../models/catalog.ts';
import { screenHref } from '../models/session.ts';
import { useResource } from '../models/use-resource.ts';
import { AnswerFields, CustomerFields } from './BookingFields.tsx';
import { PeriodFields, periodDraft, periodLabels, periodOf, type PeriodVariant } from './BookingPeriod.tsx';

/** The form's labels by the API's field paths, for a 422's messages. */
const LABELS = {
  'items[0].quantity': 'Units',
  'items[0].external_id': 'Product and variant',
  'customers[0].first_name': 'First name',
  'customers[0].last_name': 'Last name',
  'customers[0].email': 'Email',
  'customers[0].phone': 'Phone',
};

/** The Add booking form, prefilled from the address's `variant`, `date` and `time`. */
export function BookingForm(props: { query: Record<string, string> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const variantId = useSignal(props.query.variant ?? '');
  const period = useSignal(periodDraft(props.query.date ?? '', props.query.time ?? ''));
  const units = useSignal('1');
  const customer = useSignal<BookingCustomer>({ first_name: '', last_name: '', email: '', phone: '' });
  const answers = useSignal<Record<string, string>>({});
  const errors = useSignal<Record<string, string[]>>({});
  const busy = useSignal(false);
  const { message, problem, say } = useStatus();
  useEffect(() => {
    void ensureCatalog();
    back.fromDetail = true;
    heading.current?.focus();
  }, []);
  const chosen = variantById(variantId.value);
  const questions = useResource(
    () => variantById(variantId.value)?.product.id,
    (id, signal): Promise<Question[]> => (id ? client.questions.list(id, { signal }) : Promise.resolve([])),
  );
  const count = wholeNumberOf(units.value) ?? 1;
  const asked = chosen ? askedAnswers(questions.data.value ?? [], chosen.variant.id, count) : [];
  const pv: PeriodVariant | undefined = chosen && {
    externalId: chosen.variant.external_id,
    slots: chosen.variant.booking === 'slots',
    count: dayCountOf(chosen.variant.external_id),
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy.value) return;
    say(null);
    const found: Record<string, string[]> = {};
    if (!chosen || !pv) found['items[0].external_id'] = ['choose a product and variant'];
    const quantity = wholeNumberOf(units.value);
    if (quantity === undefined || quantity < 1) found['items[0].quantity'] = ['enter a whole number of at least 1'];
    const when = pv ? periodOf(period.value, pv) : { errors: {} };
    if ('errors' in when) Object.assign(found, when.errors);
    Object.assign(found, answerErrors(asked, answers.value));
    errors.value = found;
    if (Object.keys(found).length || !chosen || 'errors' in when) {
      say('Not booked: fix the fields marked above.', true);
      focusMessage();
      return;
    }
    const { phone, ...named } = customer.value;
    busy.value = true;
    try {
      const booking = await createBooking({
        ...when,
        items: [{ external_id: chosen.variant.external_id, quantity: quantity! }],
        customers: [{ ...named, ...(phone?.trim() && { phone: phone.trim() }) }],
        fields: fieldsWith(asked, answers.value),
      });
      location.hash = screenHref('bookings', [String(booking.id)]);
    } catch (error) {
      const p = problemOf(error, { ...LABELS, ...(pv && periodLabels(pv)) }, 'Not booked');
      errors.value = p.fields;
      say(Object.keys(p.fields).length ? p.message.replace('below', 'above') : refusalWords(error, 'Not booked'), true);
      focusMessage();
    } finally {
      busy.value = false;
    }
  };
  const e = errors.value;
  return (
    <section class="card">
      <h2 tabIndex={-1} ref={heading}>
        Add booking
      </h2>
      <p>
        <a href={screenHref('bookings')}>Back to bookings</a>
      </p>
      <form onSubmit={submit} aria-label="Add booking" noValidate>
        <CustomerFields value={customer.value} onChange={(c) => (customer.value = c)} errors={e} />
        <Field label="Product and variant" errors={e['items[0].external_id']}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              value={chosen ? String(chosen.variant.id) : ''}
              onChange={(x) => {
                variantId.value = x.currentTarget.value;
                // Another variant keeps the day chosen; its times are its own.
                period.value = periodDraft(period.value.first || period.value.date);
              }}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            >
              <option value="">Choose…</option>
              {products.value?.map((p) => (
                <optgroup key={p.id} label={p.title}>
                  {p.variants.map((v) => (
                    <option key={v.id} value={String(v.id)}>
                      {v.title === 'Default Title' ? p.title : `${p.title} – ${v.title}`}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </Field>
        <Field label="Units" errors={e['items[0].quantity']}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="text"
              inputMode="numeric"
              value={units.value}
              onInput={(x) => (units.value = x.currentTarget.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        {pv && (
          <PeriodFields
            variant={pv}
            value={period.value}
            onChange={(p) => (period.value = p)}
            units={count}
            errors={e}
          />
        )}
        <AnswerFields asked={asked} answers={answers.value} onChange={(a) => (answers.value = a)} errors={e} />
        <ScreenStatus message={message} problem={problem} loads={[catalog, questions]} />
        <button type="submit" class="primary" aria-disabled={busy.value}>
          {busy.value ? 'Booking…' : 'Book'}
        </button>
      </form>
    </section>
  );
}
