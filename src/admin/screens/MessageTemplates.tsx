/**
 * The "Templates" part of the Messages screen (issue 31 point 3): the merchant picks a message
 * and a language, writes its subject and opening paragraph (plain text with placeholders such
 * as {first_name}), and sees a live preview of a sample booking, rendered by the service exactly
 * as the message would be sent, in a sandboxed frame. Save keeps the words for messages written
 * from then on; "Reset to default" (asked twice) goes back to the shop's default words.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { BookingMessageKind, MessageTemplate, MessageTemplatePreview } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';
import { ConfirmButton, Field, Status, useStatus } from '../components/bits.tsx';
import { problemOf } from '../problems.ts';

const KIND_NAMES: Record<BookingMessageKind, string> = {
  customer_confirmation: 'Confirmation to the customer',
  customer_reminder: 'Reminder to the customer',
  customer_change: 'Change notice to the customer',
  customer_cancellation: 'Cancellation to the customer',
  merchant_new: 'New booking, to you',
  merchant_cancellation: 'Cancelled booking, to you',
};

const LANGUAGES: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ja: '日本語',
  ar: 'العربية',
};

const LABELS = { subject: 'Subject', intro: 'Opening paragraph' };
const PLACEHOLDERS = '{first_name}, {name}, {product}, {when}, {shop}, {id}';
/** How long typing pauses before the preview is asked for. */
const PREVIEW_DELAY_MS = 300;

/** The Templates part: pick, edit, preview, save, reset. */
export function MessageTemplates() {
  const templates = useSignal<MessageTemplate[] | null>(null);
  const kind = useSignal<BookingMessageKind>('customer_confirmation');
  const locale = useSignal('en');
  const subject = useSignal('');
  const intro = useSignal('');
  const preview = useSignal<MessageTemplatePreview | null>(null);
  const previewProblem = useSignal<string | null>(null);
  const errors = useSignal<Record<string, string[]>>({});
  const { message, problem, say } = useStatus();
  const current = templates.value?.find((t) => t.kind === kind.value && t.locale === locale.value);

  const pick = (list: MessageTemplate[]) => {
    const t = list.find((x) => x.kind === kind.value && x.locale === locale.value);
    subject.value = t?.subject ?? '';
    intro.value = t?.intro ?? '';
    errors.value = {};
  };
  const load = async () => {
    const list = await client.messages.templates();
    templates.value = list;
    pick(list);
  };
  useEffect(() => {
    load().catch((error: unknown) => say(messageOf(error), true));
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => {
      client.messages
        .previewTemplate({ kind: kind.value, locale: locale.value, subject: subject.value, intro: intro.value })
        .then(
          (answer) => {
            preview.value = answer;
            previewProblem.value = null;
            // The service checks the preview as it checks a save: these words have no error left.
            errors.value = {};
          },
          (error: unknown) => {
            const p = problemOf(error, LABELS, 'No preview');
            previewProblem.value = p.message;
            errors.value = p.fields;
          },
        );
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [kind.value, locale.value, subject.value, intro.value]);

  const choose = (next: { kind?: BookingMessageKind; locale?: string }) => {
    if (next.kind) kind.value = next.kind;
    if (next.locale) locale.value = next.locale;
    if (templates.value) pick(templates.value);
    say(null);
  };
  const save = async (event: Event) => {
    event.preventDefault();
    say(null);
    try {
      await client.messages.saveTemplate(kind.value, locale.value, { subject: subject.value, intro: intro.value });
      errors.value = {};
      await load();
      say(
        `Saved: the ${KIND_NAMES[kind.value].toLowerCase()} in ${LANGUAGES[locale.value]} uses your words from now on.`,
      );
    } catch (error) {
      const p = problemOf(error, LABELS);
      errors.value = p.fields;
      say(p.message, true);
    }
  };
  const reset = async () => {
    say(null);
    try {
      await client.messages.resetTemplate(kind.value, locale.value);
      await load();
      say(`The ${KIND_NAMES[kind.value].toLowerCase()} in ${LANGUAGES[locale.value]} uses the default words again.`);
    } catch (error) {
      say(messageOf(error), true);
    }
  };

  return (
    <section aria-labelledby="message-templates" class="message-templates">
      <h3 id="message-templates">Templates</h3>
      <p>
        Write your own subject and opening paragraph for each message and language. You can use {PLACEHOLDERS}: they are
        filled in for each booking. Leave a field empty to keep the default words.
      </p>
      {/* Shown only when there is something to say: the screen keeps one status of its own. */}
      {message.value && <Status message={message.value} />}
      {problem.value && <Status message={problem.value} error />}
      <form onSubmit={save} aria-label="Template">
        <div class="row">
          <Field label="Message">
            {({ id }) => (
              <select
                id={id}
                value={kind.value}
                onChange={(e) => choose({ kind: e.currentTarget.value as BookingMessageKind })}
              >
                {Object.entries(KIND_NAMES).map(([value, name]) => (
                  <option key={value} value={value}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Language">
            {({ id }) => (
              <select id={id} value={locale.value} onChange={(e) => choose({ locale: e.currentTarget.value })}>
                {Object.entries(LANGUAGES).map(([value, name]) => (
                  <option key={value} value={value}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field
          label={LABELS.subject}
          hint={current ? `Default: ${current.default_subject}` : undefined}
          errors={errors.value.subject}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              value={subject.value}
              onInput={(e) => (subject.value = e.currentTarget.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <Field
          label={LABELS.intro}
          hint={current ? `Default: ${current.default_intro}` : undefined}
          errors={errors.value.intro}
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={4}
              value={intro.value}
              onInput={(e) => (intro.value = e.currentTarget.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <p class="row">
          <button class="primary" type="submit">
            Save template
          </button>
          {current?.customized && (
            <ConfirmButton
              label="Reset to default"
              question="Go back to the default words for this message?"
              confirmLabel="Yes, use the default words"
              onConfirm={reset}
            />
          )}
        </p>
      </form>
      <section aria-label="Preview" class="message-view">
        <h4>Preview: {preview.value?.subject ?? '…'}</h4>
        {previewProblem.value && <p class="error">{previewProblem.value}</p>}
        {preview.value && (
          <iframe
            title={`Preview of the message: ${preview.value.subject}`}
            sandbox=""
            srcdoc={preview.value.html}
            class="message-html"
          />
        )}
      </section>
    </section>
  );
}
