/**
 * One widget's settings, saved with PUT: title, type, language, products, first day of the
 * week, the day and quantity limits, hold minutes, days or nights, pricing. A date widget books
 * one day, so its day limits are not shown (the service refuses any but 1). An emptied number
 * is an error beside its field and nothing is sent. "Most units" above every capacity of its
 * products' variants is saved, with a notice that shoppers are offered no more than exists.
 * @module
 */
import { useSignal } from '@preact/signals';
import type { Widget, WidgetUpdateParams } from '../../client/index.ts';
import { client, problemOf } from '../api.ts';
import { Field, readNumbers } from '../components/bits.tsx';
import { session } from '../models/session.ts';
import {
  capacityNotice,
  mostUnitsFor,
  ProductChoice,
  productErrors,
  TypeField,
  type WidgetType,
} from './WidgetFields.tsx';
import type { Say } from './VariantRow.tsx';

const NUMBERS = [
  ['lead_days', 'Days of notice (lead time)'],
  ['horizon_days', 'Days ahead that can be booked'],
  ['min_days', 'Shortest booking, days'],
  ['max_days', 'Longest booking, days'],
  ['quantity_min', 'Fewest units'],
  ['quantity_max', 'Most units'],
  ['hold_minutes', 'Minutes a hold lasts'],
] as const;

/** What a number means to the shopper, under its field. */
const HINTS: Partial<Record<(typeof NUMBERS)[number][0], string>> = {
  lead_days: 'How many days ahead a booking must be made; 0: today can be booked.',
  horizon_days: 'How far ahead the calendar lets shoppers book.',
  quantity_max: 'The most a shopper may book at once.',
  hold_minutes: 'How long chosen dates are kept for a shopper while they check out.',
};

/** The form's labels by API field path, for the service's field messages. */
const LABELS: Record<string, string> = {
  title: 'Title',
  type: 'Type',
  locale: 'Language',
  external_product_ids: 'Products it is on',
  'settings.first_day_of_week': 'First day of the week',
  'settings.count': 'A range counts',
  'settings.pricing': 'The price is',
  ...Object.fromEntries(NUMBERS.map(([key, label]) => [`settings.${key}`, label])),
};

/** "Most units" said with what its products have: no shopper is offered more than a variant has. */
function mostUnitsHint(externalProductIds: number[]): string {
  const most = mostUnitsFor(externalProductIds);
  return most === undefined
    ? (HINTS.quantity_max ?? '')
    : `${HINTS.quantity_max} Its products have at most ${most}; no one is offered more than a variant has.`;
}

