/**
 * The merchant's message templates (API.md §4.21, an extension): per kind and language, a
 * subject and intro paragraph in plain text with placeholders ({first_name}, {name}, {product},
 * {when}, {shop}, {id}); '' keeps the default words.
 * @module
 */
import type { BookingMessageKind } from './merchant-records.ts';

/** One kind and language's template (GET /v1/message-templates). */
export interface MessageTemplate {
  kind: BookingMessageKind;
  /** One of en, de, fr, es, ja, ar. */
  locale: string;
  /** The shop's subject, or '' for the default. */
  subject: string;
  /** The shop's intro paragraph, or '' for the default. */
  intro: string;
  default_subject: string;
  default_intro: string;
  /** Whether the shop has saved its own words for this kind and language. */
  customized: boolean;
  updated_at: string | null;
}

/** The body of PUT /v1/message-templates/{kind}/{locale}. */
export interface MessageTemplateParams {
  subject?: string;
  intro?: string;
}

/** The body of POST /v1/message-templates/preview. */
export interface MessageTemplatePreviewParams extends MessageTemplateParams {
  kind: BookingMessageKind;
  locale: string;
}

/** A sample booking's message rendered with a template. */
export interface MessageTemplatePreview {
  subject: string;
  html: string;
  text: string;
}
