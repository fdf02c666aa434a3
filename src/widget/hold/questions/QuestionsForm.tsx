/**
 * The questions in the held state, before Check out: each labelled in the shopper's language,
 * its help and its problem tied to it (`aria-describedby`, `aria-invalid`), a problem shown once
 * the shopper leaves the field or presses Check out (which then focuses the first one). Short
 * and long text, a choice, a checkbox (a waiver), a number.
 * @module
 */
import type { JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { CHECKED, maxLengthOf } from '../../../shared/questions.ts';
import type { QuestionsModel, Slot } from './model.ts';
import { adoptQuestionStyles } from './styles.ts';

/** The form; nothing while no question is asked. */
export function QuestionsForm({ model }: { model: QuestionsModel }) {
  const slots = model.slots.value;
  const w = model.words.value;
  const box = useRef<HTMLFieldSetElement>(null);
  const attempts = model.attempts.value;
  useLayoutEffect(() => {
    if (box.current) adoptQuestionStyles(box.current);
  });
  useLayoutEffect(() => {
    if (attempts) box.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);
  if (!slots.length) return null;
  return (
    <fieldset part="questions" ref={box}>
      <legend>{w('title')}</legend>
      {slots.map((s) => (
        <Field key={s.key} model={model} slot={s} />
      ))}
      {model.blocked.value && !model.saving.value && <p part="questions-note">{w('fix')}</p>}
      {model.saving.value && <p part="questions-note">{w('saving')}</p>}
      {model.failed.value && (
        <p part="error" role="alert">
          {w('saveError')}
        </p>
      )}
    </fieldset>
  );
}

function Field({ model, slot: s }: { model: QuestionsModel; slot: Slot }) {
  const id = `q-${s.q.id}-${s.unit}`;
  const value = model.values.value[s.key] ?? '';
  const error = model.message(s);
  const help = model.help(s);
  const described = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: id,
    'aria-required': s.q.required ? ('true' as const) : undefined,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': described,
    onBlur: () => model.leave(s.key),
  };
  const onText = (e: Event) => model.set(s.key, (e.currentTarget as HTMLInputElement).value);
  const label = model.label(s);
  let control: JSX.Element;
  switch (s.q.kind) {
    case 'checkbox':
      control = (
        <input
          type="checkbox"
          {...common}
          checked={value === CHECKED}
          onChange={(e) => {
            model.set(s.key, (e.currentTarget as HTMLInputElement).checked ? CHECKED : '');
            model.leave(s.key);
          }}
        />
      );
      break;
    case 'choice':
      control = (
        <select
          {...common}
          value={value}
          onChange={(e) => {
            model.set(s.key, (e.currentTarget as HTMLSelectElement).value);
            model.leave(s.key);
          }}
        >
          <option value="">{model.words.value('choose')}</option>
          {model.options(s).map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      );
      break;
    case 'long_text':
      control = <textarea {...common} rows={3} value={value} onInput={onText} />;
      break;
    default:
      control = (
        <input
          type="text"
          {...common}
          inputMode={s.q.kind === 'number' ? 'decimal' : undefined}
          maxLength={s.q.kind === 'number' ? undefined : maxLengthOf(s.q) + 1}
          value={value}
          onInput={onText}
        />
      );
  }
  return (
    <div part={s.q.kind === 'checkbox' ? 'question question-checkbox' : 'question'}>
      {s.q.kind === 'checkbox' ? (
        <label for={id}>
          {control} {label}
          {s.q.required && <span aria-hidden="true"> *</span>}
        </label>
      ) : (
        <>
          <label for={id}>
            {label}
            {s.q.required && <span aria-hidden="true"> *</span>}
          </label>
          {control}
        </>
      )}
      {help && (
        <small id={`${id}-help`} part="question-help">
          {help}
        </small>
      )}
      {error && (
        <span id={`${id}-error`} part="question-error">
          {error}
        </span>
      )}
    </div>
  );
}
