/**
 * The words of ticket types and a shopper's choice, in each of the widget's languages, in the
 * shared resources' own file (loaded only for a product that needs it): one `|`-separated line
 * per language in the order of `KEYS`, as the widget's locale files are. Prices, numbers and
 * lists are formatted by `Intl` and fill the `{0}` slots; names (types, resources) are the
 * merchant's own.
 * @module
 */
const KEYS = [
  'tickets',
  'each',
  'fewer',
  'more',
  'pool',
  'any',
  'free',
  'notFree',
  'fewOn',
  'noneOn',
  'freeInstead',
] as const;

/** One string of the shared resources' file. */
export type ResourceKey = (typeof KEYS)[number];

const LINES: Record<string, string> = {
  en: 'Tickets|{0} each|Fewer: {0}|More: {0}|Preference|Any|free|not free then|{0}: only {1} left on {2}.|Not free on {1}: {0}.|Free instead: {0}.',
  de: 'Tickets|je {0}|Weniger: {0}|Mehr: {0}|Wunsch|Egal|frei|dann nicht frei|{0}: am {2} nur noch {1} frei.|Am {1} nicht frei: {0}.|Stattdessen frei: {0}.',
  fr: 'Billets|{0} l’unité|Moins : {0}|Plus : {0}|Préférence|Indifférent|libre|pas libre à ce moment|{0} : plus que {1} le {2}.|Pas libre le {1} : {0}.|Libre à la place : {0}.',
  es: 'Entradas|{0} c/u|Menos: {0}|Más: {0}|Preferencia|Cualquiera|libre|no libre entonces|{0}: solo quedan {1} el {2}.|No libre el {1}: {0}.|Libre en su lugar: {0}.',
  ja: 'チケット|1名 {0}|減らす: {0}|増やす: {0}|ご希望|指定なし|空きあり|この時間は空きなし|{0}: {2}は残り{1}です。|{1}は空きがありません: {0}。|代わりに空いています: {0}。',
  ar: 'التذاكر|{0} للواحد|أقل: {0}|أكثر: {0}|التفضيل|أي أحد|متاح|غير متاح حينها|{0}: لم يتبقَّ سوى {1} في {2}.|غير متاح في {1}: {0}.|متاح بدلًا من ذلك: {0}.',
};

/** A translate function of the shared resources' strings. */
export type ResourceWords = (key: ResourceKey, ...args: string[]) => string;

/** The shared resources' strings in the language of `locale` (English for a language it lacks). */
export function resourceWords(locale: string): ResourceWords {
  const words = (LINES[locale.split('-')[0]!.toLowerCase()] ?? LINES.en!).split('|');
  return (key, ...args) => words[KEYS.indexOf(key)]!.replace(/\{(\d)\}/g, (_, i: string) => args[Number(i)] ?? '');
}

/** Every language's line, and how many strings each must have (a test checks every line). */
export const RESOURCE_LINES = LINES;
export const RESOURCE_KEY_COUNT = KEYS.length;
