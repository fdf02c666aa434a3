/**
 * The shop's locations on the Shop screen: each renamed in place (its name is a field with a
 * Save button, as a variant's is) or deleted (asks first; refused while a product or blackout
 * names it), and a form to add one. After any change the shared catalogue is loaded again, so
 * Products and Blackouts name the locations as they now are.
 * @module
 */
import { useSignal } from '@preact/signals';
import type { LocationRecord } from '../../client/index.ts';
import { client, problemOf } from '../api.ts';
import { ConfirmButton, Field, type Say } from '../components/bits.tsx';
import { loadCatalog, locations } from '../models/catalog.ts';

/** One location: its name in a field, Save and Delete. */
function LocationRow(props: { location: LocationRecord; say: Say }) {
  const l = props.location;
  const name = useSignal(l.name);
  const errors = useSignal<string[]>([]);
  const error = errors.value.length ? `location-${l.id}-error` : undefined;
  const rename = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    try {
      const saved = await client.locations.update(l.id, { name: name.value });
      errors.value = [];
      props.say(`${l.name} renamed ${saved.name}.`);
      await loadCatalog();
    } catch (failure) {
      const problem = problemOf(failure, { name: 'Name' }, `${l.name} not renamed`);
      errors.value = problem.fields.name ?? [];
      props.say(problem.message, true);
    }
  };
  const remove = async () => {
    props.say(null);
    try {
      await client.locations.delete(l.id);
      props.say(`Location ${l.name} deleted.`);
      await loadCatalog();
    } catch (failure) {
      props.say(problemOf(failure, {}, `${l.name} not deleted`).message, true);
    }
  };
  return (
    <li class="entry">
      <form class="what row" onSubmit={rename} aria-label={`Rename ${l.name}`}>
        <span class="grow">
          <label class="sr-only" for={`location-${l.id}`}>
            Name of {l.name}
          </label>
          <input
            id={`location-${l.id}`}
            value={name.value}
            onInput={(e) => (name.value = e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error}
          />
          {error && (
            <p class="error" id={error}>
              {errors.value.join('; ')}
            </p>
          )}
        </span>
        <button type="submit">Save {l.name}</button>
      </form>
      <span class="actions">
        <ConfirmButton
          label={`Delete ${l.name}`}
          question={`Delete ${l.name}? This cannot be undone.`}
          confirmLabel={`Yes, delete ${l.name}`}
          onConfirm={remove}
        />
      </span>
    </li>
  );
}

/** The locations' list and the form that adds one; `say` is the Shop screen's status. */
export function ShopLocations(props: { say: Say }) {
  const name = useSignal('');
  const errors = useSignal<Record<string, string[]>>({});
  const add = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    try {
      await client.locations.create({ name: name.value });
      props.say(`Location ${name.value.trim()} added.`);
      name.value = '';
      errors.value = {};
      await loadCatalog();
    } catch (failure) {
      const problem = problemOf(failure, { name: 'New location' });
      errors.value = problem.fields;
      props.say(problem.message, true);
    }
  };
  return (
    <>
      <h3>Locations</h3>
      {locations.value?.length === 0 && (
        <p>
          No locations yet. Add the places you hire from: a product can be at one, and a blackout can close everything
          there.
        </p>
      )}
      <ul class="list">
        {locations.value?.map((l) => (
          <LocationRow key={l.id} location={l} say={props.say} />
        ))}
      </ul>
      <form onSubmit={add} aria-label="Add a location">
        <Field label="New location" errors={errors.value.name}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              value={name.value}
              onInput={(e) => (name.value = e.currentTarget.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <p>
          <button type="submit">Add location</button>
        </p>
      </form>
    </>
  );
}
