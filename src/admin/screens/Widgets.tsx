/**
 * Widgets: each widget's settings in a form, saved with PUT (settings merge key by key), and
 * beside them the real storefront widget for one of its products, loaded from this service
 * (it reads and holds through the admin's session: no token on the page) and made afresh after
 * each save. A held preview day is a real hold: release it in "Bookings and holds".
 * @module
 */
import { useSignal, useSignalEffect } from '@preact/signals';
import { createElement } from 'preact';
import type { Widget } from '../../client/index.ts';
import { client, fieldsOf, messageOf } from '../api.ts';
import { Field, Status } from '../components/bits.tsx';
import { loadCatalog, products, widgets } from '../models/catalog.ts';

const NUMBERS = [
  ['lead_days', 'Days of notice (lead time)'],
  ['horizon_days', 'Days ahead that can be booked'],
  ['min_days', 'Shortest booking, days'],
  ['max_days', 'Longest booking, days'],
  ['quantity_min', 'Fewest units'],
  ['quantity_max', 'Most units'],
  ['hold_minutes', 'Minutes a hold lasts'],
] as const;

let scriptAdded = false;
function loadWidgetScript(): void {
  if (scriptAdded) return;
  scriptAdded = true;
  const script = document.createElement('script');
  script.src = '/booking-widget.js';
  script.defer = true;
  document.head.append(script);
}

function WidgetForm(props: { widget: Widget; onSaved: () => void }) {
  const w = props.widget;
  // A date widget books one day: its day limits are not the merchant's to set.
  const numbers = NUMBERS.filter(([k]) => w.type === 'range' || (k !== 'min_days' && k !== 'max_days'));
  const values = useSignal<Record<string, string>>(Object.fromEntries([...NUMBERS.map(([k]) => [k, String(w.settings[k])]), ['count', w.settings.count], ['pricing', w.settings.pricing], ['title', w.title]]));
  const errors = useSignal<Record<string, string[]>>({});
  const message = useSignal<string | null>(null);
  const problem = useSignal<string | null>(null);
  const set = (key: string) => (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) => (values.value = { ...values.value, [key]: e.currentTarget.value });
  const save = async (event: Event) => {
    event.preventDefault();
    const v = values.value;
    const settings = Object.fromEntries(numbers.map(([k]) => [k, Number(v[k])]));
    try {
      await client.widgets.update(w.id, { title: v.title, settings: { ...settings, count: v.count as 'days' | 'nights', pricing: v.pricing as 'booking' | 'day' | 'night' } });
      message.value = `“${v.title}” saved; the preview shows it.`;
      problem.value = null;
      errors.value = {};
      props.onSaved();
    } catch (error) {
      errors.value = fieldsOf(error);
      problem.value = messageOf(error);
    }
  };
  const e = errors.value;
  return (
    <form onSubmit={save} aria-label={`Settings of ${w.title}`}>
      <Field label="Title" errors={e.title}>{({ id }) => <input id={id} value={values.value.title} onInput={set('title')} />}</Field>
      <div class="row">
        {numbers.map(([key, label]) => (
          <Field key={key} label={label} errors={e[`settings.${key}`]}>
            {({ id, describedBy, invalid }) => <input id={id} type="number" style="width:8em" value={values.value[key]} onInput={set(key)} aria-describedby={describedBy} aria-invalid={invalid} />}
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
      <Status message={message.value} />
      <Status message={problem.value} error />
      <p><button class="primary" type="submit">Save {w.title}</button></p>
    </form>
  );
}

/** The widgets screen. */
export function Widgets() {
  const chosen = useSignal<number | null>(null);
  const saved = useSignal(0);
  useSignalEffect(() => {
    void loadCatalog();
    loadWidgetScript();
  });
  const list = widgets.value ?? [];
  const w = list.find((x) => x.id === chosen.value) ?? list[0];
  const product = products.value?.find((p) => p.external_id === w?.external_product_ids[0]);
  return (
    <section class="card">
      <h2 tabIndex={-1}>Widgets</h2>
      <Field label="Widget">
        {({ id }) => (
          <select id={id} value={w ? String(w.id) : ''} onChange={(e) => (chosen.value = Number(e.currentTarget.value))}>
            {list.map((x) => <option key={x.id} value={String(x.id)}>{x.title} ({x.type})</option>)}
          </select>
        )}
      </Field>
      {w && (
        <div class="split">
          <WidgetForm key={w.id} widget={w} onSaved={() => ((saved.value += 1), void loadCatalog())} />
          <div>
            <h3>Preview</h3>
            {!product?.variants[0] ? (
              <p>Place this widget on a product to preview it.</p>
            ) : (
              createElement('booking-widget', { key: `${w.id}-${saved.value}`, api: location.origin, product: String(product.external_id), variant: String(product.variants[0].external_id), 'cart-token': 'admin-preview' })
            )}
          </div>
        </div>
      )}
    </section>
  );
}
