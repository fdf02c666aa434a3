/**
 * The bodies and answers of the message-template endpoints (API.md §4.21) as schemas. A
 * template's text may use only the known placeholders: any other `{name}` is refused, naming it.
 * @module
 */
import { z } from '@hono/zod-openapi';
import { MESSAGE_LOCALES } from './strings.ts';
import { TEMPLATE_PLACEHOLDERS, unknownPlaceholders } from './templates.ts';
import { MESSAGE_KINDS } from './types.ts';

/** The six languages a template may be written for. */
export const TEMPLATE_LOCALES = Object.keys(MESSAGE_LOCALES) as [string, ...string[]];

const KNOWN = TEMPLATE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

/** A template's text: plain, at most `max` characters, '' for the default, known placeholders only. */
function templateText(max: number) {
  return z
    .string({ error: () => 'must be a string ("" keeps the default words)' })
    .max(max, { error: () => `must be at most ${max} characters` })
    .transform((value) => value.trim())
    .superRefine((value, ctx) => {
      const unknown = unknownPlaceholders(value);
      if (unknown.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `uses ${unknown.map((name) => `{${name}}`).join(', ')}, which ${unknown.length === 1 ? 'is not a placeholder' : 'are not placeholders'}; the placeholders are ${KNOWN}`,
        });
    })
    .default('');
}

/** A message kind, as a path parameter or a field. */
export const TemplateKind = z.enum(MESSAGE_KINDS as [string, ...string[]], {
  error: () => `must be one of ${MESSAGE_KINDS.join(', ')}`,
});

/** A language, as a path parameter or a field. */
export const TemplateLocale = z.enum(TEMPLATE_LOCALES, {
  error: () => `must be one of ${TEMPLATE_LOCALES.join(', ')}`,
});

/** The body of PUT /v1/message-templates/{kind}/{locale}. */
export const TemplateBody = z
  .strictObject(
    { subject: templateText(200), intro: templateText(2000) },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'is not a template field' : 'must be a JSON object') },
  )
  .openapi('MessageTemplateChange');

/** The body of POST /v1/message-templates/preview: an unsaved template of one kind and language. */
export const PreviewBody = z
  .strictObject(
    { kind: TemplateKind, locale: TemplateLocale, subject: templateText(200), intro: templateText(2000) },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'is not a preview field' : 'must be a JSON object') },
  )
  .openapi('MessageTemplatePreviewRequest');

/** One kind and language's template: the merchant's words ('' = default) and the default words. */
export const TemplateSchema = z
  .object({
    kind: z.string(),
    locale: z.string(),
    subject: z.string(),
    intro: z.string(),
    default_subject: z.string(),
    default_intro: z.string(),
    customized: z.boolean(),
    updated_at: z.string().nullable(),
  })
  .openapi('MessageTemplate');

/** A rendered preview. */
export const PreviewSchema = z
  .object({ subject: z.string(), html: z.string(), text: z.string() })
  .openapi('MessageTemplatePreview');
