/**
 * The merchant's templates (migration 30): per kind and language, a subject and an intro
 * paragraph in plain text with placeholders. Filled here as plain text; the HTML renderer
 * escapes the result, so neither the merchant's words nor a customer's name can add markup.
 * @module
 */
import type { BookingSnapshot, MessageTemplateText } from './types.ts';
import { describePeriod } from './when.ts';

/** The placeholders a template may use, each `{name}` in its text. */
export const TEMPLATE_PLACEHOLDERS = ['first_name', 'name', 'product', 'when', 'shop', 'id'] as const;

/** The placeholders named in `text` that are not known (each once, in order). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(TEMPLATE_PLACEHOLDERS);
  const found = [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
  return [...new Set(found.filter((name) => !known.has(name)))];
}

/** The values of the placeholders for `snapshot`, in `language` (name: the greeting's). */
export function placeholderValues(snapshot: BookingSnapshot, language: string, name: string): Record<string, string> {
  const customers = Array.isArray(snapshot.booking.customers) ? snapshot.booking.customers : [];
  const customer = customers.find((c) => typeof c?.email === 'string' && c.email.trim()) ?? customers[0];
  const firstName = typeof customer?.first_name === 'string' ? customer.first_name.trim() : '';
  return {
    first_name: firstName || name,
    name,
    product: [...new Set(snapshot.items.map((item) => item.product))].join(', '),
    when: describePeriod(snapshot.booking.starts_at, snapshot.booking.finishes_at, snapshot.shop.tz, language),
    shop: snapshot.shop.name,
    id: String(snapshot.booking.id),
  };
}

/** The merchant's `part` of the snapshot's template when it has one, else `fallback`. */
export function templatePart(snapshot: BookingSnapshot, part: keyof MessageTemplateText, fallback: string): string {
  const custom = snapshot.template?.[part];
  return typeof custom === 'string' && custom.trim() !== '' ? custom.trim() : fallback;
}
