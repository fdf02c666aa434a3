/**
 * A message's subject, HTML and plain text from its snapshot, in the shop's language. Every
 * value that came from a customer or a merchant (names, answers, titles) is HTML-escaped
 * where it enters the HTML: a customer named `<script>` is shown as that text. The HTML has no
 * style attribute or element: the admin shows it in a frame under its own CSP (`style-src
 * 'self'`), which would drop them, and it must look there as it does in the customer's mail.
 * @module
 */
import type { BookingSnapshot, MessageKind } from './types.ts';
import { fill, MESSAGE_LOCALES, messageLanguage } from './strings.ts';
import { placeholderValues, templatePart } from './templates.ts';
import { describePeriod, describeZone } from './when.ts';

/** What a message says, in both forms. */
export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
  /** The language it is written in (one of the six). */
  language: string;
}

/** The customer's name as the message greets them: first and last, or the email's local part. */
export function customerName(snapshot: BookingSnapshot): string {
  const customers = Array.isArray(snapshot.booking.customers) ? snapshot.booking.customers : [];
  // The customer written to: the first with an email (as migration 26 chooses the recipient).
  const customer = customers.find((c) => typeof c?.email === 'string' && c.email.trim()) ?? customers[0];
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const name = [text(customer?.first_name), text(customer?.last_name)].filter(Boolean).join(' ');
  return name || text(customer?.email).split('@')[0] || '';
}

/** Text made safe to place in HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** One labelled line of the details: its label and its lines of value. */
type Detail = [label: string, lines: string[]];

/** Renders `kind` of `snapshot`; a customer's message links to `manageUrl` (manage/link.ts) when given. */
export function renderMessage(kind: MessageKind, snapshot: BookingSnapshot, manageUrl?: string): RenderedMessage {
  const language = messageLanguage(snapshot.shop.locale);
  const words = MESSAGE_LOCALES[language];
  const { booking, shop } = snapshot;
  const name = customerName(snapshot);
  const values = { ...placeholderValues(snapshot, language, name), customer: name };
  const forCustomer = kind.startsWith('customer_');
  const details: Detail[] = [
    [words.booking, [`#${booking.id}`]],
    [words.what, snapshot.items.map((item) => `${item.quantity} × ${item.product} – ${item.variant}`)],
    [words.when, [describePeriod(booking.starts_at, booking.finishes_at, shop.tz, language)]],
  ];
  if (snapshot.previous)
    details.push([
      words.previously,
      [describePeriod(snapshot.previous.starts_at, snapshot.previous.finishes_at, shop.tz, language)],
    ]);
  const places = [...new Set(snapshot.items.map((item) => item.location).filter((l): l is string => Boolean(l)))];
  if (places.length > 0) details.push([words.where, places]);
  if (!forCustomer) {
    const customer = Array.isArray(booking.customers) ? booking.customers[0] : undefined;
    details.push([words.customer, [name, customer?.email ?? ''].filter(Boolean)]);
  }
  if (Array.isArray(booking.fields) && booking.fields.length > 0)
    details.push([words.answers, booking.fields.map((field) => `${field.name}: ${field.value}`)]);

  const greeting = forCustomer && name ? fill(words.greeting, values) : '';
  // The merchant's template (migration 30), filled here and escaped with the rest below.
  const intro = fill(templatePart(snapshot, 'intro', words.intro[kind]), values);
  const zone = fill(words.zoneNote, { shop: shop.name, zone: describeZone(shop.tz, language, booking.starts_at) });
  const calendar = forCustomer && kind !== 'customer_cancellation' ? words.calendarNote : '';
  const subject = fill(templatePart(snapshot, 'subject', words.subject[kind]), values);
  const manage = forCustomer && manageUrl ? { words: words.manage, url: manageUrl } : undefined;
  const refundOrder = booking.refund_order;
  const refund =
    kind === 'merchant_cancellation' && typeof refundOrder === 'string'
      ? fill(words.refund, { order: refundOrder || '' }).replace('  ', ' ')
      : '';

  const text = [
    greeting,
    intro,
    refund,
    '',
    ...details.map(([label, lines]) => `${label}: ${lines.join('\n  ')}`),
    '',
    zone,
    calendar,
    manage ? `${manage.words}: ${manage.url}` : '',
    '',
    `— ${shop.name}`,
  ]
    .filter((line, index, all) => line !== '' || (index > 0 && all[index - 1] !== ''))
    .join('\n');
  return {
    subject,
    html: renderHtml({ language, subject, greeting, intro, refund, details, zone, calendar, manage, shop: shop.name }),
    text,
    language,
  };
}

function renderHtml(parts: {
  language: string;
  subject: string;
  greeting: string;
  intro: string;
  refund: string;
  details: Detail[];
  zone: string;
  calendar: string;
  manage: { words: string; url: string } | undefined;
  shop: string;
}): string {
  const e = escapeHtml;
  const rows = parts.details
    .map(
      ([label, lines]) =>
        `<tr><th scope="row" align="left" valign="top">${e(label)}</th><td>${lines.map(e).join('<br>')}</td></tr>`,
    )
    .join('\n');
  const paragraph = (text: string) => (text ? `<p>${e(text)}</p>\n` : '');
  return `<!doctype html>
<html lang="${e(parts.language)}" dir="${parts.language === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><title>${e(parts.subject)}</title></head>
<body>
${paragraph(parts.greeting)}${paragraph(parts.intro)}${paragraph(parts.refund)}<table role="presentation" cellpadding="4">
${rows}
</table>
${paragraph(parts.zone)}${paragraph(parts.calendar)}${parts.manage ? `<p><a href="${e(parts.manage.url)}">${e(parts.manage.words)}</a></p>\n` : ''}<p>— ${e(parts.shop)}</p>
</body>
</html>
`;
}
