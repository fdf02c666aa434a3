/**
 * The questions endpoints (an extension, API.md §3 "Questions"): GET and PUT
 * /v1/products/{id}/questions (secret tokens: the merchant's questions per product), GET
 * /v1/reservations/{id}/questions (what a hold asks) and GET and PUT
 * /v1/reservations/{id}/answers (the cart's answers). A publishable token reads and answers only
 * a reservation whose `?cart_token=` it gives (else the 404 of any id it cannot see), as for
 * GET /v1/reservations/{id}. Bodies are checked in the handler (`collectingRoute`) so the rules'
 * messages join the schema's in one 422.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, jsonBody, recordPath, secretOnly } from '../http/openapi-parts.ts';
import { collectingRoute, featureApp } from '../http/schema-validation.ts';
import { pathIdOr404 } from '../http/path-id.ts';
import { NotFoundError } from '../shared/errors.ts';
import { cartTokenQuery, query, queryValues } from '../shared/query-schemas.ts';
import { checkPart } from '../shared/schema-issues.ts';
import { reservationAnswers, reservationQuestions, setReservationAnswers } from './answers.ts';
import { productQuestions, setProductQuestions } from './questions.ts';
import {
  AnswersBody,
  AskedQuestionSchema,
  QuestionSchema,
  QuestionsBody,
  ReservationAnswersSchema,
} from './schemas.ts';

const TAGS = ['Questions'];
const PRODUCT = recordPath('product');
const RESERVATION = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '1' }) });
const CART = query({
  cart_token: cartTokenQuery().openapi({
    type: 'string',
    description: "The reservation's cart token (a publishable token must give it).",
  }),
});
const app = featureApp();

const readQuestions = createRoute({
  method: 'get',
  path: '/v1/products/{id}/questions',
  operationId: 'questions.list',
  tags: TAGS,
  summary: "A product's questions, in the order asked (an extension; secret token)",
  middleware: [secretOnly('read questions')] as const,
  request: { params: PRODUCT },
  responses: { 200: json(z.array(QuestionSchema), 'The questions'), ...errorResponses },
});

const writeQuestions = createRoute({
  method: 'put',
  path: '/v1/products/{id}/questions',
  operationId: 'questions.set',
  tags: TAGS,
  summary: "Replaces a product's questions (an extension; secret token)",
  middleware: [secretOnly('change questions')] as const,
  request: { params: PRODUCT, body: jsonBody(QuestionsBody) },
  responses: { 200: json(z.array(QuestionSchema), 'The questions, as stored'), ...errorResponses },
});

const askedRoute = createRoute({
  method: 'get',
  path: '/v1/reservations/{id}/questions',
  operationId: 'questions.asked',
  tags: TAGS,
  summary: "The questions a reservation's items ask (an extension)",
  request: { params: RESERVATION, query: CART },
  responses: { 200: json(z.array(AskedQuestionSchema), 'The questions, each with how many times'), ...errorResponses },
});

const readAnswers = createRoute({
  method: 'get',
  path: '/v1/reservations/{id}/answers',
  operationId: 'questions.answers',
  tags: TAGS,
  summary: "A reservation's answers (an extension)",
  request: { params: RESERVATION, query: CART },
  responses: { 200: json(ReservationAnswersSchema, 'The answers'), ...errorResponses },
});

const writeAnswers = createRoute({
  method: 'put',
  path: '/v1/reservations/{id}/answers',
  operationId: 'questions.answer',
  tags: TAGS,
  summary: "Replaces a reservation's answers (an extension; 422 names each question answered wrongly)",
  request: { params: RESERVATION, query: CART, body: jsonBody(AnswersBody) },
  responses: { 200: json(ReservationAnswersSchema, 'The answers, as stored'), ...errorResponses },
});

/** The reservation a path names, and the cart token a publishable token must give (else a 404). */
function reservationOf(param: string, cartToken: string | undefined, kind: string) {
  const id = pathIdOr404(param, 'reservation');
  if (kind !== 'secret' && cartToken === undefined) throw new NotFoundError('reservation', param);
  return { id, cartToken };
}

/** GET and PUT /v1/products/{id}/questions; GET /v1/reservations/{id}/questions; GET and PUT /v1/reservations/{id}/answers. */
export const questionRoutes = app
  .openapi(readQuestions, async (c) => {
    const { auth, deps } = c.var;
    return jsonAnswer(await productQuestions(deps.db, auth, c.req.valid('param').id), 200);
  })
  .openapi(collectingRoute(app, writeQuestions), async (c) => {
    const { auth, deps, body } = c.var;
    const { data, errors } = checkPart(QuestionsBody, body);
    const stored = await setProductQuestions(deps.db, auth, c.req.valid('param').id, data?.questions, errors);
    return jsonAnswer(stored, 200);
  })
  .openapi(askedRoute, async (c) => {
    const { auth, deps } = c.var;
    const { id, cartToken } = reservationOf(c.req.valid('param').id, c.req.valid('query').cart_token, auth.kind);
    return jsonAnswer(await reservationQuestions(deps.db, auth, id, cartToken), 200);
  })
  .openapi(readAnswers, async (c) => {
    const { auth, deps } = c.var;
    const { id, cartToken } = reservationOf(c.req.valid('param').id, c.req.valid('query').cart_token, auth.kind);
    return jsonAnswer(await reservationAnswers(deps.db, auth, id, cartToken), 200);
  })
  .openapi(collectingRoute(app, writeAnswers), async (c) => {
    const { auth, deps, body } = c.var;
    const asked = checkPart(CART, queryValues(c.req.url), 'request');
    asked.errors.throwIfAny();
    const { id, cartToken } = reservationOf(c.req.param('id'), asked.data!.cart_token, auth.kind);
    const { data, errors } = checkPart(AnswersBody, body);
    return jsonAnswer(await setReservationAnswers(deps.db, auth, id, cartToken, data?.answers, errors), 200);
  });
