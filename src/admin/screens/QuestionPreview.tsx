/**
 * A live preview of the questions as the shopper sees them in the widget's held state, in one
 * of the languages the questions are translated into: each label (per unit as "(1 of 2)"), its
 * help, its control. It follows the editor as the merchant types.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import { type Draft, paramsOf } from '../models/questions.ts';

/** The preview of `drafts`, as a shopper holding two units sees it. */
export function QuestionPreview(props: { drafts: Draft[]; product: string }) {
  const id = useId();
  const lang = useSignal('');
  const questions = props.drafts.map(paramsOf).filter((q) => q.label);
  const langs = [...new Set(questions.flatMap((q) => Object.keys(q.translations ?? {})))].sort();
  return (
    <section class="preview" aria-label={`Preview of the questions of ${props.product}`}>
      <h4>Preview: what a shopper holding 2 units sees</h4>
      {langs.length > 0 && (
        <p>
          <label for={`${id}-lang`}>Preview language</label>{' '}
          <select id={`${id}-lang`} value={lang.value} onChange={(e) => (lang.value = e.currentTarget.value)}>
            <option value="">Your wording</option>
            {langs.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </p>
      )}
      {questions.length === 0 ? (
        <p>No questions: the shopper goes straight to Check out.</p>
      ) : (
        <fieldset>
          <legend>A few details</legend>
          {questions.flatMap((q, n) => {
            const t = q.translations?.[lang.value];
            const label = t?.label ?? q.label;
            const times = q.per === 'unit' ? 2 : 1;
            return Array.from({ length: times }, (_, i) => {
              const fid = `${id}-${n}-${i}`;
              const name = q.per === 'unit' ? `${label} (${i + 1} of ${times})` : label;
              const mark = q.required ? ' *' : '';
              const options = (q.options ?? []).map((o, k) => t?.options?.[k] ?? o);
              return (
                <div key={fid} class="preview-question">
                  {q.kind === 'checkbox' ? (
                    <label for={fid}>
                      <input id={fid} type="checkbox" /> {name}
                      {mark}
                    </label>
                  ) : (
                    <>
                      <label for={fid}>
                        {name}
                        {mark}
                      </label>
                      {q.kind === 'choice' ? (
                        <select id={fid}>
                          <option value="">Choose…</option>
                          {options.map((o) => (
                            <option key={o}>{o}</option>
                          ))}
                        </select>
                      ) : q.kind === 'long_text' ? (
                        <textarea id={fid} rows={2} />
                      ) : (
                        <input id={fid} type="text" inputMode={q.kind === 'number' ? 'decimal' : undefined} />
                      )}
                    </>
                  )}
                  {(t?.help ?? q.help) && <p class="hint">{t?.help ?? q.help}</p>}
                </div>
              );
            });
          })}
        </fieldset>
      )}
    </section>
  );
}
