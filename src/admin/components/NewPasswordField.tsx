/**
 * The field where a person chooses a password: on the invitation's page, the emailed reset
 * link's page and under Your account. One control, so the three agree on what browsers read
 * (`autocomplete="new-password"` offers to make and save one) and on the 10-character floor.
 * @module
 */
import { Field } from './bits.tsx';

/** A new password's field, named `password` in its form. */
export function NewPasswordField(props: {
  label: string;
  hint?: string;
  errors?: string[] | undefined;
  /** Required and at least 10 characters; not required under Your account (empty: kept). @default true */
  required?: boolean;
}) {
  const required = props.required ?? true;
  return (
    <Field label={props.label} hint={props.hint} errors={props.errors}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name="password"
          type="password"
          autocomplete="new-password"
          minLength={required ? 10 : undefined}
          required={required}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      )}
    </Field>
  );
}
