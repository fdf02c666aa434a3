/**
 * Zones named in words beside a hold's days and its end, in the file of the hold's code: only
 * a hold shows them, so the calendar never waits for these bytes.
 * @module
 */
import { type Formats, isolate } from '../format.ts';
import { type HeldPeriod, heldText } from './times.ts';

/** The shopper's own zone, e.g. "Europe/Berlin". */
export function shopperZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone's name in words in `locale` ("Australian Eastern Time"), from Intl's generic names. */
export function zoneName(zone: string, locale: string): string {
  try {
    // Today's rules, not those of 1970 (instant 0), when Melbourne and Berlin had no summer
    // time, so ICU named their standard time ("Australian Eastern Standard Time") all year.
    const part = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(Date.now())
      .find((p) => p.type === 'timeZoneName');
    // An offset ("GMT+00:00", Arabic "غرينتش+00:00") says less than the zone's own name ("UTC").
    if (part && !/[+\-−]\d/.test(part.value)) return part.value;
  } catch {
    // An engine without generic names: the IANA name, readable.
  }
  return zone.replace(/_/g, ' ');
}

/**
 * `text` (days or a time in `zone`) with `zone` named in words, "… (Australian Eastern Time)",
 * when the shop's zone `tz` is not the shopper's: then the hold's days (in the shop's zone)
 * and its end (in the shopper's) could be misread. Nothing is added when both are one zone.
 * The zone's name is isolated for bidi (FSI … PDI): a Latin zone name (the IANA name, where
 * Intl has no words for it) keeps its order in an Arabic sentence. `text` is left as it is.
 */
export function named(text: string, zone: string, tz: string, locale = 'en'): string {
  return shopperZone() === tz ? text : `${text} (${isolate(zoneName(zone, locale))})`;
}

/** A held item's period (days, or a time of day) in the shop's zone, the zone named when it is not the shopper's. */
export function heldPeriod(f: Formats, item: HeldPeriod, tz: string, nights: boolean, locale = 'en'): string {
  return named(heldText(f, item, tz, nights, locale), tz, tz, locale);
}
