/**
 * Days and times as the merchant reads them: in the shop's zone and language, through Intl.
 * @module
 */
import type { PlainDate } from '../../shared/plain-date.ts';
import { session } from './session.ts';

function shop(): { tz: string; locale: string } {
  return { tz: session.value?.shop.tz ?? 'UTC', locale: session.value?.shop.locale ?? 'en' };
}

const utc = (day: PlainDate) => new Date(`${day}T00:00:00Z`);

/** "Dec 29, 2026", or "Dec 29 – 30, 2026" from the first to the last day (both included). */
export function dayRange(first: PlainDate, last: PlainDate): string {
  const f = new Intl.DateTimeFormat(shop().locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return last <= first ? f.format(utc(first)) : f.formatRange(utc(first), utc(last));
}

/** "Dec 29, 2026, 9:00 AM – 5:00 PM": two instants in the shop's zone. */
export function timeRange(start: string, finish: string): string {
  const { tz, locale } = shop();
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: tz }).formatRange(
    new Date(start),
    new Date(finish),
  );
}

/** "Dec 29, 2026, 9:00 AM": an instant in the shop's zone. */
export function when(iso: string): string {
  const { tz, locale } = shop();
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: tz }).format(
    new Date(iso),
  );
}
