/**
 * The "Location" field of a product's forms: none, or one of the shop's locations by name
 * (the API's `location_id`). A blackout on a location applies to the products there.
 * @module
 */
import { locations } from '../models/catalog.ts';
import { Field } from './bits.tsx';

/** The select's value for no location. */
const NONE = '';

/** The `location_id` a field's value stands for: null for none. */
export function locationIdOf(value: string): number | null {
  return value === NONE ? null : Number(value);
}

/** The field's value for a product's `location_id`. */
export function locationValueOf(id: number | null | undefined): string {
  return id === null || id === undefined ? NONE : String(id);
}

/** A labelled select of the shop's locations, with "No location" first. */
export function LocationField(props: {
  value: string;
  onChange: (value: string) => void;
  errors?: string[] | undefined;
}) {
  return (
    <Field label="Location" errors={props.errors}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        >
          <option value={NONE}>No location</option>
          {locations.value?.map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
