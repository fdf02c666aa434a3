/**
 * Every visible string of the widget, per language, and the choice of locale.
 *
 * Each language is one `|`-separated line in the order of `KEYS`: a table is cheap to ship
 * (the widget's byte budget is tight) and easy to review side by side. Dates and numbers are
 * never in here; `Intl` formats them and they fill the `{0}`, `{1}` slots.
 * @module
 */

const KEYS = [
  'prev', 'next', 'unavailable', 'past', 'lead', 'horizon', 'closed', 'sold', 'loading', 'quantity',
  'reserve', 'reserving', 'busy', 'heldUntil', 'timeLeft', 'expired', 'again', 'loadError', 'holdError',
  'retry', 'onlyLeft', 'length', 'crosses', 'pickEnd', 'held', 'pickVariant',
] as const;

/** The name of one string in the table. */
export type StringKey = (typeof KEYS)[number];

const TABLE: Record<string, string> = {
  en: 'Previous month|Next month|unavailable|in the past|too soon to book|too far ahead|closed|fully booked|Loading…|Quantity|Reserve|Reserving…|Busy, retrying…|Held until {0}.|{0} left|Your hold has expired.|Hold again|Could not load the calendar.|Could not hold these dates.|Retry|{0}: only {1} left.|Choose {0} to {1} days.|Your dates include an unavailable day.|Now choose the end date.|Held for you|Choose an option first.',
  de: 'Vorheriger Monat|Nächster Monat|nicht verfügbar|vergangen|zu kurzfristig|zu weit im Voraus|geschlossen|ausgebucht|Wird geladen…|Anzahl|Reservieren|Wird reserviert…|Ausgelastet, neuer Versuch…|Reserviert bis {0}.|noch {0}|Ihre Reservierung ist abgelaufen.|Erneut reservieren|Der Kalender konnte nicht geladen werden.|Diese Daten konnten nicht reserviert werden.|Erneut versuchen|{0}: nur noch {1} frei.|Wählen Sie {0} bis {1} Tage.|Ihr Zeitraum enthält einen nicht verfügbaren Tag.|Wählen Sie nun das Enddatum.|Für Sie reserviert|Wählen Sie zuerst eine Variante.',
  fr: 'Mois précédent|Mois suivant|indisponible|passé|trop tôt pour réserver|trop lointain|fermé|complet|Chargement…|Quantité|Réserver|Réservation…|Occupé, nouvel essai…|Réservé jusqu’à {0}.|{0} restantes|Votre réservation a expiré.|Réserver à nouveau|Impossible de charger le calendrier.|Impossible de réserver ces dates.|Réessayer|{0} : plus que {1}.|Choisissez de {0} à {1} jours.|Vos dates incluent un jour indisponible.|Choisissez maintenant la date de fin.|Réservé pour vous|Choisissez d’abord une option.',
  es: 'Mes anterior|Mes siguiente|no disponible|pasado|demasiado pronto|demasiado lejos|cerrado|completo|Cargando…|Cantidad|Reservar|Reservando…|Ocupado, reintentando…|Reservado hasta {0}.|quedan {0}|Tu reserva ha caducado.|Reservar de nuevo|No se pudo cargar el calendario.|No se pudieron reservar estas fechas.|Reintentar|{0}: solo quedan {1}.|Elige de {0} a {1} días.|Tus fechas incluyen un día no disponible.|Ahora elige la fecha de fin.|Reservado para ti|Elige primero una opción.',
  ja: '前の月|次の月|予約不可|過去の日付|直前のため不可|受付期間外|休業日|満席|読み込み中…|数量|予約する|予約中…|混雑中、再試行中…|{0}まで確保しています。|残り{0}|確保期限が切れました。|もう一度確保|カレンダーを読み込めませんでした。|この日程を確保できませんでした。|再試行|{0}：残り{1}です。|{0}〜{1}日を選んでください。|選択した期間に予約できない日が含まれています。|終了日を選んでください。|確保済み|先にオプションを選んでください。',
  ar: 'الشهر السابق|الشهر التالي|غير متاح|في الماضي|قريب جدًا|بعيد جدًا|مغلق|محجوز بالكامل|جارٍ التحميل…|الكمية|احجز|جارٍ الحجز…|مشغول، جارٍ إعادة المحاولة…|محجوز حتى {0}.|متبقٍ {0}|انتهت مدة الحجز.|احجز مجددًا|تعذّر تحميل التقويم.|تعذّر حجز هذه التواريخ.|إعادة المحاولة|{0}: متبقٍ {1} فقط.|اختر من {0} إلى {1} أيام.|تتضمن تواريخك يومًا غير متاح.|اختر الآن تاريخ النهاية.|محجوز لك|اختر خيارًا أولًا.',
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

/** True for the right-to-left scripts the widget may be shown in. */
export function isRtl(locale: string): boolean {
  return /^(ar|he|fa|ur)\b/i.test(locale);
}

/** The strings for `locale`: its language's table, English when there is none. */
export function translator(locale: string): Translate {
  const words = (TABLE[locale.split('-')[0]!.toLowerCase()] ?? TABLE.en!).split('|');
  return (key, ...args) =>
    words[KEYS.indexOf(key)]!.replace(/\{(\d)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
}

/** The languages the table has, for tests and docs. */
export const LANGUAGES = /* @__PURE__ */ Object.keys(TABLE);

/** How many strings each language must have. */
export const STRING_COUNT = /* @__PURE__ */ (() => KEYS.length)();
