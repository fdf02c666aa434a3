/**
 * The sample a template is previewed on: a booking of the shop's first product tomorrow,
 * for "Alex Sample", rendered by the same renderer the sender uses, with the unsaved template.
 * @module
 */
import { composeMail } from './compose.ts';
import type { PreviewContext } from './template-queries.ts';
import type { BookingSnapshot, MessageKind, MessageTemplateText } from './types.ts';

/** A rendered preview. */
export interface TemplatePreview {
  subject: string;
  html: string;
  text: string;
}

/** The sample booking's snapshot in `locale`, carrying `template`. */
export function sampleSnapshot(
  context: PreviewContext,
  kind: MessageKind,
  locale: string,
  template: MessageTemplateText,
): BookingSnapshot {
  const day = new Date(context.now.getTime() + 86_400_000);
  day.setUTCHours(10, 0, 0, 0);
  const finish = new Date(day.getTime() + 2 * 3_600_000);
  const iso = (date: Date) => date.toISOString();
  const before = new Date(day.getTime() - 86_400_000);
  return {
    booking: {
      id: 1001,
      status: kind.endsWith('cancellation') ? 'cancelled' : 'confirmed',
      starts_at: iso(day),
      finishes_at: iso(finish),
      start_day: iso(day).slice(0, 10),
      finish_day: iso(finish).slice(0, 10),
      customers: [{ first_name: 'Alex', last_name: 'Sample', email: 'alex@example.com' }],
      fields: [],
    },
    previous:
      kind === 'customer_change'
        ? { starts_at: iso(before), finishes_at: iso(new Date(before.getTime() + 2 * 3_600_000)) }
        : null,
    shop: { name: context.name, tz: context.tz, locale },
    sequence: 0,
    items: [
      {
        quantity: 1,
        product: context.product ?? 'Sample product',
        variant: context.variant ?? 'Standard',
        location: context.location,
      },
    ],
    template,
  };
}

/** The preview of `template` for `kind` in `locale`, as the message would be composed. */
export function previewTemplate(
  context: PreviewContext,
  kind: MessageKind,
  locale: string,
  template: MessageTemplateText,
  from: string,
): TemplatePreview {
  const mail = composeMail(
    {
      id: 0,
      shopId: 0,
      kind,
      recipient: 'alex@example.com',
      snapshot: sampleSnapshot(context, kind, locale, template),
      messageKey: 'preview',
    },
    from,
    context.now,
  );
  return { subject: mail.subject, html: mail.html, text: mail.text };
}
