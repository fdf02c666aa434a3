/**
 * Products and variants: each product's card (edit its title, vendor, Shopify id or location,
 * add a variant, change a variant's title, Shopify id or capacity in place, delete what
 * nothing depends on), and a form to add a product at a location with its first variant,
 * emptied once added so a second click is not a duplicate. An emptied number field is a field
 * error, never sent as 0.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { client, problemOf } from '../api.ts';
import { Field, readNumbers, useStatus } from '../components/bits.tsx';
import { Details } from '../components/Details.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { LocationField, locationIdOf } from '../components/LocationField.tsx';
import { catalog, loadCatalog, products } from '../models/catalog.ts';
import { ProductCard } from './ProductCard.tsx';

/** The add form as it opens, and as it is again once a product is added. */
const EMPTY = {
  external_id: '',
  title: '',
  vendor: '',
  location: '',
  variant_external_id: '',
  variant_title: '',
  capacity: '1',
};

/** The products screen. */
export function Products() {
  const { message, problem, say } = useStatus();
  const errors = useSignal<Record<string, string[]>>({});
  const form = useSignal({ ...EMPTY });
  // Opened again, the screen shows the products as they now are (another tab may have changed them).
  useEffect(() => void loadCatalog(), []);
  const set = (key: keyof typeof form.value) => (e: { currentTarget: HTMLInputElement }) =>
    (form.value = { ...form.value, [key]: e.currentTarget.value });
  const add = async (event: Event) => {
    event.preventDefault();
    say(null);
    const f = form.value;
    // The first variant is optional: its numbers are read only when it has an id.
    const withVariant = f.variant_external_id.trim() !== '';
    const product = readNumbers(f, ['external_id'] as const);
    const variant = withVariant ? readNumbers(f, ['variant_external_id', 'capacity'] as const) : undefined;
    const bad = { ...product.errors };
    if (variant?.errors.variant_external_id) bad['variants[0].external_id'] = variant.errors.variant_external_id;
    if (variant?.errors.capacity) bad['variants[0].capacity'] = variant.errors.capacity;
    errors.value = bad;
    if (Object.keys(bad).length) {
      say('The product was not added: fix the fields marked.', true);
      return;
    }
    try {
      const first = variant && {
        external_id: variant.numbers.variant_external_id,
        title: f.variant_title.trim() || 'Default',
        capacity: variant.numbers.capacity,
      };
      await client.products.create({
        external_id: product.numbers.external_id,
        title: f.title,
        vendor: f.vendor.trim() || null,
        location_id: locationIdOf(f.location),
        variants: first ? [first] : [],
      });
      say(`${f.title} added.`);
      errors.value = {};
      form.value = { ...EMPTY };
      await loadCatalog();
    } catch (error) {
      const problem = problemOf(
        error,
        {
          external_id: 'Product id',
          title: 'Title',
          vendor: 'Vendor',
          location_id: 'Location',
          'variants[0].external_id': 'Variant id',
          'variants[0].title': 'Variant title',
          'variants[0].capacity': 'Capacity a day',
        },
        'The product was not added',
      );
      errors.value = problem.fields;
      say(problem.message, true);
    }
  };
  const e = errors.value;
  return (
    <section class="card">
      <h2 tabIndex={-1}>Products</h2>
      <ScreenStatus message={message} problem={problem} loads={[catalog]} />
      {products.value?.map((p) => (
        <ProductCard key={p.id} product={p} say={say} />
      ))}
      <form onSubmit={add} aria-label="Add a product">
        <h3>Add a product</h3>
        <p class="hint">
          The ids link each product and variant to the same one in your Shopify store. A variant is one kind of what you
          hire out (e.g. a single kayak); its capacity is how many of it can be booked on one day.
        </p>
        <Details about="about the ids">
          In Shopify's admin, open the product: its address ends in /products/&lt;number&gt;, and a variant's in
          /variants/&lt;number&gt;. That number is its id. Off Shopify, use your own shop system's numbers.
        </Details>
        <div class="row">
          <Field label="Product id" errors={e.external_id}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                required
                inputMode="numeric"
                value={form.value.external_id}
                onInput={set('external_id')}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
          <Field label="Title" errors={e.title}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                required
                value={form.value.title}
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
                value={form.value.vendor}
                onInput={set('vendor')}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
          <LocationField
            value={form.value.location}
            onChange={(location) => (form.value = { ...form.value, location })}
            errors={e.location_id}
          />
        </div>
        <div class="row">
          <Field label="Variant id" errors={e['variants[0].external_id']}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                inputMode="numeric"
                value={form.value.variant_external_id}
                onInput={set('variant_external_id')}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
          <Field label="Variant title" errors={e['variants[0].title']}>
            {({ id }) => <input id={id} value={form.value.variant_title} onInput={set('variant_title')} />}
          </Field>
          <Field label="Capacity a day" errors={e['variants[0].capacity']}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="number"
                min={0}
                value={form.value.capacity}
                onInput={set('capacity')}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
        </div>
        <p>
          <button class="primary" type="submit">
            Add product
          </button>
        </p>
      </form>
    </section>
  );
}
