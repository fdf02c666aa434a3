/**
 * A product's questions (issue 27, point 8): what the widget asks a shopper in the held state
 * before Check out, and what each booking carries as its answers. Add, change, reorder and
 * remove questions (asking first), then save the whole list; a refusal names the question's field beside it.
 * A live preview shows what the shopper sees, in each language the questions are translated into.
 * @module
 */
import { untracked, useSignal, useSignalEffect } from '@preact/signals';
import type { Product, QuestionKind } from '../../client/index.ts';
import { client, problemOf } from '../api.ts';
import { ConfirmButton, Field } from '../components/bits.tsx';
import type { Say } from './VariantRow.tsx';
import { blankDraft, type Draft, draftOf, KIND_NAMES, paramsOf } from '../models/questions.ts';
import { useResource } from '../models/use-resource.ts';
import { QuestionPreview } from './QuestionPreview.tsx';

const LABELS = {
  kind: 'Kind',
  label: 'Question',
  help: 'Help',
  options: 'Options',
  max_length: 'Longest answer',
  min: 'Least',
  max: 'Most',
  variant_id: 'Asked for',
  translations: 'Translations',
};

/** The questions editor of product `product`. */
export function QuestionsEditor(props: { product: Product; say: Say }) {
  const p = props.product;
  const drafts = useSignal<Draft[] | undefined>(undefined);
  const errors = useSignal<Record<string, string[]>>({});
  // Loaded (and aborted when the card goes) as every screen's data is; the form starts from it.
  const loaded = useResource(
    () => p.id,
    (id, signal) => client.questions.list(id, { signal }),
  );
  useSignalEffect(() => {
    const stored = loaded.data.value;
    if (stored) drafts.value = stored.map(draftOf);
  });
  useSignalEffect(() => {
    if (loaded.error.value) untracked(() => props.say(`The questions of ${p.title} could not be loaded.`, true));
  });
  const list = drafts.value;
  if (!list) return <p>Loading the questions of {p.title}…</p>;
  const change = (i: number, patch: Partial<Draft>) =>
    (drafts.value = list.map((d, n) => (n === i ? { ...d, ...patch } : d)));
  const move = (i: number, by: number) => {
    const next = [...list];
    const [d] = next.splice(i, 1);
    next.splice(i + by, 0, d!);
    drafts.value = next;
  };
  const save = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    try {
      const stored = await client.questions.set(p.id, list.map(paramsOf));
      drafts.value = stored.map(draftOf);
      errors.value = {};
      props.say(`The questions of ${p.title} saved (${stored.length}).`);
    } catch (error) {
      const problem = problemOf(error, { questions: 'Questions', ...LABELS }, `The questions of ${p.title} not saved`);
      errors.value = problem.fields;
      props.say(problem.message, true);
    }
  };
  const errorsOf = (i: number, field: string) => errors.value[`questions[${i}].${field}`];
  return (
    <form class="questions-editor" onSubmit={save} aria-label={`Questions of ${p.title}`}>
      {list.length === 0 && <p>No questions yet: bookings of {p.title} carry no answers.</p>}
      <ol class="list">
        {list.map((d, i) => (
          <li key={d.key}>
            <fieldset>
              <legend>
                Question {i + 1}
                {d.label ? `: ${d.label}` : ''}
              </legend>
              <div class="row">
                <Field label={LABELS.label} errors={errorsOf(i, 'label')}>
                  {({ id, describedBy, invalid }) => (
                    <input
                      id={id}
                      value={d.label}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      onInput={(e) => change(i, { label: e.currentTarget.value })}
                    />
                  )}
                </Field>
                <Field label={LABELS.kind} errors={errorsOf(i, 'kind')}>
                  {({ id }) => (
                    <select
                      id={id}
                      value={d.kind}
                      onChange={(e) => change(i, { kind: e.currentTarget.value as QuestionKind })}
                    >
                      {Object.entries(KIND_NAMES).map(([kind, name]) => (
                        <option key={kind} value={kind}>
                          {name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field label="Asked">
                  {({ id }) => (
                    <select
                      id={id}
                      value={d.per}
                      onChange={(e) => change(i, { per: e.currentTarget.value as Draft['per'] })}
                    >
                      <option value="booking">Once per booking</option>
                      <option value="unit">Once per unit (e.g. each rider)</option>
                    </select>
                  )}
                </Field>
                <Field label={LABELS.variant_id} errors={errorsOf(i, 'variant_id')}>
                  {({ id }) => (
                    <select id={id} value={d.variant} onChange={(e) => change(i, { variant: e.currentTarget.value })}>
                      <option value="">Every variant</option>
                      {p.variants.map((v) => (
                        <option key={v.id} value={String(v.id)}>
                          Only {v.title}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <label class="check">
                  <input
                    type="checkbox"
                    checked={d.required}
                    onChange={(e) => change(i, { required: e.currentTarget.checked })}
                  />{' '}
                  Required
                </label>
              </div>
              {d.kind === 'choice' && (
                <Field label={LABELS.options} hint="One option a line." errors={errorsOf(i, 'options')}>
                  {({ id, describedBy, invalid }) => (
                    <textarea
                      id={id}
                      rows={3}
                      value={d.options}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      onInput={(e) => change(i, { options: e.currentTarget.value })}
                    />
                  )}
                </Field>
              )}
              {(d.kind === 'short_text' || d.kind === 'long_text') && (
                <Field
                  label={LABELS.max_length}
                  hint="In letters; leave it empty for 255 (a short answer) or 2000 (a long one)."
                  errors={errorsOf(i, 'max_length')}
                >
                  {({ id, describedBy, invalid }) => (
                    <input
                      id={id}
                      inputMode="numeric"
                      value={d.max_length}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      onInput={(e) => change(i, { max_length: e.currentTarget.value })}
                    />
                  )}
                </Field>
              )}
              {d.kind === 'number' && (
                <div class="row">
                  {(['min', 'max'] as const).map((k) => (
                    <Field key={k} label={LABELS[k]} errors={errorsOf(i, k)}>
                      {({ id, describedBy, invalid }) => (
                        <input
                          id={id}
                          inputMode="decimal"
                          value={d[k]}
                          aria-describedby={describedBy}
                          aria-invalid={invalid}
                          onInput={(e) => change(i, { [k]: e.currentTarget.value })}
                        />
                      )}
                    </Field>
                  ))}
                </div>
              )}
              <Field label={LABELS.help} errors={errorsOf(i, 'help')}>
                {({ id }) => (
                  <input id={id} value={d.help} onInput={(e) => change(i, { help: e.currentTarget.value })} />
                )}
              </Field>
              <Field
                label={LABELS.translations}
                hint="Optional: the question in other languages, one a line, starting with the language's code, e.g. de: Paddelgröße (for a choice, its options after a bar: de: Paddelgröße | Kurz, Lang)."
                errors={Object.entries(errors.value)
                  .filter(([path]) => path.startsWith(`questions[${i}].translations`))
                  .flatMap(([, m]) => m)}
              >
                {({ id, describedBy }) => (
                  <textarea
                    id={id}
                    rows={2}
                    value={d.translations}
                    aria-describedby={describedBy}
                    onInput={(e) => change(i, { translations: e.currentTarget.value })}
                  />
                )}
              </Field>
              <p class="row">
                <button type="button" aria-disabled={i === 0} onClick={() => i > 0 && move(i, -1)}>
                  Move question {i + 1} up
                </button>
                <button
                  type="button"
                  aria-disabled={i === list.length - 1}
                  onClick={() => i < list.length - 1 && move(i, 1)}
                >
                  Move question {i + 1} down
                </button>
                <ConfirmButton
                  label={`Remove question ${i + 1}`}
                  question={`Remove question ${i + 1}${d.label ? ` (“${d.label}”)` : ''}?`}
                  confirmLabel={`Yes, remove question ${i + 1}`}
                  onConfirm={() => {
                    drafts.value = list.filter((_, n) => n !== i);
                    props.say(`Question ${i + 1} removed: save the questions of ${p.title} to keep the change.`);
                  }}
                />
              </p>
            </fieldset>
          </li>
        ))}
      </ol>
      <p class="row">
        <button type="button" onClick={() => (drafts.value = [...list, blankDraft()])}>
          Add a question
        </button>
        <button type="submit">Save the questions of {p.title}</button>
      </p>
      <QuestionPreview drafts={list} product={p.title} />
    </form>
  );
}
