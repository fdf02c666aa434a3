/**
 * A reservation's questions and answers (API.md §3 "Questions"): the questions its items ask
 * (each product's, and each variant's own; asked per unit as many times as the product's units
 * held), and the cart's answers, replaced as a whole. An answer that breaks a rule (a required
 * question unanswered, too long, an option that does not exist, a number out of range) is a 422
 * whose message names the question in the merchant's words; nothing is stored then. A booking
 * made from the reservation (POST /v1/bookings with its `cart_token`) carries the answers to
 * its products' questions in its `fields`.
 * @module
 */
import type { Database } from '../db/types.ts';
import {
  type AnswerProblem,
  type AskedQuestion,
  type Question,
  answerName,
  answerProblem,
  maxLengthOf,
  questionsFor,
  type ReservationAnswers,
} from '../../shared/questions.ts';
import { NotFoundError } from '../shared/errors.ts';
import { FieldErrors } from '../shared/field-errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import { type HeldRow, type StoredAnswer, questionsOf, reservationHeld, storeAnswers } from './queries.ts';
import type { AnswerInput } from './schemas.ts';

/** The questions `items` ask, each with how many times. */
function asked(all: readonly Question[], items: readonly HeldRow[]): AskedQuestion[] {
  return all.flatMap((q) => {
    const units = items
      .filter((i) => i.product_id === q.product_id && questionsFor([q], i.variant_id).length)
      .reduce((sum, i) => sum + i.quantity, 0);
    return units === 0 ? [] : [{ ...q, times: q.per === 'unit' ? units : 1 }];
  });
}

async function held(db: Database, auth: AuthContext, id: number, cartToken: string | undefined) {
  const found = await reservationHeld(db, auth.shopId, id, cartToken);
  if (!found) throw new NotFoundError('reservation', String(id));
  const productIds = [...new Set(found.items.map((i) => i.product_id))];
  return { ...found, questions: asked(await questionsOf(db, auth.shopId, productIds), found.items) };
}

/** The questions reservation `id` asks (only `cartToken`'s, when given), in the order asked. */
export async function reservationQuestions(
  db: Database,
  auth: AuthContext,
  id: number,
  cartToken: string | undefined,
): Promise<AskedQuestion[]> {
  return (await held(db, auth, id, cartToken)).questions;
}

/** The reservation's answers. */
export async function reservationAnswers(
  db: Database,
  auth: AuthContext,
  id: number,
  cartToken: string | undefined,
): Promise<ReservationAnswers> {
  const { answers } = await held(db, auth, id, cartToken);
  return { reservation_id: id, fields: answers.map(({ name, value }) => ({ name, value })) };
}

/** What the 422 says of an answer to `q` named `name`. */
export function problemMessage(q: Question, name: string, problem: AnswerProblem): string {
  const quoted = `"${name}"`;
  switch (problem) {
    case 'required':
      return `${quoted} is required`;
    case 'too_long':
      return `${quoted} must be at most ${maxLengthOf(q)} characters`;
    case 'not_option':
      return `${quoted} must be one of: ${q.options.join(', ')}`;
    case 'not_number':
      return `${quoted} must be a number`;
    case 'too_small':
      return `${quoted} must be at least ${q.min}`;
    case 'too_big':
      return `${quoted} must be at most ${q.max}`;
    case 'not_checked':
      return `${quoted} must be "Yes" (ticked) or "" (not ticked)`;
  }
}

/**
 * Replaces the reservation's answers with `inputs` (checked by the schema, whose messages
 * `errors` holds): every answer is judged against the question it names, and every required
 * question must be answered; one 422 names each problem and nothing is stored.
 */
export async function setReservationAnswers(
  db: Database,
  auth: AuthContext,
  id: number,
  cartToken: string | undefined,
  inputs: readonly AnswerInput[] | undefined,
  errors: FieldErrors = new FieldErrors([]),
): Promise<ReservationAnswers> {
  const { questions } = await held(db, auth, id, cartToken);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<string, string>();
  inputs?.forEach((a, i) => {
    const q = byId.get(a.question_id);
    if (!q) return errors.add(`answers[${i}].question_id`, 'is not a question this reservation asks');
    const unit = a.unit ?? 1;
    if (unit > q.times)
      return errors.add(`answers[${i}].unit`, `must be from 1 to ${q.times} ("${q.label}" is asked ${q.times} times)`);
    const key = `${q.id} ${unit}`;
    if (given.has(key)) return errors.add(`answers[${i}]`, `answers "${answerName(q, unit)}" a second time`);
    given.set(key, a.value);
    const problem = answerProblem(q, a.value);
    if (problem) errors.add(`answers[${i}].value`, problemMessage(q, answerName(q, unit), problem));
  });
  const stored: StoredAnswer[] = [];
  for (const q of questions)
    for (let unit = 1; unit <= q.times; unit++) {
      const value = given.get(`${q.id} ${unit}`)?.trim() ?? '';
      if (value) stored.push({ question_id: q.id, product_id: q.product_id, name: answerName(q, unit), value });
      // Unanswered (an empty answer given was named at its place above).
      else if (q.required && inputs && !given.has(`${q.id} ${unit}`))
        errors.add('answers', problemMessage(q, answerName(q, unit), 'required'));
    }
  errors.throwIfAny();
  await storeAnswers(db, id, stored);
  return { reservation_id: id, fields: stored.map(({ name, value }) => ({ name, value })) };
}
