/**
 * Creating a widget: its title (unique in the shop), type and products. "Most units" starts at
 * the largest capacity of the chosen products' variants (`mostUnitsFor`), not the service's 10,
 * so a shop whose kayaks come in twos is not offered ten; every other setting starts at the
 * service's default and is changed in the widget's settings afterwards.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { Widget } from '../../client/index.ts';
import { client, problemOf } from '../api.ts';
import { Field } from '../components/bits.tsx';
import { mostUnitsFor, ProductChoice, productErrors, TypeField, type WidgetType } from './WidgetFields.tsx';
import type { Say } from './VariantRow.tsx';

/** The form; `onDone(widget)` closes it with the new widget, or null when cancelled. */
export function WidgetCreate(props: { say: Say; onDone: (widget: Widget | null) => void }) {
  const title = useSignal('');
  const type = useSignal<WidgetType>('range');
  const productIds = useSignal<number[]>([]);
  const errors = useSignal<Record<string, string[]>>({});
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const create = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    const name = title.value.trim();
    if (!name) {
      errors.value = { title: ['enter a title'] };
      return;
    }
    const most = mostUnitsFor(productIds.value);
    try {
      const made = await client.widgets.create({
        title: name,
        type: type.value,
        external_product_ids: productIds.value,
        ...(most !== undefined && { settings: { quantity_max: most } }),
      });
      props.say(`Widget “${made.title}” created: its settings and preview are below.`);
      props.onDone(made);
    } catch (error) {
      const problem = problemOf(
        error,
        { title: 'Title', type: 'Type', external_product_ids: 'Products it is on' },
        'The widget was not created',
      );
      errors.value = problem.fields;
      props.say(problem.message, true);
    }
  };
  const e = errors.value;
  const mostUnits = mostUnitsFor(productIds.value);
  return (
    <form class="card" onSubmit={create} aria-label="New widget">
      <h3>New widget</h3>
      <Field
        label="Title"
        hint="Your own name for it; shoppers do not see it. Each widget's is different."
        errors={e.title}
      >
        {({ id, describedBy, invalid }) => (
          <input
            ref={first}
            id={id}
            value={title.value}
            onInput={(x) => (title.value = x.currentTarget.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <TypeField value={type.value} onChange={(t) => (type.value = t)} errors={e.type} />
      <ProductChoice
        legend="Products it is on"
        idPrefix="new"
        chosen={productIds.value}
        onChange={(ids) => (productIds.value = ids)}
        errors={productErrors(e)}
      />
      <p class="hint">
        {mostUnits === undefined
          ? 'Shoppers may book up to 10 at a time until you choose products; change it in the settings after.'
          : `Shoppers may book up to ${mostUnits} at a time: the most any of these products has. Change it in the settings after.`}
      </p>
      <p class="row">
        <button class="primary" type="submit">
          Create widget
        </button>
        <button type="button" onClick={() => props.onDone(null)}>
          Cancel
        </button>
      </p>
    </form>
  );
}
