/**
 * A form's model (style-anchors §(f)): its values as typed, its errors by API field path, `set`
 * for one value, and `submit`, which checks the values, sends them, and on a refusal keeps the
 * service's field errors (in the labels' words, `problemOf`) and returns the alert's sentence.
 * @module
 */
import { useSignal, type Signal } from '@preact/signals';
import { problemOf } from '../../problems.ts';

/** What `useForm` gives a form. */
export interface Form<V extends Record<string, string>> {
  values: Signal<V>;
  errors: Signal<Record<string, string[]>>;
  busy: Signal<boolean>;
  /** Sets one value (and clears nothing: errors stay until the next submit). */
  set: <K extends keyof V>(key: K) => (value: V[K]) => void;
  /**
   * Runs `check` (the errors that keep the values from being sent, or the body to send), then
   * `send`. Resolves to null when sent, else the sentence for the screen's alert.
   */
  submit: <B>(
    check: (values: V) => { body?: B; errors: Record<string, string[]> },
    send: (body: B) => Promise<unknown>,
    verb?: string,
  ) => Promise<string | null>;
  /** Back to `values` (a new record to edit, or the form emptied), with no errors. */
  reset: (values: V) => void;
}

/** The model of a form starting from `initial`; `labels` name its fields (API path → label shown). */
export function useForm<V extends Record<string, string>>(initial: V, labels: Record<string, string>): Form<V> {
  const values = useSignal(initial);
  const errors = useSignal<Record<string, string[]>>({});
  const busy = useSignal(false);
  return {
    values,
    errors,
    busy,
    set: (key) => (value) => (values.value = { ...values.value, [key]: value }),
    reset: (next) => {
      values.value = next;
      errors.value = {};
    },
    submit: async (check, send, verb = 'Not saved') => {
      const checked = check(values.value);
      errors.value = checked.errors;
      if (Object.keys(checked.errors).length > 0 || checked.body === undefined)
        return `${verb}: fix the fields marked below.`;
      busy.value = true;
      try {
        await send(checked.body);
        return null;
      } catch (error) {
        const problem = problemOf(error, labels, verb);
        errors.value = problem.fields;
        return problem.message;
      } finally {
        busy.value = false;
      }
    },
  };
}
