/**
 * The questions endpoints' bodies as schemas (API.md §3 "Questions"): PUT
 * /v1/products/{id}/questions (the product's whole list, replaced) and PUT
 * /v1/reservations/{id}/answers (the cart's whole set of answers, replaced). Each field's shape
 * is the schema's; what needs the database (a variant of another product, an answer to a
 * question the reservation does not ask) is the rules' (`questions.ts`, `answers.ts`).
 * @module
 */
import { z } from '@hono/zod-openapi';
import { QUESTION_KINDS } from '../../shared/questions.ts';
import { externalId, fieldsOnly, list, text, wholeNumber } from '../shared/schemas.ts';

/** The most questions one product may ask. */
export const MAX_QUESTIONS = 30;

const NUMBER = z
  .number({ error: 'must be a number' })
  .refine((n) => Number.isFinite(n) && Math.abs(n) <= 1e12, 'must be a number from -1e12 to 1e12');

const optionalText = (max: number) =>
  z
    .preprocess((value) => (value === '' ? null : value), text(max).nullish())
    .transform((v) => v ?? null)
    .openapi({ type: 'string', maxLength: max });

const TRANSLATION = fieldsOnly(
  { label: text(255).optional(), help: text(1000).optional(), options: list(text(255), 50).optional() },
  'translation',
  'must be an object with label, help or options',
);

/** One question as a merchant writes it. */
const QUESTION = fieldsOnly(
  {
    kind: z
      .enum(QUESTION_KINDS as [string, ...string[]], { error: `must be one of ${QUESTION_KINDS.join(', ')}` })
      .openapi({ description: 'What it asks for.' }),
    label: text(255).openapi({ description: "The merchant's wording; its answers are stored under it." }),
    help: optionalText(1000),
    required: z.boolean({ error: 'must be true or false' }).optional().openapi({ description: '@default false' }),
    per: z
      .enum(['booking', 'unit'], { error: 'must be "booking" or "unit"' })
      .optional()
      .openapi({ description: 'Asked once per booking, or once per unit held. @default "booking"' }),
    options: list(text(255), 50).optional().openapi({ description: "A choice's options (at least one)." }),
    max_length: wholeNumber(1, 2000).nullish(),
    min: NUMBER.nullish(),
    max: NUMBER.nullish(),
    variant_id: externalId()
      .nullish()
      .openapi({ description: "Only for this variant of the product (the service's variant id)." }),
    translations: z
      .record(
        z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a locale such as "de" or "pt-BR"'),
        TRANSLATION,
      )
      .optional()
      .openapi({ description: 'Wordings by locale: {"de": {"label": "...", "options": [...]}}.' }),
  },
  'question',
  'must be an object with kind and label',
).superRefine((q, ctx) => {
  if (q.kind === 'choice' && !q.options?.length)
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'must list at least one option for a choice' });
  if (q.min != null && q.max != null && q.min > q.max)
    ctx.addIssue({ code: 'custom', path: ['max'], message: 'must not be less than min' });
});

/** The body of PUT /v1/products/{id}/questions: every question, in the order asked. */
export const QuestionsBody = fieldsOnly(
  { questions: list(QUESTION, MAX_QUESTIONS, { noun: 'questions' }) },
  'questions',
  'must be a JSON object with questions',
).openapi('QuestionsRequest');

// As a booking's field: line breaks and tabs are fine in an answer, other control characters not.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const VALUE_MESSAGE = 'must be a string of at most 2000 characters without control characters';

/** One answer: to which question, for which unit (1 when asked once per booking), and what. */
const ANSWER = fieldsOnly(
  {
    question_id: externalId().openapi({ description: "The question's id." }),
    unit: wholeNumber(1, 1000).optional().openapi({ description: 'The unit answered for. @default 1' }),
    value: z
      .string({ error: VALUE_MESSAGE })
      .refine((value) => value.length <= 2000 && value.isWellFormed() && !CONTROL.test(value), VALUE_MESSAGE)
      .openapi({ description: 'The answer ("Yes" ticks a checkbox; "" is none).', maxLength: 2000 }),
  },
  'answer',
  'must be an object with question_id and value',
);

/** The body of PUT /v1/reservations/{id}/answers: every answer (the ones not given are none). */
export const AnswersBody = fieldsOnly(
  { answers: list(ANSWER, 500, { noun: 'answers' }) },
  'answers',
  'must be a JSON object with answers',
).openapi('AnswersRequest');

/** A checked question. */
export type QuestionInput = z.output<typeof QUESTION>;
/** A checked answer. */
export type AnswerInput = z.output<typeof ANSWER>;

const TRANSLATION_RECORD = z.object({
  label: z.string().optional(),
  help: z.string().optional(),
  options: z.array(z.string()).optional(),
});

/** A question as the API shows it (`src/shared/questions.ts`'s `Question`). */
export const QuestionSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    variant_id: z.number().int().nullable(),
    position: z.number().int(),
    kind: z.enum(QUESTION_KINDS as [string, ...string[]]),
    label: z.string(),
    help: z.string().nullable(),
    required: z.boolean(),
    per: z.enum(['booking', 'unit']),
    options: z.array(z.string()),
    max_length: z.number().int().nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    translations: z.record(z.string(), TRANSLATION_RECORD),
  })
  .openapi('Question');

/** A question a reservation asks, and how many times (`units` held when asked per unit). */
export const AskedQuestionSchema = QuestionSchema.extend({ times: z.number().int() }).openapi('AskedQuestion');

/** A reservation's answers: the `{name, value}` fields a booking made from it carries. */
export const ReservationAnswersSchema = z
  .object({
    reservation_id: z.number().int(),
    fields: z.array(z.object({ name: z.string(), value: z.string() })),
  })
  .openapi('ReservationAnswers');
