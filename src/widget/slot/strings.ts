/**
 * The slot list's words in each of the widget's languages, in the slot list's own file (loaded
 * only by a slot widget, never before a date or range widget is interactive): one `|`-separated
 * line per language in the order of `KEYS`, as the widget's locale files are. Times, days and
 * zones are formatted by `Intl` and fill the `{0}` slots; reasons ("fully booked", "only 2
 * left") are the widget's own strings.
 * @module
 */
const KEYS = [
  'times',
  'zone',
  'yours',
  'morning',
  'afternoon',
  'evening',
  'pickTime',
  'none',
  'error',
  'length',
  'notFor',
] as const;

/** One string of the slot list. */
export type SlotKey = (typeof KEYS)[number];

const LINES: Record<string, string> = {
  en: 'Times on {0}|Times are in {0}.|{0} your time|Morning|Afternoon|Evening|Choose a time.|No times on this day.|Could not load the times.|Length|unavailable for {0}',
  de: 'Uhrzeiten am {0}|Uhrzeiten in {0}.|{0} bei Ihnen|Vormittag|Nachmittag|Abend|Bitte eine Uhrzeit wählen.|An diesem Tag gibt es keine Uhrzeiten.|Die Uhrzeiten konnten nicht geladen werden.|Dauer|nicht für {0} verfügbar',
  fr: 'Horaires du {0}|Horaires en {0}.|{0} chez vous|Matin|Après-midi|Soir|Choisissez un horaire.|Aucun horaire ce jour-là.|Impossible de charger les horaires.|Durée|indisponible pour {0}',
  es: 'Horarios del {0}|Horarios en {0}.|{0} en su hora|Mañana|Tarde|Noche|Elija un horario.|No hay horarios este día.|No se pudieron cargar los horarios.|Duración|no disponible durante {0}',
  ja: '{0}の時間|時間は{0}です。|あなたの時間で{0}|午前|午後|夜|時間を選んでください。|この日は時間がありません。|時間を読み込めませんでした。|長さ|{0}は予約できません',
  ar: 'الأوقات في {0}|الأوقات بتوقيت {0}.|{0} بتوقيتك|الصباح|بعد الظهر|المساء|اختر وقتًا.|لا أوقات في هذا اليوم.|تعذّر تحميل الأوقات.|المدة|غير متاح لمدة {0}',
};

/** A translate function of the slot list's strings. */
export type SlotWords = (key: SlotKey, ...args: string[]) => string;

/** The slot list's strings in the language of `locale` (English for a language it lacks). */
export function slotWords(locale: string): SlotWords {
  const words = (LINES[locale.split('-')[0]!.toLowerCase()] ?? LINES.en!).split('|');
  return (key, ...args) => words[KEYS.indexOf(key)]!.replace(/\{(\d)\}/g, (_, i: string) => args[Number(i)] ?? '');
}

/** How many strings each language must have (a test checks every line). */
export const SLOT_LINES = LINES;
export const SLOT_KEY_COUNT = KEYS.length;
