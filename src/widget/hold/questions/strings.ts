/**
 * The questions form's words in each of the widget's languages, in the questions' own file
 * (loaded on demand with the form, never before the calendar is interactive): one `|`-separated
 * line per language in the order of `KEYS`, as the widget's locale files are. The questions
 * themselves are the merchant's wording, or its translation for the shopper's language.
 * @module
 */
import type { AnswerProblem } from '../../../shared/questions.ts';

const KEYS = [
  'title',
  'unit',
  'choose',
  'required',
  'too_long',
  'not_option',
  'not_number',
  'too_small',
  'too_big',
  'not_checked',
  'tick',
  'fix',
  'saveError',
  'saving',
] as const;

/** One string of the form. */
export type QuestionKey = (typeof KEYS)[number];

const LINES: Record<string, string> = {
  en: 'A few details|{0} ({1} of {2})|Choose…|Answer “{0}”.|“{0}”: at most {1} characters.|“{0}”: choose one of the options.|“{0}”: enter a number.|“{0}”: at least {1}.|“{0}”: at most {1}.|Tick “{0}” or leave it empty.|Tick “{0}”.|Answer the questions above to check out.|Your answers could not be saved. Please try again.|Saving your answers…',
  de: 'Ein paar Angaben|{0} ({1} von {2})|Bitte wählen…|Bitte „{0}“ beantworten.|„{0}“: höchstens {1} Zeichen.|„{0}“: bitte eine der Optionen wählen.|„{0}“: bitte eine Zahl eingeben.|„{0}“: mindestens {1}.|„{0}“: höchstens {1}.|„{0}“ ankreuzen oder leer lassen.|Bitte „{0}“ ankreuzen.|Beantworten Sie die Fragen oben, um zur Kasse zu gehen.|Ihre Antworten konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.|Antworten werden gespeichert…',
  fr: 'Quelques précisions|{0} ({1} sur {2})|Choisir…|Répondez à « {0} ».|« {0} » : {1} caractères au plus.|« {0} » : choisissez une des options.|« {0} » : saisissez un nombre.|« {0} » : au moins {1}.|« {0} » : au plus {1}.|Cochez « {0} » ou laissez vide.|Cochez « {0} ».|Répondez aux questions ci-dessus pour passer au paiement.|Vos réponses n’ont pas pu être enregistrées. Veuillez réessayer.|Enregistrement de vos réponses…',
  es: 'Algunos datos|{0} ({1} de {2})|Elegir…|Responda «{0}».|«{0}»: {1} caracteres como máximo.|«{0}»: elija una de las opciones.|«{0}»: escriba un número.|«{0}»: al menos {1}.|«{0}»: como máximo {1}.|Marque «{0}» o déjelo vacío.|Marque «{0}».|Responda a las preguntas de arriba para pagar.|No se pudieron guardar sus respuestas. Inténtelo de nuevo.|Guardando sus respuestas…',
  ja: 'ご確認事項|{0}（{2}件中{1}件目）|選択してください…|「{0}」にお答えください。|「{0}」：{1}文字以内で入力してください。|「{0}」：選択肢から選んでください。|「{0}」：数字を入力してください。|「{0}」：{1}以上にしてください。|「{0}」：{1}以下にしてください。|「{0}」はチェックするか空欄のままにしてください。|「{0}」にチェックしてください。|チェックアウトするには上の質問にお答えください。|回答を保存できませんでした。もう一度お試しください。|回答を保存しています…',
  ar: 'بعض التفاصيل|{0} ({1} من {2})|اختر…|أجب عن «{0}».|«{0}»: {1} حرفًا على الأكثر.|«{0}»: اختر أحد الخيارات.|«{0}»: أدخل رقمًا.|«{0}»: {1} على الأقل.|«{0}»: {1} على الأكثر.|حدّد «{0}» أو اتركه فارغًا.|حدّد «{0}».|أجب عن الأسئلة أعلاه لإتمام الشراء.|تعذّر حفظ إجاباتك. يُرجى المحاولة مرة أخرى.|جارٍ حفظ إجاباتك…',
};

/** A translate function of the form's strings. */
export type QuestionWords = (key: QuestionKey | AnswerProblem, ...args: (string | number)[]) => string;

/** The form's words in `locale`'s language (English when the widget has none for it). */
export function questionWords(locale: string): QuestionWords {
  const words = (LINES[locale.split('-')[0]!.toLowerCase()] ?? LINES.en!).split('|');
  return (key, ...args) =>
    words[KEYS.indexOf(key as QuestionKey)]!.replace(/\{(\d)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
}

/** Every language's line has a string for each key (the tests' check). */
export const QUESTION_LINES = LINES;
/** How many strings each line must have. */
export const QUESTION_KEY_COUNT = KEYS.length;
