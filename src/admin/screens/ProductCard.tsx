/**
 * One product: its title, vendor, Shopify id and location (edit them in a form), its variants' table,
 * a form to add a variant, and delete (asks first; refused in words while bookings or holds
 * refer to any of its variants).
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { Product } from '../../client/index.ts';
import { client, problemOf } from '../api.ts';
import { ConfirmButton, Field, focusMessage, readNumbers } from '../components/bits.tsx';
import { LocationField, locationIdOf, locationValueOf } from '../components/LocationField.tsx';
import { loadCatalog, locationName, refusalOf } from '../models/catalog.ts';
import { QuestionsEditor } from './QuestionsEditor.tsx';
import { ScheduleEditor } from './ScheduleEditor.tsx';
import { VariantRequirements } from './VariantRequirements.tsx';
import { CalendarImports } from './CalendarImports.tsx';
import { VariantRow, type Say } from './VariantRow.tsx';

/** The form open under the table: the product's, a new variant's, or a variant's times of day (by its id). */
type Open = 'edit' | 'variant' | { schedule: number } | null;

/** The form that changes a product's title, vendor, Shopify id and location. */
function ProductEdit(props: { product: Product; say: Say; close: () => void }) {
  const p = props.product;
  const values = useSignal({
    title: p.title,
    vendor: p.vendor ?? '',
    external_id: String(p.external_id),
    location: locationValueOf(p.location_id),
  });
  const errors = useSignal<Record<string, string[]>>({});
  const set = (key: keyof typeof values.value) => (e: { currentTarget: HTMLInputElement }) =>
    (values.value = { ...values.value, [key]: e.currentTarget.value });
  const save = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    const { numbers, errors: bad } = readNumbers(values.value, ['external_id'] as const);
    const title = values.value.title.trim();
    if (!title) bad.title = ['enter a title'];
    errors.value = bad;
    if (Object.keys(bad).length) return;
    try {
      await client.products.update(p.id, {
        title,
        vendor: values.value.vendor.trim() || null,
        external_id: numbers.external_id,
        location_id: locationIdOf(values.value.location),
      });
      props.say(`${title} saved.`);
      props.close();
      await loadCatalog();
      focusMessage();
    } catch (error) {
      const problem = problemOf(
        error,
        { title: 'Title', vendor: 'Vendor', external_id: 'Product id', location_id: 'Location' },
        `${p.title} not saved`,
      );
      errors.value = problem.fields;
      props.say(problem.message, true);
    }
  };
  const e = errors.value;
  return (
    <form onSubmit={save} aria-label={`Edit ${p.title}`}>
      <div class="row">
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
        <Field label="Vendor" errors={e.vendor}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              value={values.value.vendor}
              onInput={set('vendor')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <Field label="Product id" errors={e.external_id}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              inputMode="numeric"
              value={values.value.external_id}
              onInput={set('external_id')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <LocationField
          value={values.value.location}
          onChange={(location) => (values.value = { ...values.value, location })}
          errors={e.location_id}
        />
      </div>
      <p class="row">
        <button class="primary" type="submit">
          Save product
        </button>
        <button type="button" onClick={props.close}>
          Cancel
        </button>
      </p>
    </form>
  );
}

/** The form that adds a variant to a product. */
function VariantAdd(props: { product: Product; say: Say; close: () => void }) {
  const p = props.product;
  const values = useSignal({ external_id: '', title: '', capacity: '1' });
  const errors = useSignal<Record<string, string[]>>({});
  const set = (key: keyof typeof values.value) => (e: { currentTarget: HTMLInputElement }) =>
    (values.value = { ...values.value, [key]: e.currentTarget.value });
  const add = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    const { numbers, errors: bad } = readNumbers(values.value, ['external_id', 'capacity'] as const);
    const title = values.value.title.trim();
    if (!title) bad.title = ['enter a title'];
    errors.value = bad;
    if (Object.keys(bad).length) return;
    try {
      await client.products.createVariant(p.id, {
        title,
        external_id: numbers.external_id,
        capacity: numbers.capacity,
      });
      props.say(`${title} added to ${p.title}.`);
      props.close();
      await loadCatalog();
      focusMessage();
    } catch (error) {
      const problem = problemOf(
        error,
        { external_id: 'Variant id', title: 'Variant title', capacity: 'Capacity a day' },
        'The variant was not added',
      );
      errors.value = problem.fields;
      props.say(problem.message, true);
    }
  };
  const e = errors.value;
  return (
    <form onSubmit={add} aria-label={`Add a variant to ${p.title}`}>
      <div class="row">
        <Field label="Variant id" errors={e.external_id}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              inputMode="numeric"
              value={values.value.external_id}
              onInput={set('external_id')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <Field label="Variant title" errors={e.title}>
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
        <Field label="Capacity a day" errors={e.capacity}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="number"
              min={0}
              value={values.value.capacity}
              onInput={set('capacity')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
      </div>
      <p class="row">
        <button class="primary" type="submit">
          Add variant
        </button>
        <button type="button" onClick={props.close}>
          Cancel
        </button>
      </p>
    </form>
  );
}

/** A product's card; `say` reports what happened. */
export function ProductCard(props: { product: Product; say: Say }) {
  const p = props.product;
  const open = useSignal<Open>(null);
  const area = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  // Opening a form puts the keyboard in its first field; closing one gives it back to the buttons.
  useEffect(() => {
    if (moved.current) area.current?.querySelector<HTMLElement>(open.value ? 'form input' : 'button')?.focus();
  }, [open.value]);
  const show = (which: Open) => ((moved.current = true), (open.value = which));
  const remove = async () => {
    props.say(null);
    try {
      await client.products.delete(p.id);
      props.say(`${p.title} deleted.`);
      await loadCatalog();
    } catch (error) {
      props.say(refusalOf(error, p.title), true);
    }
  };
  // Its id is in the Edit form: the heading names it as a shopkeeper does.
  const where = [p.vendor, p.location_id !== null && locationName(p.location_id)].filter(Boolean).join(', ');
  return (
    <div class="product">
      <h3>
        {p.title} {where && <span class="hint">({where})</span>}
      </h3>
      <div class="table-wrap" tabIndex={0} role="region" aria-label={`Variants of ${p.title}`}>
        <table class="stack">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Variant id</th>
              <th scope="col">{p.variants.some((v) => v.schedule) ? 'Capacity' : 'Capacity a day'}</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {p.variants.map((v) => (
              <VariantRow
                key={`${v.id}-${v.title}-${v.external_id}-${v.capacity}`}
                variant={v}
                say={props.say}
                schedule={() => show({ schedule: v.id })}
              />
            ))}
          </tbody>
        </table>
      </div>
      <details class="questions">
        <summary>Questions asked when booking {p.title}</summary>
        <QuestionsEditor product={p} say={props.say} />
      </details>
      <VariantRequirements product={p} say={props.say} />
      <CalendarImports product={p} say={props.say} />
      <div ref={area}>
        {open.value === 'edit' && <ProductEdit product={p} say={props.say} close={() => show(null)} />}
        {open.value === 'variant' && <VariantAdd product={p} say={props.say} close={() => show(null)} />}
        {typeof open.value === 'object' &&
          open.value !== null &&
          ((id) => {
            const variant = p.variants.find((v) => v.id === id);
            return variant && <ScheduleEditor key={id} variant={variant} say={props.say} close={() => show(null)} />;
          })(open.value.schedule)}
        {open.value === null && (
          <p class="row">
            <button type="button" onClick={() => show('edit')}>
              Edit {p.title}
            </button>
            <button type="button" onClick={() => show('variant')}>
              Add a variant to {p.title}
            </button>
            <ConfirmButton
              label={`Delete ${p.title}`}
              question={`Delete ${p.title} and its ${p.variants.length === 1 ? 'variant' : `${p.variants.length} variants`}? This cannot be undone.`}
              confirmLabel={`Yes, delete ${p.title}`}
              onConfirm={remove}
            />
          </p>
        )}
      </div>
    </div>
  );
}
