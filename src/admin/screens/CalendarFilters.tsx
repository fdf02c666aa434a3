/**
 * The calendar's filters: product, variant (of the chosen product, or any), location, status,
 * and a search by customer name, email or order (its own signal: the screen asks once typing
 * pauses); and rows by variant or by product.
 * @module
 */
import type { Signal } from '@preact/signals';
import type { BookingStatus } from '../../shared/records.ts';
import { Field } from '../components/bits.tsx';
import type { CalendarFilters as Filters } from '../models/calendar-data.ts';
import { locations, products } from '../models/catalog.ts';

const STATUSES: [BookingStatus | '', string][] = [
  ['', 'Booked (not cancelled)'],
  ['confirmed', 'Confirmed'],
  ['pending', 'Not confirmed yet'],
  ['cancelled', 'Cancelled'],
];

/** The filter fields, each changing `filters` (the search as typed; the screen debounces it). */
export function CalendarFilters(props: {
  filters: Signal<Filters>;
  q: Signal<string>;
  byProduct: Signal<boolean>;
  onSearchNow: () => void;
}) {
  const f = props.filters.value;
  const set = (change: Partial<Filters>) => (props.filters.value = { ...props.filters.value, ...change });
  const chosen = products.value?.find((p) => String(p.external_id) === f.product);
  const variants = (chosen ? [chosen] : (products.value ?? [])).flatMap((p) =>
    p.variants.map((v) => ({ id: String(v.id), name: chosen ? v.title : `${p.title} – ${v.title}` })),
  );
  return (
    <div class="row cal-filters">
      <Field label="Search">
        {({ id }) => (
          <input
            id={id}
            type="search"
            placeholder="Name, email or order"
            value={props.q.value}
            onInput={(e) => (props.q.value = e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && props.onSearchNow()}
          />
        )}
      </Field>
      <Field label="Product">
        {({ id }) => (
          <select id={id} value={f.product} onChange={(e) => set({ product: e.currentTarget.value, variant: '' })}>
            <option value="">Every product</option>
            {products.value?.map((p) => (
              <option key={p.id} value={String(p.external_id)}>
                {p.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Variant">
        {({ id }) => (
          <select id={id} value={f.variant} onChange={(e) => set({ variant: e.currentTarget.value })}>
            <option value="">{chosen ? 'Every variant' : 'Every variant of every product'}</option>
            {variants.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Location">
        {({ id }) => (
          <select id={id} value={f.location} onChange={(e) => set({ location: e.currentTarget.value })}>
            <option value="">Every location</option>
            {locations.value?.map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Status">
        {({ id }) => (
          <select
            id={id}
            value={f.status}
            onChange={(e) => set({ status: e.currentTarget.value as BookingStatus | '' })}
          >
            {STATUSES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Rows">
        {({ id }) => (
          <select
            id={id}
            value={props.byProduct.value ? 'product' : 'variant'}
            onChange={(e) => (props.byProduct.value = e.currentTarget.value === 'product')}
          >
            <option value="variant">A row per variant</option>
            <option value="product">A row per product</option>
          </select>
        )}
      </Field>
    </div>
  );
}
