/**
 * One variant in its product's table: its title, Shopify id and daily capacity, each editable
 * in place and saved together; its times of day (the schedule editor, opened under the table); and delete (asks first; refused while bookings or holds refer
 * to it, which is said in words). An empty number is a field error, never sent as 0.
 * @module
 */
import { useSignal } from '@preact/signals';
import type { Variant } from '../../client/index.ts';
import { client, problemOf } from '../api.ts';
import { ConfirmButton, readNumbers, type Say } from '../components/bits.tsx';
import { loadCatalog, refusalOf } from '../models/catalog.ts';

export type { Say } from '../components/bits.tsx';

/** A table cell with a labelled input (the label for screen readers) and its errors beside it. */
function CellInput(props: {
  id: string;
  label: string;
  column: string;
  value: string;
  errors: string[] | undefined;
  onInput: (value: string) => void;
  kind: 'text' | 'id' | 'count';
  width: string;
}) {
  const error = props.errors?.length ? `${props.id}-error` : undefined;
  return (
    <td data-label={props.column}>
      <label class="sr-only" for={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        {...(props.kind === 'count'
          ? { type: 'number' as const, min: 0 }
          : { type: 'text' as const, ...(props.kind === 'id' && { inputMode: 'numeric' as const }) })}
        style={`width:${props.width}`}
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error}
      />
      {error && (
        <p class="error" id={error}>
          {props.errors!.join('; ')}
        </p>
      )}
    </td>
  );
}

/** What a variant's capacity counts: units a day, or by its schedule places at each start or items at a time. */
function capacityUnit(v: Variant): { label: string; said: string } {
  if (!v.schedule) return { label: 'per day', said: 'a day' };
  return v.schedule.counting === 'seats'
    ? { label: 'per start', said: 'places at each start' }
    : { label: 'at a time', said: 'in use at a time' };
}

/** A variant's row; `say` reports what happened, `schedule` opens its times of day. */
export function VariantRow(props: { variant: Variant; say: Say; schedule: () => void }) {
  const v = props.variant;
  const unit = capacityUnit(v);
  const values = useSignal({ title: v.title, external_id: String(v.external_id), capacity: String(v.capacity) });
  const errors = useSignal<Record<string, string[]>>({});
  const set = (key: keyof typeof values.value) => (value: string) => (values.value = { ...values.value, [key]: value });
  const save = async () => {
    props.say(null);
    const { numbers, errors: bad } = readNumbers(values.value, ['external_id', 'capacity'] as const);
    const title = values.value.title.trim();
    if (!title) bad.title = ['enter a title'];
    errors.value = bad;
    if (Object.keys(bad).length) {
      props.say(`${v.title} not saved: fix the fields marked.`, true);
      return;
    }
    try {
      await client.variants.update(v.id, { title, external_id: numbers.external_id, capacity: numbers.capacity });
      props.say(`${title}: saved, capacity ${numbers.capacity} ${unit.said}.`);
      await loadCatalog();
    } catch (error) {
      const problem = problemOf(
        error,
        {
          title: `Title of ${v.title}`,
          external_id: `Variant id of ${v.title}`,
          capacity: `Capacity of ${v.title} ${unit.label}`,
        },
        `${v.title} not saved`,
      );
      errors.value = problem.fields;
      props.say(problem.message, true);
    }
  };
  const remove = async () => {
    props.say(null);
    try {
      await client.variants.delete(v.id);
      props.say(`${v.title} deleted.`);
      await loadCatalog();
    } catch (error) {
      props.say(refusalOf(error, v.title), true);
    }
  };
  const e = errors.value;
  return (
    <tr>
      <CellInput
        column="Variant"
        id={`title-${v.id}`}
        label={`Title of ${v.title}`}
        kind="text"
        width="10em"
        value={values.value.title}
        errors={e.title}
        onInput={set('title')}
      />
      <CellInput
        column="Variant id"
        id={`xid-${v.id}`}
        label={`Variant id of ${v.title}`}
        kind="id"
        width="11em"
        value={values.value.external_id}
        errors={e.external_id}
        onInput={set('external_id')}
      />
      <CellInput
        column={v.schedule ? 'Capacity' : 'Capacity a day'}
        id={`cap-${v.id}`}
        label={`Capacity of ${v.title} ${unit.label}`}
        kind="count"
        width="6em"
        value={values.value.capacity}
        errors={e.capacity}
        onInput={set('capacity')}
      />
      <td class="row actions">
        <button type="button" onClick={() => void save()}>
          Save {v.title}
        </button>
        <button type="button" onClick={props.schedule}>
          {v.schedule ? 'Times of day' : 'Book by times'}
          <span class="sr-only"> of {v.title}</span>
        </button>
        <ConfirmButton
          label={`Delete ${v.title}`}
          question={`Delete ${v.title}? This cannot be undone.`}
          confirmLabel={`Yes, delete ${v.title}`}
          onConfirm={remove}
        />
      </td>
    </tr>
  );
}
