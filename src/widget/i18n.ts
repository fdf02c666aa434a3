/**
 * Every visible string of the widget, per language, and the choice of locale.
 *
 * Each language is one `|`-separated line in the order of `KEYS`: cheap to ship and easy to
 * review side by side. English is built in; every other language is a file of its own
 * (`locales/`), loaded only on a page in that language (the entry file starts loading it
 * together with the app). Dates and numbers are never in here; `Intl` formats them and they
 * fill the `{0}`, `{1}` slots.
 * @module
 */

const KEYS = [
  'prev',
  'next',
  'unavailable',
  'past',
  'lead',
  'horizon',
  'closed',
  'sold',
  'loading',
  'quantity',
  'reserve',
  'reserving',
  'busy',
  'heldUntil',
  'timeLeft',
  'expired',
  'again',
  'loadError',
  'holdError',
  'retry',
  'onlyLeft',
  'length',
  'crosses',
  'pickEnd',
  'held',
  'pickVariant',
  'unitsLeft',
  'checkout',
  'release',
  'keep',
  'update',
  'released',
  'expiredCart',
  'heldSay',
  'inCart',
  'total',
  'night',
  'nights',
  'pickStart',
  'pickDay',
  'legendFree',
  'legendFew',
  'legendSold',
  'legendClosed',
  'dayStart',
  'dayEnd',
  'dayIn',
  'crossesDay',
  'errNetwork',
  'errBusy',
  'errLoad',
  'errHold',
  'errCart',
  'fewer',
  'more',
  'maxQty',
  'legend',
  'onlyN',
  'sep',
  'labelled',
  'legendShort',
  'releasedFree',
  'noEnd',
  'tooShort',
  'tooLong',
  'restart',
  'nextStep',
  'pickOther',
  'pickFewer',
] as const;

/** The name of one string in the table. */
export type StringKey = (typeof KEYS)[number];

/** The built-in language. */
export const ENGLISH =
  'Previous month|Next month|unavailable|in the past|too soon to book|too far ahead|closed|fully booked|Loading…|Quantity|Reserve|Reserving…|Busy, retrying…|Held until {0}.|{0} left|Your hold has expired.|Hold again|Could not load the calendar.|Could not hold these dates.|Retry|{0}: only {1} left.|Choose {0} to {1} days.|an unavailable day in between|Now choose the end date.|Held for you|Choose an option first.|{0} left|Check out|Release|Keep holding|Update hold|Released. Your dates were removed from your cart.|Your hold has expired and was removed from your cart.|Held: {0}, until {1}.|It is in your cart.|Total {0}|{0} night|{0} nights|Choose a start date.|Choose a date.|Available|Few left|Fully booked|Closed|start|end|in your dates|{0} is unavailable.|We could not reach the booking service. Check your connection and try again.|The booking service is busy. Please try again in a moment.|The calendar could not load. Please try again.|These dates could not be held. Please try again.|Your dates are held, but the cart could not be updated. Please refresh the page.|Fewer|More|max {0}|Key|only {0} left|, |{0}: {1}|Fewer than you asked for|Released. These dates are free again.|cannot end your dates|too short|too long|{0} Your dates start again from {1}: now choose the end date.|Not booked yet: this page has no checkout. To book, contact the shop before your hold ends.|Choose other dates.|Choose fewer, or other dates.';

/** The other languages, each loaded on demand. */
export const LOCALES: Record<string, () => Promise<{ default: string }>> = {
  de: () => import('./locales/de.ts'),
  fr: () => import('./locales/fr.ts'),
  es: () => import('./locales/es.ts'),
  ja: () => import('./locales/ja.ts'),
  ar: () => import('./locales/ar.ts'),
};

/** A translate function: the string for `key` with `{0}`, `{1}` replaced by `args`. */
export type Translate = (key: StringKey, ...args: (string | number)[]) => string;

/** The first usable locale of the attribute, the widget record and `<html lang>`; else "en". */
export function resolveLocale(...candidates: (string | null | undefined)[]): string {
  for (const c of candidates) {
    try {
      if (c) return Intl.getCanonicalLocales(c)[0]!;
    } catch {
      // A malformed tag from a theme is skipped, never thrown into the page.
    }
  }
  return 'en';
}

/** The language part of a locale ("de" of "de-CH"), lower case. */
export function languageOf(locale: string): string {
  return locale.split('-')[0]!.toLowerCase();
}

/** True for the right-to-left scripts the widget may be shown in. */
export function isRtl(locale: string): boolean {
  return /^(ar|he|fa|ur)\b/i.test(locale);
}

/** The translate function over one language's line of strings. */
export function translator(line: string): Translate {
  const words = line.split('|');
  return (key, ...args) =>
    words[KEYS.indexOf(key)]!.replace(/\{(\d)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
}

/** How many strings each language must have. */
export const STRING_COUNT = /* @__PURE__ */ (() => KEYS.length)();
