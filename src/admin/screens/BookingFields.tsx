/**
 * The parts of a booking's forms shared by Add booking and a booking's Edit: the customer
 * (first and last name, email, phone) and the answers to the product's questions, each
 * control labelled and its errors beside it.
 * @module
 */
import { Field } from '../components/bits.tsx';
import type { AskedAnswer, BookingCustomer } from '../models/booking-edit.ts';

/** The customer fields; errors are read by the API's paths (`customers[0].email`). */
export function CustomerFields(props: {
  value: BookingCustomer;
  onChange: (value: BookingCustomer) => void;
  errors: Record<string, string[]>;
}) {
  const field = (key: keyof BookingCustomer, label: string, type: 'text' | 'email' | 'tel', autoComplete: string) => (
    <Field label={label} errors={props.errors[`customers[0].${key}`]}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type={type as 'text'}
          autoComplete={autoComplete}
          value={props.value[key] ?? ''}
          onInput={(e) => props.onChange({ ...props.value, [key]: e.currentTarget.value })}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      )}
    </Field>
  );
  return (
    <fieldset>
      <legend>Customer</legend>
      <div class="row">
        {field('first_name', 'First name', 'text', 'off')}
        {field('last_name', 'Last name', 'text', 'off')}
      </div>
      <div class="row">
        {field('email', 'Email', 'email', 'off')}
        {field('phone', 'Phone', 'tel', 'off')}
      </div>
    </fieldset>
  );
}

/** The answers to `asked`, by the name each is stored under; nothing when nothing is asked. */
export function AnswerFields(props: {
  asked: AskedAnswer[];
  answers: Record<string, string>;
  onChange: (answers: Record<string, string>) => void;
  errors: Record<string, string[]>;
}) {
  if (props.asked.length === 0) return null;
  const set = (name: string, value: string) => props.onChange({ ...props.answers, [name]: value });
  return (
    <fieldset>
      <legend>Questions</legend>
      {props.asked.map(({ question: q, name }) => {
        const label = q.required ? `${name} (required)` : name;
        const value = props.answers[name] ?? '';
        return (
          <Field key={name} label={label} hint={q.help ?? undefined} errors={props.errors[name]}>
            {({ id, describedBy, invalid }) => {
              const common = { id, 'aria-describedby': describedBy, 'aria-invalid': invalid };
              if (q.kind === 'checkbox')
                return (
                  <select {...common} value={value} onChange={(e) => set(name, e.currentTarget.value)}>
                    <option value="">Not ticked</option>
                    <option value="Yes">Yes</option>
                  </select>
                );
              if (q.kind === 'choice')
                return (
                  <select {...common} value={value} onChange={(e) => set(name, e.currentTarget.value)}>
                    <option value="">Choose…</option>
                    {q.options.map((o) => (
                      <option key={o}>{o}</option>
                    ))}
                  </select>
                );
              if (q.kind === 'long_text')
                return (
                  <textarea {...common} rows={2} value={value} onInput={(e) => set(name, e.currentTarget.value)} />
                );
              return (
                <input
                  {...common}
                  type="text"
                  inputMode={q.kind === 'number' ? 'decimal' : undefined}
                  value={value}
                  onInput={(e) => set(name, e.currentTarget.value)}
                />
              );
            }}
          </Field>
        );
      })}
    </fieldset>
  );
}