/** The languages the storefront widget speaks, each named in itself. */
const LANGUAGES = [
  ['en', 'English'],
  ['de', 'Deutsch'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['ja', '日本語'],
  ['ar', 'العربية'],
] as const;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The settings form of `widget`; `onSaved` reloads what shows it (the list, the preview). */
export function WidgetForm(props: { widget: Widget; say: Say; onSaved: () => void }) {
  const w = props.widget;
  const shopLocale = session.value?.shop.locale ?? 'en';
  // The record's locale is the widget's own or else the shop's: the shop's shows as "the shop's".
  const locale = useSignal(w.locale === shopLocale ? '' : w.locale);
  const sentLocale = useSignal(locale.value);
  const type = useSignal<WidgetType>(w.type);
  const productIds = useSignal<number[]>(w.external_product_ids);
  const values = useSignal<Record<string, string>>({
    ...Object.fromEntries(NUMBERS.map(([k]) => [k, String(w.settings[k])])),
    title: w.title,
    count: w.settings.count,
    pricing: w.settings.pricing,
    first_day_of_week: w.settings.first_day_of_week === null ? '' : String(w.settings.first_day_of_week),
  });
  const errors = useSignal<Record<string, string[]>>({});
  /** After a save: "Most units" is above what its products have (saved all the same: the widget offers what exists). */
  const notice = useSignal<string | undefined>(undefined);
  const set = (key: string) => (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
    (values.value = { ...values.value, [key]: e.currentTarget.value });
  const numbers = NUMBERS.filter(([k]) => type.value === 'range' || (k !== 'min_days' && k !== 'max_days'));
  const save = async (event: Event) => {
    event.preventDefault();
    // A new save empties the last one's message: an error must not stand under "saved".
    props.say(null);
    notice.value = undefined;
    const v = values.value;
    const read = readNumbers(
      v,
      numbers.map(([k]) => k),
      'settings.',
    );
    const title = v.title!.trim();
    const bad = { ...read.errors, ...(!title && { title: ['enter a title'] }) };
    errors.value = bad;
    if (Object.keys(bad).length) {
      props.say('Not saved: fix the fields marked below.', true);
      return;
    }
    const body: WidgetUpdateParams = {
      title,
      type: type.value,
      external_product_ids: productIds.value,
      settings: {
        ...read.numbers,
        count: v.count as 'days' | 'nights',
        pricing: v.pricing as 'booking' | 'day' | 'night',
        first_day_of_week: v.first_day_of_week === '' ? null : Number(v.first_day_of_week),
      },
      // Sent only when changed: an unchanged "the shop's" must stay null, not become its value.
      ...(locale.value !== sentLocale.value && { locale: locale.value || null }),
    };
    try {
      await client.widgets.update(w.id, body);
      sentLocale.value = locale.value;
      props.say(`“${title}” saved; the preview shows it.`);
      notice.value = capacityNotice(productIds.value, body.settings!.quantity_max ?? w.settings.quantity_max);
      props.onSaved();
    } catch (error) {
      const problem = problemOf(error, LABELS);
      errors.value = problem.fields;
      props.say(problem.message, true);
    }
  };
  const e = errors.value;
  return (
    <form onSubmit={save} aria-label={`Settings of ${w.title}`}>
      <Field label="Title" errors={e.title}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            value={values.value.title}
            onInput={set('title')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <div class="row">
        <TypeField value={type.value} onChange={(t) => (type.value = t)} errors={e.type} />
        <Field label="Language" errors={e.locale}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              value={locale.value}
              onChange={(x) => (locale.value = x.currentTarget.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            >
              <option value="">
                The shop's ({LANGUAGES.find(([tag]) => tag === shopLocale.split('-')[0])?.[1] ?? shopLocale})
              </option>
              {LANGUAGES.map(([tag, name]) => (
                <option key={tag} value={tag} lang={tag}>
                  {name}
                </option>
              ))}
              {locale.value && !LANGUAGES.some(([tag]) => tag === locale.value) && (
                <option value={locale.value}>{locale.value}</option>
              )}
            </select>
          )}
        </Field>
        <Field label="First day of the week" errors={e['settings.first_day_of_week']}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              value={values.value.first_day_of_week}
              onChange={set('first_day_of_week')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            >
              <option value="">As the shopper's language has it</option>
              {WEEKDAYS.map((name, n) => (
                <option key={name} value={String(n)}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <ProductChoice
        legend="Products it is on"
        idPrefix={`w${w.id}`}
        chosen={productIds.value}
        onChange={(ids) => (productIds.value = ids)}
        errors={productErrors(e)}
      />
      <div class="row">
        {numbers.map(([key, label]) => (
          <Field
            key={key}
            label={label}
            hint={key === 'quantity_max' ? mostUnitsHint(productIds.value) : HINTS[key]}
            errors={e[`settings.${key}`]}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="number"
                style="width:8em"
                value={values.value[key]}
                onInput={set(key)}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
        ))}
      </div>
      <div class="row">
        <Field label="A range counts" errors={e['settings.count']}>
          {({ id }) => (
            <select id={id} value={values.value.count} onChange={set('count')}>
              <option value="days">Days (the last day is held)</option>
              <option value="nights">Nights (the last day is check-out)</option>
            </select>
          )}
        </Field>
        <Field label="The price is" errors={e['settings.pricing']}>
          {({ id }) => (
            <select id={id} value={values.value.pricing} onChange={set('pricing')}>
              <option value="booking">Per booking</option>
              <option value="day">Per day</option>
              <option value="night">Per night</option>
            </select>
          )}
        </Field>
      </div>
      <p>
        <button class="primary" type="submit">
          Save {w.title}
        </button>
      </p>
      <p class="hint" role="status">
        {notice.value ?? ''}
      </p>
    </form>
  );
}
