/**
 * Pieces of the widget forms: the products a widget is placed on (checkboxes, errors beside
 * them) and the type choice, shared by creating and editing a widget.
 * @module
 */
import type { Widget } from '../../client/index.ts';
import { Field } from '../components/bits.tsx';
import { products } from '../models/catalog.ts';

/** A widget's type: `date` books one day, `range` several. */
export type WidgetType = Widget['type'];

/** The errors of a 422 about the product list, whichever key the service names it by. */
export function productErrors(errors: Record<string, string[]>): string[] | undefined {
  const list = Object.entries(errors)
    .filter(([k]) => k.startsWith('external_product_ids') || k.startsWith('product_ids'))
    .flatMap(([, v]) => v);
  return list.length ? list : undefined;
}

/** Checkboxes of the shop's products; `chosen` are the products' Shopify ids. */
export function ProductChoice(props: {
  legend: string;
  chosen: number[];
  onChange: (ids: number[]) => void;
  errors: string[] | undefined;
  idPrefix: string;
}) {
  const errorId = `${props.idPrefix}-products-error`;
  const toggle = (id: number, on: boolean) =>
    props.onChange(on ? [...props.chosen, id] : props.chosen.filter((x) => x !== id));
  return (
    <fieldset aria-describedby={props.errors ? errorId : undefined}>
      <legend>{props.legend}</legend>
      {products.value?.length === 0 && <p class="hint">No products yet: add one under Products.</p>}
      {products.value?.map((p) => (
        <label key={p.id} class="check">
          <input
            type="checkbox"
            checked={props.chosen.includes(p.external_id)}
            onChange={(e) => toggle(p.external_id, e.currentTarget.checked)}
          />{' '}
          {p.title}
        </label>
      ))}
      {props.errors && (
        <p class="error" id={errorId}>
          {props.errors.join('; ')}
        </p>
      )}
    </fieldset>
  );
}

/** The widget's type: one day, or a range of days. */
export function TypeField(props: {
  value: WidgetType;
  onChange: (type: WidgetType) => void;
  errors: string[] | undefined;
}) {
  return (
    <Field label="Type" errors={props.errors}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value as WidgetType)}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        >
          <option value="date">One day</option>
          <option value="range">Several days in a row</option>
        </select>
      )}
    </Field>
  );
}

/**
 * The most units a shopper may need on a widget of these products: the largest capacity of
 * their variants (at least 1), or undefined when none has a variant. The largest, not the
 * smallest: the storefront widget never offers more of a variant than its own capacity, so a
 * smaller variant is capped anyway, while the smallest would cap a larger one.
 */
export function mostUnitsFor(externalProductIds: number[]): number | undefined {
  const chosen = new Set(externalProductIds.map(Number));
  const capacities = (products.value ?? [])
    .filter((p) => chosen.has(Number(p.external_id)))
    .flatMap((p) => p.variants.map((v) => v.capacity));
  return capacities.length ? Math.max(1, ...capacities) : undefined;
}

/**
 * Said after saving a widget whose "Most units" is above every variant of its products: the
 * storefront widget offers no more of a variant than its capacity, so the merchant learns that
 * shoppers see the smaller number (or to raise a capacity). `undefined` when it fits, or when
 * none of its products has a variant.
 */
export function capacityNotice(externalProductIds: number[], quantityMax: number): string | undefined {
  const chosen = new Set(externalProductIds.map(Number));
  let most: { capacity: number; name: string } | undefined;
  for (const p of products.value ?? []) {
    if (!chosen.has(Number(p.external_id))) continue;
    for (const v of p.variants) {
      if (!most || v.capacity > most.capacity) most = { capacity: v.capacity, name: `${p.title} – ${v.title}` };
    }
  }
  if (!most || quantityMax <= most.capacity) return undefined;
  return (
    `Shoppers are offered at most ${most.capacity}, not ${quantityMax}: no variant of its products has more ` +
    `than ${most.capacity} (${most.name}). To offer more, raise a capacity under Products.`
  );
}
