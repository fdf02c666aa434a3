/**
 * The answers the shopper gives in the held state, checked as they type by the rule the
 * service keeps (`answerProblem`, src/shared/questions.ts) and worded in their language. Saved
 * when they press Check out: off Shopify on the reservation (the client's `setAnswers`),
 * on Shopify as the hold's cart lines' visible properties (`Rider's name #1: Ana`), which
 * `orders/create` turns into the booking's fields. Each answer is named by the merchant's
 * wording, whatever language the shopper reads.
 * @module
 */
import { type ReadonlySignal, computed, signal } from '@preact/signals';
import { retrieveAnswers, setAnswers, type Requester } from '../../../client/internal.ts';
import { type AnswerProblem, type AskedQuestion, answerName, answerProblem } from '../../../shared/questions.ts';
import type { Reservation } from '../../../shared/records.ts';
import type { Booking } from '../../models/booking-model.ts';
import type { ModelDeps } from '../../models/booking-types.ts';
import { saveToShopifyCart } from './cart-answers.ts';
import { type QuestionWords, questionWords } from './strings.ts';

/** One field of the form: a question, and the unit it is asked for. */
export interface Slot {
  key: string;
  q: AskedQuestion;
  unit: number;
}

/** The questions form's state. */
export function questionsModel(
  deps: ModelDeps,
  booking: Booking,
  locale: ReadonlySignal<string>,
  asked: ReadonlySignal<AskedQuestion[]>,
  requester: () => Requester,
  /** True on a Shopify storefront: the answers go on the cart lines. */
  onShopify: boolean,
) {
  const values = signal<Record<string, string>>({});
  /** Fields whose problem is shown: once left, or all of them after a Check out press. */
  const shown = signal<Record<string, true>>({});
  const saving = signal(false);
  /** Check out presses refused for unanswered questions: the form focuses the first one. */
  const attempts = signal(0);
  const failed = signal(false);
  const words = computed<QuestionWords>(() => questionWords(locale.value));
  const lang = computed(() => locale.value.split('-')[0]!.toLowerCase());

  const slots = computed<Slot[]>(() =>
    asked.value.flatMap((q) =>
      Array.from({ length: q.times }, (_, i) => ({ key: `${q.id} ${i + 1}`, q, unit: i + 1 })),
    ),
  );
  /** The question's label in the shopper's language (the merchant's wording when it has none). */
  const label = (s: Slot) => {
    const l = s.q.translations[lang.value]?.label ?? s.q.label;
    return s.q.per === 'unit' && s.q.times > 1 ? words.value('unit', l, s.unit, s.q.times) : l;
  };
  const problem = (s: Slot): AnswerProblem | undefined => answerProblem(s.q, values.value[s.key]);
  /** What is wrong with a field, in the shopper's words; '' when nothing (or not yet shown). */
  const message = (s: Slot): string => {
    const p = shown.value[s.key] && problem(s);
    if (!p) return '';
    const name = label(s);
    if (p === 'required' && s.q.kind === 'checkbox') return words.value('tick', name);
    const arg =
      p === 'too_long'
        ? (s.q.max_length ?? (s.q.kind === 'long_text' ? 2000 : 255))
        : p === 'too_small'
          ? s.q.min
          : s.q.max;
    return words.value(p, name, arg ?? '');
  };
  const blocked = computed(() => saving.value || slots.value.some((s) => problem(s) !== undefined));

  // Off Shopify, answers given before a reload come back from the reservation.
  const r0 = booking.reservation.peek();
  if (r0 && !onShopify)
    retrieveAnswers(requester(), r0.id, { cart_token: r0.cart_token }, { signal: deps.signal }).then(
      ({ fields }) => {
        const next = { ...values.peek() };
        for (const s of slots.peek()) {
          const f = fields.find((x) => x.name === answerName(s.q, s.unit));
          if (f && next[s.key] === undefined) next[s.key] = f.value;
        }
        values.value = next;
      },
      () => {},
    );

  /** The answers as booking fields, named in the merchant's words. */
  const fields = () =>
    slots.peek().flatMap((s) => {
      const v = values.peek()[s.key]?.trim();
      return v ? [{ s, name: answerName(s.q, s.unit), value: v }] : [];
    });

  async function save(r: Reservation): Promise<boolean> {
    saving.value = true;
    failed.value = false;
    try {
      const answered = fields();
      if (onShopify)
        await saveToShopifyCart(
          r,
          Object.fromEntries(answered.map((a) => [a.name, a.value])),
          deps,
          slots.peek().map((s) => answerName(s.q, s.unit)),
        );
      else
        await setAnswers(
          requester(),
          r.id,
          answered.map((a) => ({ question_id: a.s.q.id, unit: a.s.unit, value: a.value })),
          { cart_token: r.cart_token },
          { signal: deps.signal },
        );
      return true;
    } catch {
      failed.value = true;
      return false;
    } finally {
      saving.value = false;
    }
  }

  return {
    slots,
    values,
    attempts,
    saving,
    failed,
    words,
    blocked,
    label,
    message,
    /** The shopper changed a field. */
    set(key: string, value: string) {
      values.value = { ...values.peek(), [key]: value };
    },
    /** The shopper left a field: its problem is shown from now on. */
    leave(key: string) {
      if (!shown.peek()[key]) shown.value = { ...shown.peek(), [key]: true };
    },
    /** Translated options of a choice, beside the merchant's (the values sent). */
    options(s: Slot): { value: string; text: string }[] {
      const t = s.q.translations[lang.value]?.options;
      return s.q.options.map((o, i) => ({ value: o, text: t?.[i] ?? o }));
    },
    help(s: Slot): string | null {
      return s.q.translations[lang.value]?.help ?? s.q.help;
    },
    /** Check out: every problem shown (the first field focused by the form); else saved, then to `href`. */
    async submit(href: string): Promise<void> {
      shown.value = Object.fromEntries(slots.peek().map((s) => [s.key, true as const]));
      const r = booking.reservation.peek();
      if (!r) return;
      if (blocked.peek()) return void attempts.value++;
      if ((await save(r)) && !deps.signal.aborted) location.assign(href);
    },
  };
}

/** An instance of the questions model. */
export type QuestionsModel = ReturnType<typeof questionsModel>;
