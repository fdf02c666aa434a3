/**
 * Questions asked with a booking (an extension, API.md §4.12): a product's questions (secret
 * token), the questions a reservation asks and its answers (a publishable token passes the
 * reservation's `cart_token`). Each method is also a standalone function taking a `Requester`.
 * @module
 */
import type {
  AnswerParams,
  AskedQuestion,
  Question,
  QuestionParams,
  ReservationAnswers,
} from '../../shared/questions.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import type { RequestOptions, Requester } from '../core/types.ts';
import type { CatalogId } from './products.ts';
import type { ReservationId, ReservationRetrieveParams } from './reservations.ts';

const productPath = (id: CatalogId) => `/v1/products/${encodeURIComponent(id)}/questions`;
const reservationPath = (id: ReservationId, what: string) => `/v1/reservations/${encodeURIComponent(id)}/${what}`;

/** A product's questions, in the order asked. */
export function listQuestions(
  requester: Requester,
  productId: CatalogId,
  options: RequestOptions = {},
): ApiPromise<Question[]> {
  return apiPromise(requester.request<Question[]>({ ...options, method: 'GET', path: productPath(productId) }));
}

/** Replaces a product's questions (`[]` removes them); `ValidationError` names each bad field. */
export function setQuestions(
  requester: Requester,
  productId: CatalogId,
  questions: QuestionParams[],
  options: RequestOptions = {},
): ApiPromise<Question[]> {
  return apiPromise(
    requester.request<Question[]>({ ...options, method: 'PUT', path: productPath(productId), body: { questions } }),
  );
}

/** The questions a reservation asks, each with how many times (`times`). */
export function reservationQuestions(
  requester: Requester,
  id: ReservationId,
  params: ReservationRetrieveParams = {},
  options: RequestOptions = {},
): ApiPromise<AskedQuestion[]> {
  return apiPromise(
    requester.request<AskedQuestion[]>({
      ...options,
      method: 'GET',
      path: reservationPath(id, 'questions'),
      query: params,
    }),
  );
}

/** A reservation's answers. */
export function retrieveAnswers(
  requester: Requester,
  id: ReservationId,
  params: ReservationRetrieveParams = {},
  options: RequestOptions = {},
): ApiPromise<ReservationAnswers> {
  return apiPromise(
    requester.request<ReservationAnswers>({
      ...options,
      method: 'GET',
      path: reservationPath(id, 'answers'),
      query: params,
    }),
  );
}

/**
 * Replaces a reservation's answers; `ValidationError` (422) names each question answered wrongly
 * or left unanswered, and nothing is stored.
 */
export function setAnswers(
  requester: Requester,
  id: ReservationId,
  answers: AnswerParams[],
  params: ReservationRetrieveParams = {},
  options: RequestOptions = {},
): ApiPromise<ReservationAnswers> {
  return apiPromise(
    requester.request<ReservationAnswers>({
      ...options,
      method: 'PUT',
      path: reservationPath(id, 'answers'),
      query: params,
      body: { answers },
    }),
  );
}

/** The question methods bound to one requester (`client.questions`). */
export interface QuestionsResource {
  list(productId: CatalogId, options?: RequestOptions): ApiPromise<Question[]>;
  set(productId: CatalogId, questions: QuestionParams[], options?: RequestOptions): ApiPromise<Question[]>;
  /** The questions reservation `id` asks; pass `{ cart_token }` with a publishable token. */
  asked(id: ReservationId, params?: ReservationRetrieveParams, options?: RequestOptions): ApiPromise<AskedQuestion[]>;
  answers(
    id: ReservationId,
    params?: ReservationRetrieveParams,
    options?: RequestOptions,
  ): ApiPromise<ReservationAnswers>;
  answer(
    id: ReservationId,
    answers: AnswerParams[],
    params?: ReservationRetrieveParams,
    options?: RequestOptions,
  ): ApiPromise<ReservationAnswers>;
}

/** The question methods bound to `requester`. */
export function questionsResource(requester: Requester): QuestionsResource {
  return {
    list: (productId, options) => listQuestions(requester, productId, options),
    set: (productId, questions, options) => setQuestions(requester, productId, questions, options),
    asked: (id, params, options) => reservationQuestions(requester, id, params, options),
    answers: (id, params, options) => retrieveAnswers(requester, id, params, options),
    answer: (id, answers, params, options) => setAnswers(requester, id, answers, params, options),
  };
}
