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

/** "Sat, Dec 5, 2026" of a local date, in the shop's language. */
function localDay(date: string, withYear = true): string {
  return new Intl.DateTimeFormat(shop().locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(withYear && { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(utc(date as PlainDate));
}

/**
 * A period the service gives in the shop's wall-clock time (`start_local`, `starts_at_local`:
 * `YYYY-MM-DDTHH:MM`), read as the widget shows it: "Sat, Dec 5, 2026, 09:00–11:00", or across
 * midnight "Sat, Dec 5, 2026, 22:00 – Sun, Dec 6, 02:00". No zone arithmetic: the times are
 * the shop's already, DST days included.
 */
export function localPeriod(startLocal: string, finishLocal: string): string {
  const [startDay, startTime = '00:00'] = startLocal.split('T');
  const [finishDay, finishTime = '00:00'] = finishLocal.split('T');
  const hhmm = (time: string) => time.slice(0, 5);
  if (startDay === finishDay) return `${localDay(startDay!)}, ${hhmm(startTime)}–${hhmm(finishTime)}`;
  return `${localDay(startDay!)}, ${hhmm(startTime)} – ${localDay(finishDay!, false)}, ${hhmm(finishTime)}`;
}

/** Whether a booking's local times are whole days (both at midnight). */
export function isWholeDays(startLocal: string, finishLocal: string): boolean {
  return /T00:00(:00)?$/.test(startLocal) && /T00:00(:00)?$/.test(finishLocal);
}
