/**
 * The admin's form parts (style-anchors §(f)): a labelled text or number field and a labelled
 * select, each wiring its own ids, hint and errors (`aria-describedby`, `aria-invalid`), a
 * fieldset described by its error, the inline error itself, and a form's save row. Screens
 * pass labels, values and errors; they never handle ids.
 * @module
 */
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

/** The error line of a control (`id` is what the control's `aria-describedby` names); nothing when there are none. */
export function InlineError(props: { id: string; errors?: string[] | undefined }) {
  if (!props.errors?.length) return null;
  return (
    <p class="error" id={props.id}>
      {props.errors.join('; ')}
    </p>
  );
}

/** The ids a control is described by: its hint's and its error's, or undefined. */
function describedBy(id: string, hint: string | undefined, errors: string[] | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** The hint and error under a control. */
function Notes(props: { id: string; hint?: string | undefined; errors?: string[] | undefined }) {
  return (
    <>
      {props.hint && (
        <p class="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      <InlineError id={`${props.id}-error`} errors={props.errors} />
    </>
  );
}

/** A labelled input (or textarea with `rows`), its hint and its errors. */
export function TextField(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  errors?: string[] | undefined;
  hint?: string;
  type?: 'text' | 'number' | 'email' | 'time' | 'date' | 'url';
  inputMode?: 'numeric' | 'text' | 'decimal';
  min?: number;
  required?: boolean;
  rows?: number;
  /** A short field (a number, a time): 8em wide. */
  narrow?: boolean;
}) {
  const id = useId();
  const common = {
    id,
    value: props.value,
    required: props.required,
    'aria-describedby': describedBy(id, props.hint, props.errors),
    'aria-invalid': props.errors?.length ? true : undefined,
    style: props.narrow ? 'width:8em' : undefined,
  };
  return (
    <div>
      <label for={id}>{props.label}</label>
      {props.rows ? (
        <textarea {...common} rows={props.rows} onInput={(e) => props.onInput(e.currentTarget.value)} />
      ) : (
        <input
          {...common}
          type={(props.type ?? 'text') as 'text'}
          inputMode={props.inputMode}
          min={props.min}
          onInput={(e) => props.onInput(e.currentTarget.value)}
        />
      )}
      <Notes id={id} hint={props.hint} errors={props.errors} />
    </div>
  );
}

/** One choice of a `SelectField`. */
export interface Option {
  value: string;
  label: string;
}

/** A labelled select of `options` (or `<option>` children), its hint and its errors. */
export function SelectField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options?: readonly Option[];
  children?: ComponentChildren;
  errors?: string[] | undefined;
  hint?: string;
}) {
  const id = useId();
  return (
    <div>
      <label for={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        aria-describedby={describedBy(id, props.hint, props.errors)}
        aria-invalid={props.errors?.length ? true : undefined}
      >
        {props.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {props.children}
      </select>
      <Notes id={id} hint={props.hint} errors={props.errors} />
    </div>
  );
}

/** A fieldset with its legend, described by its hint and its error. */
export function Fieldset(props: {
  legend: string;
  errors?: string[] | undefined;
  hint?: string;
  class?: string;
  children: ComponentChildren;
}) {
  const id = useId();
  return (
    <fieldset
      class={props.class}
      aria-describedby={describedBy(id, props.hint, props.errors)}
      aria-invalid={props.errors?.length ? true : undefined}
    >
      <legend>{props.legend}</legend>
      <Notes id={id} hint={props.hint} errors={props.errors} />
      {props.children}
    </fieldset>
  );
}

/** A form's save row: the submit button (disabled while `busy`), Cancel when given, and a notice beside them. */
export function SaveBar(props: { label: string; onCancel?: () => void; busy?: boolean; notice?: string | null }) {
  return (
    <div class="row">
      <button type="submit" disabled={props.busy}>
        {props.busy ? `${props.label}…` : props.label}
      </button>
      {props.onCancel && (
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      )}
      {props.notice && <span class="hint">{props.notice}</span>}
    </div>
  );
}
