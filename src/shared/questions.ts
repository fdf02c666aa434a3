/**
 * Questions asked with a booking (issue 27, point 8): their record, the name an answer is
 * stored under (the booking's `fields`, the seed's `{name, value}`), and the one check of an
 * answer the widget, the service and the Shopify order path share. The check returns a code,
 * never words: the service words it in English naming the question, the widget in the
 * shopper's language.
 * @module
 */

/** What a question asks for. */
export type QuestionKind = 'short_text' | 'long_text' | 'choice' | 'checkbox' | 'number';

/** Asked once per booking, or once per unit booked (one rider's name per kayak). */
export type QuestionPer = 'booking' | 'unit';

/** The kinds, in the order the admin offers them. */
export const QUESTION_KINDS: readonly QuestionKind[] = ['short_text', 'long_text', 'choice', 'checkbox', 'number'];

/** A question's wording in one language: every part optional (the merchant's wording stands in). */
export interface QuestionTranslation {
  label?: string;
  help?: string;
  /** The options in the same order as the question's. */
  options?: string[];
}

/** A question as GET /v1/products/{id}/questions lists it. */
export interface Question {
  id: number;
  product_id: number;
  /** Only for this variant (the service's id); null: every variant of the product. */
  variant_id: number | null;
  position: number;
  kind: QuestionKind;
  /** The merchant's wording: also the name its answers are stored under. */
  label: string;
  help: string | null;
  required: boolean;
  per: QuestionPer;
  /** The choices of a `choice` question (empty otherwise). */
  options: string[];
  /** Longest answer of a text question, in characters. */
  max_length: number | null;
  /** Bounds of a `number` question. */
  min: number | null;
  max: number | null;
  /** Wordings by locale (`de`, `fr`, ...). */
  translations: Record<string, QuestionTranslation>;
}

/** A question a reservation asks, and how many times (1, or the units held when asked per unit). */
export interface AskedQuestion extends Question {
  times: number;
}

/** The longest answer any text question takes when it names no `max_length`. */
export const DEFAULT_MAX_LENGTH = { short_text: 255, long_text: 2000 } as const;

/** What a checked checkbox answers (the box unchecked is no answer). */
export const CHECKED = 'Yes';

/** Why an answer is refused. */
export type AnswerProblem =
  | 'required'
  | 'too_long'
  | 'not_option'
  | 'not_number'
  | 'too_small'
  | 'too_big'
  | 'not_checked';

/** The name an answer is stored under: the label, with the unit's number when asked per unit ("Rider's name #2"). */
export function answerName(q: Pick<Question, 'label' | 'per'>, unit: number): string {
  return q.per === 'unit' ? `${q.label} #${unit}` : q.label;
}

/** The longest answer `q` takes. */
export function maxLengthOf(q: Pick<Question, 'kind' | 'max_length'>): number {
  return q.max_length ?? (q.kind === 'long_text' ? DEFAULT_MAX_LENGTH.long_text : DEFAULT_MAX_LENGTH.short_text);
}

/** What is wrong with `value` as an answer to `q` (trimmed; '' is no answer), or undefined when it is fine. */
export function answerProblem(q: Question, value: string | undefined): AnswerProblem | undefined {
  const v = (value ?? '').trim();
  if (v === '') return q.required ? 'required' : undefined;
  switch (q.kind) {
    case 'checkbox':
      return v === CHECKED ? undefined : 'not_checked';
    case 'choice':
      return q.options.includes(v) ? undefined : 'not_option';
    case 'number': {
      if (!/^-?\d+(\.\d+)?$/.test(v)) return 'not_number';
      const n = Number(v);
      if (q.min !== null && n < q.min) return 'too_small';
      if (q.max !== null && n > q.max) return 'too_big';
      return undefined;
    }
    default:
      return v.length > maxLengthOf(q) ? 'too_long' : undefined;
  }
}

/** The questions of `all` that `variantId` (the service's id) is asked: the product's, and its own. */
export function questionsFor<Q extends Pick<Question, 'variant_id'>>(all: readonly Q[], variantId: number): Q[] {
  return all.filter((q) => q.variant_id === null || q.variant_id === variantId);
}

/**
 * The answers among a Shopify line's visible properties (`{label}` or `{label} #n`) that name
 * one of `questions`, in the questions' order, as booking fields. Hidden (`_`) properties and
 * the widget's own (Start, Finish, ...) never match a question, so they are left out.
 */
export function answersInProperties(
  questions: readonly Question[],
  properties: Readonly<Record<string, string>>,
  units: number,
): { name: string; value: string }[] {
  const fields: { name: string; value: string }[] = [];
  for (const q of questions) {
    const times = q.per === 'unit' ? units : 1;
    for (let unit = 1; unit <= times; unit++) {
      const name = answerName(q, unit);
      const value = properties[name]?.trim();
      if (value && !answerProblem(q, value)) fields.push({ name, value });
    }
  }
  return fields;
}

/** A question as PUT /v1/products/{id}/questions takes it (defaults: not required, per booking). */
export interface QuestionParams {
  kind: QuestionKind;
  label: string;
  help?: string | null;
  required?: boolean;
  per?: QuestionPer;
  options?: string[];
  max_length?: number | null;
  min?: number | null;
  max?: number | null;
  variant_id?: number | null;
  translations?: Record<string, QuestionTranslation>;
}

/** One answer of PUT /v1/reservations/{id}/answers. */
export interface AnswerParams {
  question_id: number;
  /** The unit answered for, from 1 (a question asked per unit). @default 1 */
  unit?: number;
  /** "" is no answer; "Yes" ticks a checkbox. */
  value: string;
}

/** A reservation's answers: the `{name, value}` fields a booking made from it carries. */
export interface ReservationAnswers {
  reservation_id: number;
  fields: { name: string; value: string }[];
}
