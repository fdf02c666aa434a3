/**
 * The questions form's file, loaded on demand by the hold's file only when a hold asks
 * questions (`../questions-loader.ts`): never part of the code before the calendar is
 * interactive.
 * @module
 */
import type { ReadonlySignal } from '@preact/signals';
import { createLightRequester, reservationQuestions } from '../../../client/internal.ts';
import type { AskedQuestion } from '../../../shared/questions.ts';
import type { Reservation } from '../../../shared/records.ts';
import type { Booking } from '../../models/booking-model.ts';
import type { ModelDeps } from '../../models/booking-types.ts';
import { type QuestionsModel, questionsModel } from './model.ts';
import { QuestionsForm } from './QuestionsForm.tsx';

/** The questions' model for one hold, and the form that shows it. */
export interface QuestionsFeature {
  model: QuestionsModel;
  QuestionsForm: typeof QuestionsForm;
}

/** Builds the questions' model over the hold. */
export function createQuestionsFeature(
  deps: ModelDeps,
  booking: Booking,
  locale: ReadonlySignal<string>,
  asked: ReadonlySignal<AskedQuestion[]>,
  onShopify: boolean,
): QuestionsFeature {
  return { model: questionsModel(deps, booking, locale, asked, () => requester(deps), onShopify), QuestionsForm };
}

/** The client's light requester on the widget's API and token (GETs carry the token in the query). */
function requester(deps: ModelDeps) {
  const { api, token } = deps.config.peek();
  return createLightRequester({
    baseUrl: api,
    token,
    tokenInQuery: true,
    fetch: deps.fetch,
    retry: { limit: 1, delayMs: 300 },
  });
}

/** The questions hold `r` asks, each with how many times. */
export function askedQuestions(deps: ModelDeps, r: Reservation): Promise<AskedQuestion[]> {
  return reservationQuestions(requester(deps), r.id, { cart_token: r.cart_token }, { signal: deps.signal });
}
