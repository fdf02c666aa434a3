/**
 * The shop form's part about what customers are sent: until when they may cancel online with
 * the link in their emails (`cancel_cutoff_hours`, API.md §4.18), and how long before a booking
 * they are reminded (`reminder_hours`, §4.21). Values and errors belong to the Shop form.
 * @module
 */
import { Field } from '../components/bits.tsx';

/** Reminder choices in words, by `reminder_hours` ('' is off). */
const REMINDERS: Array<[string, string]> = [
  ['', 'Off'],
  ...[1, 2, 3, 6, 12].map((h): [string, string] => [String(h), `${h} hour${h === 1 ? '' : 's'} before`]),
  ['24', '1 day before'],
  ['48', '2 days before'],
  ['72', '3 days before'],
];

type Input = { currentTarget: HTMLInputElement | HTMLSelectElement };

/** The cut-off field and the reminder select, bound to the Shop form's `cutoff` and `reminder`. */
export function CustomerEmailFields(props: {
  form: { cutoff: string; reminder: string };
  set: (key: 'cutoff' | 'reminder') => (e: Input) => void;
  errors: Record<string, string[]>;
}) {
  return (
    <>
      <Field
        label="Customers may cancel online until"
        hint="Hours before the start, e.g. 48 for two days before (at most 720). Every booking email has a link where your customer sees the booking and, until then, may cancel it. Leave empty and customers cannot cancel online."
        errors={props.errors.cancel_cutoff_hours}
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={0}
            max={720}
            step={1}
            value={props.form.cutoff}
            onInput={props.set('cutoff')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <Field
        label="Reminder to customers"
        hint="An email to the customer with the booking's details, this long before it starts."
        errors={props.errors.reminder_hours}
      >
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            value={props.form.reminder}
            onChange={props.set('reminder')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          >
            {REMINDERS.map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
