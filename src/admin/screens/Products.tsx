/**
 * Products and variants with their capacity: change a capacity or title in place, add a
 * product (with its first variant) or a variant, delete what nothing depends on.
 * @module
 */
import { useSignal, useSignalEffect } from '@preact/signals';
import type { Variant } from '../../client/index.ts';
import { client, fieldsOf, messageOf } from '../api.ts';
import { ConfirmButton, Field, Status } from '../components/bits.tsx';
import { loadCatalog, products } from '../models/catalog.ts';

function VariantRow(props: { variant: Variant; say: (message: string, error?: boolean) => void }) {
  const v = props.variant;
  const capacity = useSignal(String(v.capacity));
  const save = async () => {
    try {
      await client.variants.update(v.id, { capacity: Number(capacity.value) });
      props.say(`${v.title}: capacity ${capacity.value} a day.`);
      await loadCatalog();
    } catch (error) {
      props.say(`${v.title}: ${Object.values(fieldsOf(error)).flat().join('; ') || messageOf(error)}`, true);
    }
  };
  const remove = async () => {
    try {
      await client.variants.delete(v.id);
      props.say(`${v.title} deleted.`);
      await loadCatalog();
    } catch (error) {
      props.say(messageOf(error), true);
    }
  };
  return (
    <tr>
      <th scope="row">{v.title}</th>
      <td class="num">{v.external_id}</td>
      <td>
        <label class="sr-only" for={`cap-${v.id}`}>Capacity of {v.title} per day</label>
        <input id={`cap-${v.id}`} type="number" min={0} inputMode="numeric" style="width:6em" value={capacity.value} onInput={(e) => (capacity.value = e.currentTarget.value)} />
      </td>
      <td class="row">
        <button type="button" onClick={() => void save()}>Save capacity of {v.title}</button>
        <ConfirmButton label={`Delete ${v.title}`} confirmLabel={`Yes, delete ${v.title}`} onConfirm={remove} />
      </td>
    </tr>
  );
}

/** The products screen. */
export function Products() {
  const message = useSignal<string | null>(null);
  const problem = useSignal<string | null>(null);
  const errors = useSignal<Record<string, string[]>>({});
  const form = useSignal({ external_id: '', title: '', variant_external_id: '', variant_title: '', capacity: '1' });
  useSignalEffect(() => void loadCatalog());
  const say = (text: string, error = false) => ((error ? (problem.value = text) : (message.value = text)), error || (problem.value = null));
  const set = (key: keyof typeof form.value) => (e: { currentTarget: HTMLInputElement }) => (form.value = { ...form.value, [key]: e.currentTarget.value });
  const add = async (event: Event) => {
    event.preventDefault();
    const f = form.value;
    try {
      await client.products.create({ external_id: f.external_id, title: f.title, variants: f.variant_external_id ? [{ external_id: f.variant_external_id, title: f.variant_title || 'Default', capacity: Number(f.capacity) }] : [] });
      say(`${f.title} added.`);
      errors.value = {};
      await loadCatalog();
    } catch (error) {
      errors.value = fieldsOf(error);
      say(messageOf(error), true);
    }
  };
  const e = errors.value;
  return (
    <section class="card">
      <h2 tabIndex={-1}>Products</h2>
      <Status message={message.value} />
      <Status message={problem.value} error />
      {products.value?.map((p) => (
        <div key={p.id}>
          <h3>{p.title} <span class="hint">(product {p.external_id}{p.vendor ? `, ${p.vendor}` : ''})</span></h3>
          <div class="table-wrap" tabIndex={0} role="region" aria-label={`Variants of ${p.title}`}>
            <table>
              <thead><tr><th scope="col">Variant</th><th scope="col" class="num">Platform id</th><th scope="col">Capacity a day</th><th scope="col">Actions</th></tr></thead>
              <tbody>{p.variants.map((v) => <VariantRow key={`${v.id}-${v.capacity}`} variant={v} say={say} />)}</tbody>
            </table>
          </div>
        </div>
      ))}
      <form onSubmit={add} aria-label="Add a product">
        <h3>Add a product</h3>
        <p class="hint">Use the platform's ids: in Shopify's admin, a product's address ends in /products/&lt;id&gt;, a variant's in /variants/&lt;id&gt;.</p>
        <div class="row">
          <Field label="Product id" errors={e.external_id}>{({ id, describedBy, invalid }) => <input id={id} required inputMode="numeric" value={form.value.external_id} onInput={set('external_id')} aria-describedby={describedBy} aria-invalid={invalid} />}</Field>
          <Field label="Title" errors={e.title}>{({ id, describedBy, invalid }) => <input id={id} required value={form.value.title} onInput={set('title')} aria-describedby={describedBy} aria-invalid={invalid} />}</Field>
        </div>
        <div class="row">
          <Field label="Variant id" errors={e['variants[0].external_id']}>{({ id, describedBy, invalid }) => <input id={id} inputMode="numeric" value={form.value.variant_external_id} onInput={set('variant_external_id')} aria-describedby={describedBy} aria-invalid={invalid} />}</Field>
          <Field label="Variant title" errors={e['variants[0].title']}>{({ id }) => <input id={id} value={form.value.variant_title} onInput={set('variant_title')} />}</Field>
          <Field label="Capacity a day" errors={e['variants[0].capacity']}>{({ id, describedBy, invalid }) => <input id={id} type="number" min={0} value={form.value.capacity} onInput={set('capacity')} aria-describedby={describedBy} aria-invalid={invalid} />}</Field>
        </div>
        <p><button class="primary" type="submit">Add product</button></p>
      </form>
    </section>
  );
}
