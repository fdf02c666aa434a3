/**
 * The questions a hold asks (issue 27, point 8), from the hold's file: once the cart holds
 * something (and again when what it holds changes) the questions' own file (`questions/`, with
 * the client's requester: no byte of it in the files the calendar waits for) is loaded and asks
 * the service which questions the hold asks; the form shows only when there are some. While
 * questions are asked,
 * "Check out" waits for their answers: `blocked` until every one is valid, and a press saves
 * them first (on the reservation, or on Shopify as the cart line's visible properties).
 * @module
 */
import { type ReadonlySignal, computed, effect, signal } from '@preact/signals';
import { shopify } from '../api/cart.ts';
import type { AskedQuestion } from '../../shared/questions.ts';
import type { Booking } from '../models/booking-model.ts';
import type { ModelDeps } from '../models/booking-types.ts';
import type { QuestionsFeature } from './questions/index.ts';

/** The hold's questions: what is asked, the form once loaded, and whether Check out must wait. */
export interface HoldQuestions {
  asked: ReadonlySignal<AskedQuestion[]>;
  feature: ReadonlySignal<QuestionsFeature | undefined>;
  /** True while some question is asked and not yet answered as it must be. */
  blocked: ReadonlySignal<boolean>;
  /** Check out pressed: with questions asked, checks and saves the answers, then goes to `href`. */
  checkout(event: Event, href: string): void;
}

/**
 * Loads the questions' file: the view model's `import()` (the app's file already has the
 * bundler's import helper, so the hold's file does not take it into a shared file).
 */
export type QuestionsFile = () => Promise<typeof import('./questions/index.ts')>;

/** The questions of `booking`'s hold, in the shopper's `locale`. */
export function holdQuestions(
  deps: ModelDeps,
  booking: Booking,
  locale: ReadonlySignal<string>,
  load: QuestionsFile,
): HoldQuestions {
  const asked = signal<AskedQuestion[]>([]);
  const feature = signal<QuestionsFeature | undefined>(undefined);
  let file: Promise<typeof import('./questions/index.ts')> | undefined;
  let last = '';
  effect(() => {
    const r = booking.reservation.value;
    // Asked again when the hold's units change: a question per unit is asked once per unit.
    const key = r ? `${r.id} ${r.items.map((i) => `${i.external_id}×${i.quantity}`).join()}` : '';
    if (key === last) return;
    last = key;
    if (!r) return void (asked.value = []);
    (file ??= load())
      .then(async (m) => {
        const list = await m.askedQuestions(deps, r);
        if (last !== key) return;
        if (list.length) feature.value ??= m.createQuestionsFeature(deps, booking, locale, asked, !!shopify());
        asked.value = list;
      })
      // Questions that cannot be read (the file, or the request, failed or was aborted when the
      // widget left the page) are not asked: the hold and its checkout still work.
      .catch(() => {});
  });
  return {
    asked,
    feature,
    blocked: computed(() => asked.value.length > 0 && (feature.value?.model.blocked.value ?? true)),
    checkout(event, href) {
      const f = feature.peek();
      if (!asked.peek().length || !f) return;
      event.preventDefault();
      void f.model.submit(href);
    },
  };
}
